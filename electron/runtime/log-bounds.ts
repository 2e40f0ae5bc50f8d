// Bounds on what one log line can hold, whatever a request carried: logs amplified a webhook about 8× (60,000
// skipped changes wrote a warning each) and a 1 MB message id was logged whole. Long strings are cut, long lists
// and objects shortened, each line's values share one budget, and a request's many warnings of a few kinds are
// folded into one line per request (foldReasons). docs/security.md, "Logs", lists the rules.

/** Characters of one string value (or message) kept; the rest is replaced by a note of how much was cut. */
export const LOG_VALUE_CHARS = 512
/** Items of one list (or keys of one object) kept. */
export const LOG_LIST_ITEMS = 20
/** Characters of all strings of one line together; past it, values are replaced by "…". */
export const LOG_LINE_BUDGET = 8192
const MAX_DEPTH = 6

/** Keys whose values never reach a log line, at any depth of a logged object (compared as written). */
export const SECRET_KEYS: ReadonlySet<string> = new Set([
  'token',
  'authorization',
  'appSecret',
  'verifyToken',
  'secret',
  'password',
])
export const REDACTED = '[redacted]'

const cut = (text: string, budget: { left: number }): string => {
  const keep = Math.max(0, Math.min(LOG_VALUE_CHARS, budget.left))
  budget.left -= Math.min(text.length, keep)
  return text.length <= keep ? text : `${text.slice(0, keep)}…[${text.length - keep} more characters]`
}

function bound(value: unknown, budget: { left: number }, depth: number): unknown {
  if (typeof value === 'string') return cut(value, budget)
  if (value === null || typeof value !== 'object') return value
  if (budget.left <= 0 || depth >= MAX_DEPTH) return '…'
  if (value instanceof Error) return bound({ type: value.name, message: value.message }, budget, depth)
  if (Array.isArray(value)) {
    const kept = value.slice(0, LOG_LIST_ITEMS).map((v) => bound(v, budget, depth + 1))
    if (value.length > LOG_LIST_ITEMS) kept.push(`…[${value.length - LOG_LIST_ITEMS} more]`)
    return kept
  }
  // Without a prototype: a key `__proto__` is kept as a key.
  const out = Object.create(null) as Record<string, unknown>
  let n = 0
  for (const key in value) {
    if (!Object.hasOwn(value, key)) continue
    if (++n > LOG_LIST_ITEMS) {
      out['…'] = 'more keys left out'
      break
    }
    // Redacted in the one walk every logged object gets anyway (logging.ts).
    out[cut(key, budget)] = SECRET_KEYS.has(key)
      ? REDACTED
      : bound((value as Record<string, unknown>)[key], budget, depth + 1)
  }
  return out
}

/** A logged object within the bounds, its secret keys redacted (a new object; the caller's is not changed). */
export function boundLogValue(object: Record<string, unknown>): Record<string, unknown> {
  return bound(object, { left: LOG_LINE_BUDGET }, 0) as Record<string, unknown>
}

/** The arguments of a log call with its message (and any other string argument) cut. */
export function boundLogArgs<T extends unknown[]>(args: T): T {
  const budget = { left: LOG_VALUE_CHARS * 2 }
  return args.map((a) => (typeof a === 'string' ? cut(a, budget) : a)) as T
}

export interface FoldedReasons {
  /** How many items in all. */
  count: number
  /** One per kind (the first LOG_LIST_ITEMS kinds), with how many there were and where the first one was. */
  reasons: Array<{ reason: string; count: number; first: Record<string, unknown> }>
}

/**
 * Many items of a few kinds (a webhook's skipped changes) as one entry per kind, for one log line per request.
 * Linear in the items; `reason` must be one of a few fixed sentences, what varies goes in the item's other fields.
 */
export function foldReasons<T extends { reason: string }>(items: T[]): FoldedReasons {
  const kinds = new Map<string, { reason: string; count: number; first: Record<string, unknown> }>()
  for (const item of items) {
    const kind = kinds.get(item.reason)
    if (kind) kind.count++
    else {
      const { reason, ...first } = item
      kinds.set(item.reason, { reason, count: 1, first })
    }
  }
  return { count: items.length, reasons: [...kinds.values()] }
}
