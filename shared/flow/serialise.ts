import { FlowDocumentSchema, type FlowDocument } from './document'
import { migrate } from './migrate'
import { pointerOf } from './pointer'

// Reading and writing flow files. Output has a fixed key order (document, node and edge keys in schema order;
// config and sample keys sorted), so saving the same document twice gives the same bytes and diffs stay small.

export interface FlowLoadError {
  code: 'json.invalid' | 'format.not_object' | 'format.unknown' | 'format.newer' | 'document.invalid'
  message: string
  /** JSON pointer of the first offending value, for document.invalid. */
  pointer?: string
}

export type FlowLoadResult = { ok: true; document: FlowDocument; migratedFrom: number | null } | { ok: false; error: FlowLoadError }

/** Parses a document object (already JSON-decoded): migrate, then check against the schema. */
export function loadFlow(value: unknown): FlowLoadResult {
  const m = migrate(value)
  if (!m.ok) return { ok: false, error: { code: m.code, message: m.message } }
  const proto = findProtoKey(m.value, [])
  if (proto)
    return { ok: false, error: { code: 'document.invalid', message: `Not a valid flow document: ${proto}: the key '__proto__' is not allowed.`, pointer: proto } }
  const parsed = FlowDocumentSchema.safeParse(m.value)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!
    const pointer = pointerOf(issue.path.map((p) => (typeof p === 'symbol' ? String(p) : p)))
    return {
      ok: false,
      error: { code: 'document.invalid', message: `Not a valid flow document: ${pointer || '(root)'}: ${describeIssue(issue.message)}`, pointer },
    }
  }
  return { ok: true, document: parsed.data, migratedFrom: m.from === 1 ? null : m.from }
}

/**
 * Objects built by assignment (zod's record parsing among them) turn a '__proto__' key into a prototype change and
 * silently drop it, so such a document could not round-trip. It is refused up front, with where it is.
 */
function findProtoKey(value: unknown, path: (string | number)[]): string | null {
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const hit = findProtoKey(value[i], [...path, i])
      if (hit) return hit
    }
    return null
  }
  if (value === null || typeof value !== 'object') return null
  for (const [k, v] of Object.entries(value)) {
    if (k === '__proto__') return pointerOf([...path, k])
    const hit = findProtoKey(v, [...path, k])
    if (hit) return hit
  }
  return null
}

function describeIssue(message: string): string {
  return /received undefined$/.test(message) ? 'this required field is missing' : message
}

export function parseFlow(text: string): FlowLoadResult {
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch (e) {
    return { ok: false, error: { code: 'json.invalid', message: `Not JSON: ${jsonErrorText(text, e)}` } }
  }
  return loadFlow(value)
}

/** V8's message with its character position turned into a line and column a person can find. */
function jsonErrorText(text: string, e: unknown): string {
  const msg = e instanceof Error ? e.message : String(e)
  const m = /at position (\d+)/.exec(msg)
  const at = m ? Number(m[1]) : /end of JSON/.test(msg) ? text.length : null
  if (at === null) return msg
  const before = text.slice(0, at)
  const line = before.split('\n').length
  const column = before.length - before.lastIndexOf('\n')
  return msg.replace(/ in JSON at position \d+.*$/, '').replace(/ at position \d+.*$/, '') + ` (line ${line}, column ${column})`
}

const DOC_KEYS = ['format', 'id', 'name', 'active', 'nodes', 'edges', 'samples', 'webhookSecretRef'] as const
const NODE_KEYS = ['id', 'type', 'name', 'position', 'config'] as const
const EDGE_KEYS = ['id', 'source', 'sourcePort', 'target'] as const

function pick(obj: object, keys: readonly string[]): Record<string, unknown> {
  const src = obj as Record<string, unknown>
  return Object.fromEntries(keys.filter((k) => src[k] !== undefined).map((k) => [k, src[k]]))
}

/** Sorted keys all the way down. Object.fromEntries keeps a '__proto__' key as data instead of setting the prototype. */
export function sortKeysDeep(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeysDeep)
  if (value === null || typeof value !== 'object') return value
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
  return Object.fromEntries(entries.map(([k, v]) => [k, sortKeysDeep(v)]))
}

/** The canonical object form of a document (what serialiseFlow writes). */
export function canonicalFlow(doc: FlowDocument): Record<string, unknown> {
  const top = pick(doc, DOC_KEYS)
  top.nodes = doc.nodes.map((n) => ({ ...pick(n, NODE_KEYS), position: { x: n.position.x, y: n.position.y }, config: sortKeysDeep(n.config) }))
  top.edges = doc.edges.map((e) => pick(e, EDGE_KEYS))
  top.samples = sortKeysDeep(doc.samples)
  return top
}

export function serialiseFlow(doc: FlowDocument): string {
  return JSON.stringify(canonicalFlow(doc), null, 2) + '\n'
}
