import { describe, expect, it } from 'vitest'
import { checkJsonBounds, describePath, JSON_MAX_DEPTH } from './bounds'

/** `levels` arrays inside each other, the innermost holding `inner`. */
const nested = (levels: number, inner: unknown = 1): unknown =>
  JSON.parse('['.repeat(levels) + JSON.stringify(inner) + ']'.repeat(levels))

describe('checkJsonBounds', () => {
  it('accepts ordinary values and exactly the maximum depth', () => {
    expect(checkJsonBounds({ phone_number: '+91', data: { a: [1, { b: null }] } })).toBeNull()
    expect(checkJsonBounds(nested(JSON_MAX_DEPTH))).toBeNull()
    expect(checkJsonBounds('text')).toBeNull()
    expect(checkJsonBounds(null)).toBeNull()
  })

  it('refuses one level more, naming where', () => {
    const p = checkJsonBounds({ data: { deep: nested(JSON_MAX_DEPTH - 1) } })
    expect(p).toMatchObject({ code: 'json_too_deep' })
    expect(p!.path.slice(0, 3)).toEqual(['data', 'deep', 0])
    expect(p!.path).toHaveLength(JSON_MAX_DEPTH)
    expect(p!.message).toMatch(/^data\.deep\[0\]\[0\]…\(\d+ more\)…\[0\]\[0\]\[0\]: nested more than 64 levels deep/)
  })

  it('checks a million levels without overflowing the stack', () => {
    expect(checkJsonBounds(nested(1_000_000))?.code).toBe('json_too_deep')
    expect(checkJsonBounds(JSON.parse('{"a":'.repeat(200_000) + '1' + '}'.repeat(200_000)))?.code).toBe('json_too_deep')
  })

  it('refuses a __proto__ key at any depth, with its path', () => {
    const value = JSON.parse('{"a":[{"ok":1},{"__proto__":{"polluted":true}}]}')
    expect(checkJsonBounds(value)).toMatchObject({ code: 'json_forbidden_key', path: ['a', 1, '__proto__'] })
  })

  it('describes short and long paths on one line', () => {
    expect(describePath([])).toBe('(the whole value)')
    expect(describePath(['data', 'items', 2, 'name'])).toBe('data.items[2].name')
    expect(describePath(['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j'])).toBe('a.b.c.d…(3 more)…h.i.j')
  })
})
