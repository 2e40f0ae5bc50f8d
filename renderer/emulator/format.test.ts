import { describe, expect, it } from 'vitest'
import { parseFormatted, parseInline, plainText } from './format'

describe('chat text formatting', () => {
  it.each([
    ['*bold*', [{ kind: 'bold', children: [{ kind: 'text', text: 'bold' }] }]],
    ['_it_', [{ kind: 'italic', children: [{ kind: 'text', text: 'it' }] }]],
    ['~gone~', [{ kind: 'strike', children: [{ kind: 'text', text: 'gone' }] }]],
    ['```a *b*```', [{ kind: 'mono', text: 'a *b*' }]],
    ['`x`', [{ kind: 'code', text: 'x' }]],
  ])('%s', (src, expected) => {
    expect(parseInline(src)).toEqual(expected)
  })

  it('nests and keeps the text around markers', () => {
    expect(parseInline('Hi *_Asha_* now')).toEqual([
      { kind: 'text', text: 'Hi ' },
      { kind: 'bold', children: [{ kind: 'italic', children: [{ kind: 'text', text: 'Asha' }] }] },
      { kind: 'text', text: ' now' },
    ])
  })

  it.each(['2*3*4', 'a * b * c', 'snake_case_name', '*open only', '* spaced*', 'x``'])(
    'leaves %s as plain text',
    (src) => {
      const out = parseInline(src)
      expect(out.every((n) => n.kind === 'text')).toBe(true)
      expect(plainText(out)).toBe(src)
    },
  )

  it('turns URLs into links without trailing punctuation', () => {
    expect(parseInline('See https://ex.com/a?b=1.')).toEqual([
      { kind: 'text', text: 'See ' },
      { kind: 'link', url: 'https://ex.com/a?b=1' },
      { kind: 'text', text: '.' },
    ])
  })

  it('reads bulleted, numbered and quoted lines', () => {
    expect(
      parseFormatted('* one\n- two\n3. three\n> said\nplain').map((l) => [l.kind, l.marker, plainText(l.content)]),
    ).toEqual([
      ['bullet', undefined, 'one'],
      ['bullet', undefined, 'two'],
      ['number', '3', 'three'],
      ['quote', undefined, 'said'],
      ['plain', undefined, 'plain'],
    ])
  })
})
