import { describe, expect, it } from 'vitest'
import { formatJson, parseRelaxedJson } from './index'

describe('parseRelaxedJson', () => {
  it('accepts single quotes, unquoted keys, trailing commas and comments', () => {
    expect(parseRelaxedJson("{status: 200, result: {'id': 'A-1', items: [1, 2,],}, // sample\n}")).toEqual({
      ok: true,
      value: { status: 200, result: { id: 'A-1', items: [1, 2] } },
    })
  })
  it('accepts standard JSON', () => {
    expect(parseRelaxedJson('[{"a": null}]')).toEqual({ ok: true, value: [{ a: null }] })
  })
  it('reports the line and column of an error', () => {
    const r = parseRelaxedJson('{\n  a: 1,\n  b: @\n}')
    expect(r).toMatchObject({ ok: false, line: 3, column: 6 })
    if (!r.ok) expect(r.message).toBe("invalid character '@'")
  })
  it('explains a truncated sample', () => {
    const r = parseRelaxedJson('{ a: [1, 2')
    expect(r.ok).toBe(false)
    if (!r.ok) expect(r.message).toMatch(/ends too early/)
  })
  it('refuses an empty sample', () => {
    expect(parseRelaxedJson('  ')).toMatchObject({ ok: false, line: 1, column: 1 })
  })
})

describe('formatJson', () => {
  it('pretty-prints relaxed JSON as standard JSON', () => {
    expect(formatJson("{a: 'x', b: [1,2,],}")).toEqual({ ok: true, text: '{\n  "a": "x",\n  "b": [\n    1,\n    2\n  ]\n}' })
  })
  it('returns the parse error unchanged', () => {
    expect(formatJson('{a: }')).toMatchObject({ ok: false, line: 1, column: 5 })
  })
})
