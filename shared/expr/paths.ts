// Variable paths: a root name (letters, digits, underscore; not starting with a digit), then dot segments. Later
// segments may start with a digit (array items: `items.0.name`) and may hold '-' (JSON keys like `content-type`).

export const PATH_RE = /^[A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z0-9_-]+)*$/

export const KEYWORDS: ReadonlySet<string> = new Set(['true', 'false', 'null'])

/** Offsets of each segment of a path written at `start`. */
export function segmentSpans(path: string[], start: number): { start: number; end: number }[] {
  const spans: { start: number; end: number }[] = []
  let at = start
  for (const seg of path) {
    spans.push({ start: at, end: at + seg.length })
    at += seg.length + 1
  }
  return spans
}

/** A list item segment: '0', '12'. Lists have no other fields (their JavaScript `length` is not one). */
export const isIndex = (seg: string): boolean => /^(?:0|[1-9]\d*)$/.test(seg)

/**
 * Reads a path from a session. Only own properties are followed, so prototype members (`constructor`,
 * `__proto__`, `toString`) are never reachable: they read as unset like any missing name.
 */
export function lookup(vars: unknown, path: readonly string[]): unknown {
  let cur = vars
  for (let i = 0; i < path.length; i++) {
    if (cur === null || typeof cur !== 'object') return undefined
    const seg = path[i]!
    if (!Object.prototype.hasOwnProperty.call(cur, seg) || (Array.isArray(cur) && !isIndex(seg))) return undefined
    cur = (cur as Record<string, unknown>)[seg]
  }
  return cur
}
