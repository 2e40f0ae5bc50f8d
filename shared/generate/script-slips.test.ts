import { describe, expect, it } from 'vitest'
import { comparisonsIn, scriptCandidates, withSlip } from './script-slips'

describe("a Script's comparisons and the values its constants suggest", () => {
  const code = [
    "// a > b in a comment is not code, nor is 'x >= y' in a string",
    'const rates = { wood: 55, tile: 40 }',
    'const f = (a) => a >> 1',
    "if (area > 1500) throw new Error('too big: ' + area)",
    "return { band: price >= 5000 ? 'premium' : 'standard', same: a === b, other: a != b, low: a <= 2 }",
  ].join('\n')

  it('finds each comparison once, outside comments and strings, never an arrow or a shift', () => {
    expect(comparisonsIn(code).map((c) => `${c.op}→${c.to}`)).toEqual(['>→>=', '>=→>', '===→!==', '!=→==', '<=→<'])
  })

  it('makes one slip at a time', () => {
    const [first] = comparisonsIn(code)
    expect(withSlip(code, first!)).toContain('if (area >= 1500)')
  })

  it('suggests the constants and their quotients, then one either side, then strings', () => {
    const values = scriptCandidates(code)
    expect(values).toEqual(expect.arrayContaining([1500, 1499, 1501, 5000, 125, 'premium']))
    expect(values.indexOf(125)).toBeLessThan(values.indexOf(1499))
    expect(values.indexOf(1501)).toBeLessThan(values.indexOf('premium'))
  })
})
