import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { checkJsonBounds, JSON_MAX_DEPTH } from './bounds'
import { checkJsonTextDepth, jsonTextHasMoreValues } from './text-depth'

/** A value nested `levels` deep through a mix of keyed objects and arrays, as text (no recursion, any depth). */
const nestedText = (levels: number, inner = '1') =>
  '{"a b":['.repeat(levels >> 1) + (levels % 2 ? `[${inner}]` : inner) + ']}'.repeat(levels >> 1)

describe('checkJsonTextDepth', () => {
  it('finds what checkJsonBounds finds on the parsed value: same path, same message', () => {
    // Keys with quotes, backslashes and brackets inside strings, empty containers at the limit, whitespace.
    const tricky = fc.oneof(fc.constantFrom('a', 'x"y', 'b\\\\', '[{', '\u2028', ''), fc.string({ maxLength: 4 }))
    const value: fc.Arbitrary<unknown> = fc.letrec<{ v: unknown }>((tie) => ({
      v: fc.oneof(
        { depthSize: 'small', withCrossShrink: true },
        fc.oneof(fc.integer(), fc.constantFrom('"]}', '\\', null, true), fc.constant([]), fc.constant({})),
        fc.array(tie('v'), { maxLength: 3 }),
        fc.dictionary(tricky, tie('v'), { maxKeys: 3 }),
      ),
    })).v
    fc.assert(
      fc.property(value, fc.integer({ min: 0, max: 6 }), fc.boolean(), (v, maxDepth, pretty) => {
        const text = JSON.stringify(v, null, pretty ? 2 : undefined)
        expect(checkJsonTextDepth(text, maxDepth)).toEqual(checkJsonBounds(JSON.parse(text), maxDepth))
      }),
      { numRuns: 2000 },
    )
  })

  it('refuses a text nested millions of levels without parsing it, naming the path', () => {
    const problem = checkJsonTextDepth(`{"data":${nestedText(3_000_000)}}`)
    expect(problem).toMatchObject({ code: 'json_too_deep' })
    expect(problem!.path).toHaveLength(JSON_MAX_DEPTH)
    expect(problem!.path.slice(0, 4)).toEqual(['data', 'a b', 0, 'a b'])
    expect(problem!.message).toMatch(/^data\.a b\[0\]\.a b…\(57 more\)….*: nested more than 64 levels deep/)
  })

  it('accepts exactly the limit, and leaves text that is not JSON to the parser', () => {
    expect(checkJsonTextDepth(nestedText(JSON_MAX_DEPTH))).toBeNull()
    expect(checkJsonTextDepth(nestedText(JSON_MAX_DEPTH + 1))).not.toBeNull()
    for (const text of ['', '{', '"unterminated', '{"a":"\\"[[[[', 'nul', ']]]}}}'])
      expect(checkJsonTextDepth(text)).toBeNull()
  })
})

describe('jsonTextHasMoreValues', () => {
  it('counts values from commas and brackets outside strings', () => {
    expect(jsonTextHasMoreValues('[1,2,3]', 4)).toBe(false)
    expect(jsonTextHasMoreValues('[1,2,3,4]', 4)).toBe(true)
    expect(jsonTextHasMoreValues('{"a":"[,,,,{{"}', 2)).toBe(false)
    expect(jsonTextHasMoreValues('[' + '[],'.repeat(2_700_000) + '[]]')).toBe(true)
  })
})
