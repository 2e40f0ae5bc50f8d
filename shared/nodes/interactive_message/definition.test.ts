import { describe, expect, it } from 'vitest'
import { documentedDefaults, portsOf, problemsOf, textPointersOf, variablesOf } from '../../analysis/testing/node'

const buttons = (titles: string[]) => titles.map((t, i) => ({ id: `b${i}`, title: t }))
const list = (rows: number, extra: Record<string, unknown> = {}) => ({
  buttonLabel: 'Choose',
  sections: [
    {
      title: 'All',
      rows: Array.from({ length: rows }, (_, i) => ({ id: `r${i}`, title: `Row ${i}`, description: '' })),
    },
  ],
  ...extra,
})

describe('interactive_message', () => {
  it('has one port per button, or per row across sections', () => {
    expect(portsOf('interactive_message', { mode: 'buttons', buttons: buttons(['A', 'B', 'C']) })).toEqual([
      'b0',
      'b1',
      'b2',
    ])
    expect(
      portsOf('interactive_message', {
        mode: 'list',
        list: {
          buttonLabel: 'x',
          sections: [
            { title: 'a', rows: [{ id: 'r1', title: 'R' }] },
            { title: 'b', rows: [{ id: 'r2', title: 'S' }] },
          ],
        },
      }),
    ).toEqual(['r1', 'r2'])
  })

  it('produces button or row variables', () => {
    expect(variablesOf('interactive_message', { mode: 'buttons' }, 'menu')).toEqual([
      'button_id',
      '_last_button_payload',
      '_last_button_text',
      'menu.id',
      'menu.title',
    ])
    expect(variablesOf('interactive_message', { mode: 'list' }, 'menu')).toEqual([
      'row_id',
      '_last_row_payload',
      '_last_row_text',
      'menu.id',
      'menu.title',
    ])
  })

  it('exposes body, footer, header and labels as template fields', () => {
    expect(
      textPointersOf('interactive_message', {
        mode: 'buttons',
        header: { type: 'text', text: 'H' },
        buttons: buttons(['A']),
      }),
    ).toEqual(['/header/text', '/body', '/footer', '/buttons/0/title'])
  })

  it.each([
    ['valid buttons', { body: 'Pick', buttons: buttons(['Yes', 'No']) }, []],
    ['no buttons', { body: 'Pick', buttons: [] }, ['limit.buttons_count /buttons']],
    ['4 buttons', { body: 'Pick', buttons: buttons(['A', 'B', 'C', 'D']) }, ['limit.buttons_count /buttons']],
    ['title of 20 is fine', { body: 'Pick', buttons: buttons(['x'.repeat(20)]) }, []],
    ['title of 21', { body: 'Pick', buttons: buttons(['x'.repeat(21)]) }, ['limit.length /buttons/0/title']],
    ['emoji count as one character', { body: 'Pick', buttons: buttons(['👍'.repeat(20)]) }, []],
    [
      'duplicate titles',
      { body: 'Pick', buttons: buttons(['Same', 'Same']) },
      ['limit.button_title_unique /buttons/0/title', 'limit.button_title_unique /buttons/1/title'],
    ],
    [
      'duplicate ids',
      {
        body: 'Pick',
        buttons: [
          { id: 'a', title: 'A' },
          { id: 'a', title: 'B' },
        ],
      },
      ['config.duplicate_id /buttons/0/id', 'config.duplicate_id /buttons/1/id'],
    ],
    [
      'id with a trailing space',
      { body: 'Pick', buttons: [{ id: 'a ', title: 'A' }] },
      ['config.button_id_spaces /buttons/0/id'],
    ],
    ['missing body', { body: ' ', buttons: buttons(['A']) }, ['config.required /body']],
    ['body of 1025', { body: 'b'.repeat(1025), buttons: buttons(['A']) }, ['limit.length /body']],
    [
      'header text of 61',
      { body: 'x', header: { type: 'text', text: 'h'.repeat(61) }, buttons: buttons(['A']) },
      ['limit.length /header/text'],
    ],
    ['footer of 61', { body: 'x', footer: 'f'.repeat(61), buttons: buttons(['A']) }, ['limit.length /footer']],
    [
      'image header needs a URL',
      { body: 'x', header: { type: 'image' }, buttons: buttons(['A']) },
      ['config.required /header/mediaUrl'],
    ],
    ['valid list', { mode: 'list', body: 'x', list: list(10) }, []],
    ['list of 11 rows', { mode: 'list', body: 'x', list: list(11) }, ['limit.rows_count /list/sections']],
    [
      '11 list sections',
      {
        mode: 'list',
        body: 'x',
        list: { buttonLabel: 'b', sections: Array.from({ length: 11 }, (_, i) => ({ title: `S${i}`, rows: [] })) },
      },
      [
        'limit.sections_count /list/sections',
        'limit.rows_count /list/sections',
        ...Array.from({ length: 11 }, (_, i) => `limit.rows_count /list/sections/${i}/rows`),
      ],
    ],
    [
      'row title 25 and description 73',
      {
        mode: 'list',
        body: 'x',
        list: {
          buttonLabel: 'b',
          sections: [{ title: 'S', rows: [{ id: 'a', title: 't'.repeat(25), description: 'd'.repeat(73) }] }],
        },
      },
      ['limit.length /list/sections/0/rows/0/title', 'limit.length /list/sections/0/rows/0/description'],
    ],
    [
      'list label of 21',
      { mode: 'list', body: 'x', list: list(1, { buttonLabel: 'l'.repeat(21) }) },
      ['limit.length /list/buttonLabel'],
    ],
    [
      'list with an image header',
      { mode: 'list', body: 'x', header: { type: 'image', mediaUrl: 'https://x.test/a.png' }, list: list(1) },
      ['limit.list_header /header/type'],
    ],
    [
      'single untitled section is a warning',
      {
        mode: 'list',
        body: 'x',
        list: { buttonLabel: 'b', sections: [{ title: '', rows: [{ id: 'a', title: 'A' }] }] },
      },
      ['warn limit.section_title /list/sections/0/title'],
    ],
    [
      'two sections need titles',
      {
        mode: 'list',
        body: 'x',
        list: {
          buttonLabel: 'b',
          sections: [
            { title: '', rows: [{ id: 'a', title: 'A' }] },
            { title: 'S', rows: [{ id: 'b', title: 'B' }] },
          ],
        },
      },
      ['config.required /list/sections/0/title'],
    ],
    ['list body over 1024', { mode: 'list', body: 'x'.repeat(1500), list: list(1) }, ['limit.length /body']],
  ])('%s', (_t, config, expected) => {
    expect(problemsOf('interactive_message', config)).toEqual(expected)
  })
})

describe('interactive_message defaults', () => {
  it('a new node starts with the documented settings, and a field left out of a file takes the same default', () => {
    const d = documentedDefaults(
      'interactive_message',
      { mode: 'buttons', header: { type: 'none', text: '', mediaUrl: '' }, body: '', footer: '', noReplyWithin: '' },
      {
        buttons: [
          { id: 'yes', title: 'Yes' },
          { id: 'no', title: 'No' },
        ],
        list: {
          buttonLabel: 'Choose',
          sections: [{ title: 'Options', rows: [{ id: 'option_1', title: 'Option 1', description: '' }] }],
        },
      },
      { buttons: [], list: { buttonLabel: '', sections: [] } },
    )
    expect(d.newNode).toEqual(d.expectedNewNode)
    expect(d.leftOut).toEqual(d.expectedLeftOut)
  })
})
