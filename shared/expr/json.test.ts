import { describe, expect, it } from 'vitest'
import { formatJson, parseRelaxedJson } from './json'
import { MAX_JSON_DEPTH, MAX_JSON_LENGTH } from './limits'

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
  it('points at the end of a quoted text that runs into a line break', () => {
    expect(parseRelaxedJson("{a: 1,\n  b: 'x\n}")).toEqual({
      ok: false,
      message: 'text in quotes cannot span lines: close the quote before the line break',
      line: 2,
      column: 8,
    })
  })
  it('refuses a sample nested deeper than the limit, at the bracket that goes too deep', () => {
    // json5 parses any depth, but JSON.stringify and the Response tree would overflow the stack on the result.
    const deep = '['.repeat(100_000) + ']'.repeat(100_000)
    expect(parseRelaxedJson(deep)).toEqual({
      ok: false,
      message: `the JSON is nested more than ${MAX_JSON_DEPTH} levels deep`,
      line: 1,
      column: MAX_JSON_DEPTH + 1,
    })
    expect(formatJson(deep)).toMatchObject({ ok: false, column: MAX_JSON_DEPTH + 1 })
    const lines = `// deep\n{ "a]": '/*[', /* [[ */ b:\n ${'{x: '.repeat(MAX_JSON_DEPTH)}1${'}'.repeat(MAX_JSON_DEPTH + 1)}`
    expect(parseRelaxedJson(lines)).toMatchObject({ ok: false, line: 3, column: 2 + 4 * (MAX_JSON_DEPTH - 1) })
    const ok = '{a: '.repeat(MAX_JSON_DEPTH) + '1' + '}'.repeat(MAX_JSON_DEPTH)
    expect(parseRelaxedJson(ok).ok).toBe(true)
    expect(formatJson(ok).ok).toBe(true)
  })
  it('refuses a sample longer than the limit', () => {
    expect(parseRelaxedJson(' '.repeat(MAX_JSON_LENGTH + 1))).toMatchObject({
      ok: false,
      message: `the sample is ${MAX_JSON_LENGTH + 1} characters long; the limit is ${MAX_JSON_LENGTH}`,
    })
  })
  it('refuses an empty sample', () => {
    expect(parseRelaxedJson('  ')).toMatchObject({ ok: false, line: 1, column: 1 })
  })
})

describe('formatJson', () => {
  it('pretty-prints relaxed JSON as standard JSON', () => {
    expect(formatJson("{a: 'x', b: [1,2,],}")).toEqual({
      ok: true,
      text: '{\n  "a": "x",\n  "b": [\n    1,\n    2\n  ]\n}',
    })
  })
  it('returns the parse error unchanged', () => {
    expect(formatJson('{a: }')).toMatchObject({ ok: false, line: 1, column: 5 })
  })
})
