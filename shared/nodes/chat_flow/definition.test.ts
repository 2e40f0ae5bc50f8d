import { describe, expect, it } from 'vitest'
import { documentedDefaults, problemsOf, variablesOf } from '../../analysis/testing/node'

const field = (over: Record<string, unknown> = {}) => ({ name: 'comments', label: 'Comments', type: 'text', ...over })
const base = (fields: unknown[], over: Record<string, unknown> = {}) => ({
  flowId: '123',
  body: 'Tell us',
  screens: [{ id: 'MAIN', title: 'Main', fields }],
  ...over,
})

describe('chat_flow', () => {
  it('maps form fields to variables through the response mapping', () => {
    expect(
      variablesOf('chat_flow', base([field()], { responseMapping: [{ field: 'comments', variable: 'fb' }] }), 'form'),
    ).toEqual(['form.response', 'form.response.comments', 'fb'])
  })
  it.each([
    ['valid', base([field()]), []],
    [
      'no form id, no body',
      { screens: [{ id: 'A', fields: [field()] }] },
      ['config.required /flowId', 'config.required /body'],
    ],
    ['CTA over 20', base([field()], { cta: 'Open the feedback form now' }), ['limit.length /cta']],
    ['CTA with emoji', base([field()], { cta: 'Rate 👍' }), ['limit.cta_emoji /cta']],
    [
      'header 61, body 1025, footer 61',
      base([field()], { header: 'h'.repeat(61), body: 'b'.repeat(1025), footer: 'f'.repeat(61) }),
      ['limit.length /body', 'limit.length /header', 'limit.length /footer'],
    ],
    [
      'screen id with a digit',
      { ...base([field()]), screens: [{ id: 'STEP_2', fields: [field()] }] },
      ['config.screen_id /screens/0/id'],
    ],
    [
      '50 fields on one screen (the button is the 51st component)',
      base(Array.from({ length: 50 }, (_, i) => field({ name: `f${i}` }))),
      ['limit.components /screens/0/fields'],
    ],
    [
      'reserved screen id',
      { ...base([field()]), screens: [{ id: 'SUCCESS', fields: [field()] }] },
      ['config.screen_id /screens/0/id'],
    ],
    ['text label over 20', base([field({ label: 'l'.repeat(21) })]), ['limit.length /screens/0/fields/0/label']],
    [
      'opt-in label over 30 (one source allows 120)',
      base([field({ type: 'opt_in', label: 'o'.repeat(31) })]),
      ['limit.length /screens/0/fields/0/label'],
    ],
    ['radio without options', base([field({ type: 'radio' })]), ['limit.options_count /screens/0/fields/0/options']],
    [
      '21 radio options',
      base([field({ type: 'radio', options: Array.from({ length: 21 }, (_, i) => ({ id: `${i}`, title: `${i}` })) })]),
      ['limit.options_count /screens/0/fields/0/options'],
    ],
    [
      'duplicate field names',
      base([field(), field()]),
      ['config.duplicate_name /screens/0/fields/0/name', 'config.duplicate_name /screens/0/fields/1/name'],
    ],
    [
      '6 opt-ins',
      base(Array.from({ length: 6 }, (_, i) => field({ name: `o${i}`, type: 'opt_in', label: 'OK' }))),
      ['limit.opt_in /screens/0/fields'],
    ],
    [
      'mapping an unknown field',
      base([field()], { responseMapping: [{ field: 'rating', variable: 'r' }] }),
      ['config.unknown_field /responseMapping/0/field'],
    ],
  ])('%s', (_t, config, expected) =>
    expect(problemsOf('chat_flow', config as Record<string, unknown>)).toEqual(expected),
  )
})

describe('chat_flow defaults', () => {
  it('a new node starts with the documented settings, and a field left out of a file takes the same default', () => {
    const d = documentedDefaults(
      'chat_flow',
      {
        flowId: '',
        header: '',
        body: '',
        footer: '',
        cta: 'Open form',
        mode: 'published',
        action: 'navigate',
        endpoint: { url: '', publicKey: '', plaintext: false },
        responseMapping: [],
        noReplyWithin: '',
      },
      { screens: [{ id: 'FORM', title: 'Form', fields: [], refreshOnBack: false }] },
      { screens: [] },
    )
    expect(d.newNode).toEqual(d.expectedNewNode)
    expect(d.leftOut).toEqual(d.expectedLeftOut)
  })
})
