// A new answer from the back end is a new tree of objects even where nothing changed: every variable, message and
// trace event of the session arrives as a fresh copy after each Step. Kept as the old objects wherever they are
// equal, memoised parts of the panel (a variable's row, its tree, a bubble) see the same value and are not drawn
// again; only what the step changed is new.

/**
 * `next`, with every part deeply equal to the same part of `prev` replaced by `prev`'s object; `prev` itself when
 * the whole is equal. Plain JSON data only (objects, arrays, primitives), as the API answers.
 */
export function keepEqual<T>(prev: unknown, next: T): T {
  if (Object.is(prev, next)) return next
  if (typeof prev !== 'object' || typeof next !== 'object' || prev === null || next === null) return next
  if (Array.isArray(prev) !== Array.isArray(next)) return next
  if (Array.isArray(next)) {
    const old = prev as unknown[]
    const out = next.map((v, i) => (i < old.length ? keepEqual(old[i], v) : v))
    return (out.length === old.length && out.every((v, i) => v === old[i]) ? old : out) as T
  }
  const old = prev as Record<string, unknown>
  const keys = Object.keys(next)
  const out: Record<string, unknown> = {}
  let same = keys.length === Object.keys(old).length
  for (const k of keys) {
    const v = (next as Record<string, unknown>)[k]
    const kept = Object.hasOwn(old, k) ? keepEqual(old[k], v) : v
    out[k] = kept
    if (kept !== old[k] || !Object.hasOwn(old, k)) same = false
  }
  return (same ? old : out) as T
}
