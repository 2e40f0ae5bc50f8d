import { describe, expect, it } from 'vitest'
import { splitTemplate } from './index'

describe('splitTemplate', () => {
  it('cuts text and placeholders with offsets', () => {
    const t = 'Hi {{name}}, total {{ {{a}} + 1 }}!'
    const { chunks, diagnostics } = splitTemplate(t)
    expect(diagnostics).toEqual([])
    expect(chunks).toEqual([
      { kind: 'text', text: 'Hi ', start: 0, end: 3 },
      { kind: 'code', source: 'name', start: 3, end: 11 },
      { kind: 'text', text: ', total ', start: 11, end: 19 },
      { kind: 'code', source: ' {{a}} + 1 ', start: 19, end: 34 },
      { kind: 'text', text: '!', start: 34, end: 35 },
    ])
    for (const c of chunks) if (c.kind === 'code') expect(t.slice(c.start, c.end)).toBe(`{{${c.source}}}`)
  })
  it('nests inner braces and skips quoted strings', () => {
    expect(splitTemplate('{{{{price}} * 1.18}}').chunks).toEqual([
      { kind: 'code', source: '{{price}} * 1.18', start: 0, end: 20 },
    ])
    expect(splitTemplate("{{concat('}}', {{a}})}}x").chunks.map((c) => c.kind)).toEqual(['code', 'text'])
    expect(splitTemplate('{{ "a}}b" }}').chunks).toEqual([{ kind: 'code', source: ' "a}}b" ', start: 0, end: 12 }])
  })
  it('does not let an apostrophe in a placeholder swallow the rest', () => {
    const { chunks } = splitTemplate("{{ don't }} and {{x}}")
    expect(chunks.map((c) => (c.kind === 'code' ? c.source : c.text))).toEqual([" don't ", ' and ', 'x'])
  })
  it('writes \\{{ as literal braces, with the raw span', () => {
    const { chunks } = splitTemplate('a \\{{b}} {{c}}')
    expect(chunks[0]).toEqual({ kind: 'text', text: 'a {{b}} ', start: 0, end: 9 })
    expect(chunks[1]).toEqual({ kind: 'code', source: 'c', start: 9, end: 14 })
  })
  it('reports an unclosed placeholder at its braces and keeps the text', () => {
    const { chunks, diagnostics } = splitTemplate('ok {{name')
    expect(diagnostics).toMatchObject([{ code: 'unclosed-placeholder', start: 3, end: 5, severity: 'error' }])
    expect(chunks).toEqual([{ kind: 'text', text: 'ok {{name', start: 0, end: 9 }])
  })
  it('leaves lone closing braces as text', () => {
    expect(splitTemplate('a }} b').chunks).toEqual([{ kind: 'text', text: 'a }} b', start: 0, end: 6 }])
  })
})
