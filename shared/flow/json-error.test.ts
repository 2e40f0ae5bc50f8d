import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { jsonErrorIndex, lineColumn } from './json-error'

const parses = (text: string) => {
  try {
    JSON.parse(text)
    return true
  } catch {
    return false
  }
}

describe('jsonErrorIndex', () => {
  it.each([
    ['{"a": 1}', null],
    ['  [1, -2.5e3, true, false, null, "x\\u00e9\\n", {}, []]  ', null],
    ['hello', 0],
    ['{\n  "a": 1,\n  "b": x\n}', 19],
    ['[1,]', 3],
    ['{"a" 1}', 5],
    ['{"a": 1,}', 8],
    ["{'a': 1}", 1],
    ['{"a": 01}', 7],
    ['{"a": "x\ny"}', 8],
    ['{"a": "\\q"}', 7],
    ['tru', 3],
    ['{"a": 1} x', 9],
    ['[[[', 3],
    ['', 0],
  ])('%j → %s', (text, at) => {
    expect(jsonErrorIndex(text)).toBe(at)
  })

  it('walks deeply nested text without overflowing the stack', () => {
    expect(jsonErrorIndex('['.repeat(100_000) + ']'.repeat(100_000))).toBeNull()
    expect(jsonErrorIndex('['.repeat(100_000) + 'x')).toBe(100_000)
  })

  it('agrees with JSON.parse on any JSON value and on any short text', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (v) => {
        expect(jsonErrorIndex(JSON.stringify(v, null, 1))).toBeNull()
      }),
      { numRuns: 300 },
    )
    const alphabet = fc.constantFrom(...'{}[]",:0123456789.-+eE tfnrulasx\\\n'.split(''))
    fc.assert(
      fc.property(
        fc.array(alphabet, { maxLength: 14 }).map((cs) => cs.join('')),
        (text) => {
          expect(jsonErrorIndex(text) === null).toBe(parses(text))
        },
      ),
      { numRuns: 3000 },
    )
  })

  it('lineColumn counts from 1', () => {
    expect(lineColumn('ab\ncd', 0)).toEqual({ line: 1, column: 1 })
    expect(lineColumn('ab\ncd', 4)).toEqual({ line: 2, column: 2 })
  })
})
