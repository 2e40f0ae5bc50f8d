// The one guard for JSON that enters from outside (webhook and inbound bodies, imported and published flow files,
// samples and test variables sent by the studio, HTTP and endpoint answers, script results): how deep it nests
// and whether it carries a prototype key. JSON.parse reads any depth without recursion, but almost everything
// after it recurses (zod, JSON.stringify, structuredClone, SQLite's JSON functions stop at 1000 levels), so a
// value is checked once where it enters, with an explicit stack, and refused with the path where it goes wrong.
// Sizes are bounded by each entry's byte limit (JSON_LIMITS); docs/security.md lists them all.

/** Deepest nesting accepted anywhere: far beyond real payloads, far below SQLite's 1000 and any stack. */
export const JSON_MAX_DEPTH = 64

/** Byte limits of the places JSON enters, in one table so docs/security.md and the code say the same. */
export const JSON_LIMITS = {
  maxDepth: JSON_MAX_DEPTH,
  /** Webhook trigger and inbound message bodies (the runtime's listener and the studio's). */
  listenerBodyBytes: 64 * 1024,
  /** A flow file or bundle read by Import, `chatflow import`, `run`, `test` or `validate`. */
  fileBytes: 8 * 1024 * 1024,
  /**
   * One message from the studio's page to its back end (a flow with its samples, an imported file's text). A file's
   * text travels escaped inside it (each quote, backslash and line break takes two bytes), so three times a file.
   */
  socketMessageBytes: 24 * 1024 * 1024,
  /** A publish request to the runtime's publish API. */
  publishBodyBytes: 8 * 1024 * 1024,
} as const

export type JsonPath = (string | number)[]

/** `9.2 MiB`, `3 KiB`: a size as the messages about these limits give it. */
export const describeBytes = (bytes: number): string =>
  bytes >= 1024 * 1024 ? `${Number((bytes / 1024 / 1024).toFixed(1))} MiB` : `${Number((bytes / 1024).toFixed(1))} KiB`

/** Why a file of `bytes` is not read, or null: the words Import and the command line both use. */
export function fileSizeProblem(bytes: number, maxBytes: number = JSON_LIMITS.fileBytes): string | null {
  return bytes > maxBytes
    ? `it is ${describeBytes(bytes)}, larger than the ${describeBytes(maxBytes)} a file may be`
    : null
}

export interface JsonBoundsProblem {
  code: 'json_too_deep' | 'json_forbidden_key'
  /** Where it goes wrong, from the value checked. */
  path: JsonPath
  message: string
}

/** Keys that turn into a prototype change when an object is built by assignment. */
const FORBIDDEN_KEYS = new Set(['__proto__'])

/**
 * The first place where `value` nests deeper than `maxDepth` (the value itself is depth 0, its members depth 1)
 * or uses a forbidden key, or null. Walks with an explicit stack, so any depth is safe to check.
 */
export function checkJsonBounds(value: unknown, maxDepth: number = JSON_MAX_DEPTH): JsonBoundsProblem | null {
  const path: JsonPath = []
  const stack: Array<{ value: unknown; depth: number; key: string | number | null }> = [{ value, depth: 0, key: null }]
  while (stack.length) {
    const item = stack.pop()!
    path.length = Math.max(0, item.depth - 1)
    if (item.key !== null) path.push(item.key)
    const v = item.value
    if (v === null || typeof v !== 'object') continue
    if (item.depth >= maxDepth) {
      const entries = Array.isArray(v) ? v.length : Object.keys(v).length
      if (entries > 0) return tooDeep(path, maxDepth)
      continue
    }
    if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--) stack.push({ value: v[i], depth: item.depth + 1, key: i })
      continue
    }
    const keys = Object.keys(v)
    for (let i = keys.length - 1; i >= 0; i--) {
      const key = keys[i]!
      if (FORBIDDEN_KEYS.has(key)) {
        const at = [...path, key]
        return {
          code: 'json_forbidden_key',
          path: at,
          message: `${describePath(at)}: the key '${key}' is not allowed.`,
        }
      }
      stack.push({ value: (v as Record<string, unknown>)[key], depth: item.depth + 1, key })
    }
  }
  return null
}

export function tooDeep(path: JsonPath, maxDepth: number): JsonBoundsProblem {
  return {
    code: 'json_too_deep',
    path: [...path],
    message: `${describePath(path)}: nested more than ${maxDepth} levels deep (objects and arrays inside each other); flatten it.`,
  }
}

/** `data.a.b[3]`, shortened in the middle when long so a message stays one readable line. */
export function describePath(path: JsonPath): string {
  if (path.length === 0) return '(the whole value)'
  const show = (p: JsonPath) => p.map((s, i) => (typeof s === 'number' ? `[${s}]` : i === 0 ? s : `.${s}`)).join('')
  if (path.length <= 8) return show(path)
  return `${show(path.slice(0, 4))}…(${path.length - 7} more)…${show(path.slice(-3))}`
}
