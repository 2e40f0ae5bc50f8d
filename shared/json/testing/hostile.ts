// Test support for the fuzz suites (electron/runtime/fuzz-hostile.test.ts, electron/web/fuzz-hostile.test.ts):
// JSON values and texts of the kinds that have broken the product: nested far beyond the guard, huge, carrying
// prototype keys, or not JSON at all. Texts are built by hand where JSON.stringify itself would overflow.
import fc from 'fast-check'

/** `levels` objects or arrays inside each other, as text (any depth, no recursion). */
export function nestedText(levels: number, kind: 'array' | 'object', inner = '1'): string {
  return kind === 'array'
    ? '['.repeat(levels) + inner + ']'.repeat(levels)
    : '{"a":'.repeat(levels) + inner + '}'.repeat(levels)
}

/** A JSON text nested from just past the guard (64) to far beyond what anything recursive survives. */
export const deepText: fc.Arbitrary<string> = fc
  .record({
    levels: fc.oneof(fc.integer({ min: 65, max: 200 }), fc.integer({ min: 900, max: 1100 }), fc.constant(20_000)),
    kind: fc.constantFrom('array' as const, 'object' as const),
  })
  .map(({ levels, kind }) => nestedText(levels, kind))

/** JSON texts with prototype keys, at the top and inside. */
export const protoText: fc.Arbitrary<string> = fc.constantFrom(
  '{"__proto__":{"polluted":true}}',
  '{"constructor":{"prototype":{"polluted":true}}}',
  '{"a":[{"b":{"__proto__":{"x":1}}}]}',
  '{"__proto__":[]}',
)

/** Texts that are not JSON, or not the JSON anyone expects. */
export const malformedText: fc.Arbitrary<string> = fc.oneof(
  fc.string({ maxLength: 200 }),
  fc.constantFrom(
    '',
    '{',
    '}',
    '[1,]',
    '{"a":1}}',
    '{"a":',
    'nul',
    '\u0000',
    '\uFEFF{}',
    '{"a":"\uD800"}',
    '1e999999',
    '"' + '\\'.repeat(101) + '"',
    '[' + '1,'.repeat(5000) + '1]',
  ),
)

/** Any JSON value of modest size, keys of every kind (prototype-looking ones included). */
export const ordinaryValue: fc.Arbitrary<unknown> = fc.jsonValue({ maxDepth: 6 })

/** One hostile text of any kind. */
export const hostileText: fc.Arbitrary<string> = fc.oneof(
  deepText,
  protoText,
  malformedText,
  ordinaryValue.map((v) => JSON.stringify(v) ?? 'null'),
)

/** Puts `inner` (a JSON text) at a path of object keys inside an outer JSON object text. */
export function embed(outer: Record<string, unknown>, path: string[], inner: string): string {
  const marker = '"__chatflow_embed__"'
  let value: unknown = '__chatflow_embed__'
  for (const key of [...path].reverse()) value = { [key]: value }
  const text = JSON.stringify({ ...outer, ...(value as Record<string, unknown>) })
  return text.replace(marker, inner)
}
