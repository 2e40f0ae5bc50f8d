import { flowDocumentSchema, type FlowDocument } from './document'
import { migrate } from './migrate'
import { migrateNodeVersions, type MigratedNode, type NodeVersionCatalogue } from './node-versions'
import { jsonErrorIndex, lineColumn } from './json-error'
import { pointerOf } from './pointer'
import { checkJsonBounds, JSON_MAX_DEPTH, type JsonPath } from '../json/bounds'
import { checkJsonTextDepth } from '../json/text-depth'

// Reading and writing flow files. Output has a fixed key order (document, node and edge keys in schema order;
// config and sample keys sorted), so saving the same document twice gives the same bytes and diffs stay small.

export interface FlowLoadError {
  code:
    | 'json.invalid'
    | 'format.not_object'
    | 'format.unknown'
    | 'format.newer'
    | 'document.invalid'
    | 'node.newer'
    | 'node.version_invalid'
    | 'node.migration_failed'
  message: string
  /** JSON pointer of the first offending value, for document.invalid and the node.* codes. */
  pointer?: string
}

export type FlowLoadResult =
  | {
      ok: true
      document: FlowDocument
      migratedFrom: number | null
      /** Nodes written by an older version of their type, brought to the current one. */
      migratedNodes: MigratedNode[]
    }
  | { ok: false; error: FlowLoadError }

/**
 * Parses a document object (already JSON-decoded): migrate the whole document, then node by node with `catalogue`,
 * then check against the schema. Product code calls it through shared/nodes/load-flow.ts, which passes the node types
 * of this build; tests pass catalogues of their own.
 */
export function loadFlowWith(value: unknown, catalogue: NodeVersionCatalogue): FlowLoadResult {
  const m = migrate(value)
  if (!m.ok) return { ok: false, error: { code: m.code, message: m.message } }
  // Before the schema: zod and everything after it recurse, and prototype keys vanish when objects are rebuilt.
  const bounds = checkJsonBounds(m.value)
  if (bounds?.code === 'json_too_deep') return tooDeepDocument(bounds.path)
  if (bounds) {
    const pointer = pointerOf(bounds.path)
    return {
      ok: false,
      error: {
        code: 'document.invalid',
        message: `Not a valid flow document: ${pointer}: the key '__proto__' is not allowed.`,
        pointer,
      },
    }
  }
  const nodes = migrateNodeVersions(m.value, catalogue)
  if (!nodes.ok) return { ok: false, error: nodes.error }
  const parsed = schemaOf(catalogue).safeParse(nodes.value)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!
    const pointer = pointerOf(issue.path.map((p) => (typeof p === 'symbol' ? String(p) : p)))
    return {
      ok: false,
      error: {
        code: 'document.invalid',
        message: `Not a valid flow document: ${pointer || '(root)'}: ${describeIssue(issue.message)}`,
        pointer,
      },
    }
  }
  return {
    ok: true,
    document: parsed.data,
    migratedFrom: m.from === 1 ? null : m.from,
    migratedNodes: nodes.migrated,
  }
}

// The document schema that accepts the catalogue's node types only, built once per catalogue: the model names no
// node type, so an unknown one is refused here, in the same place and words as before the model stood alone.
const schemas = new WeakMap<NodeVersionCatalogue, ReturnType<typeof flowDocumentSchema>>()
function schemaOf(catalogue: NodeVersionCatalogue): ReturnType<typeof flowDocumentSchema> {
  let schema = schemas.get(catalogue)
  if (!schema) schemas.set(catalogue, (schema = flowDocumentSchema([...catalogue.keys()])))
  return schema
}

function tooDeepDocument(path: JsonPath): FlowLoadResult {
  const pointer = pointerOf(path)
  return {
    ok: false,
    error: {
      code: 'document.invalid',
      message: `Not a valid flow document: ${pointer}: nested more than ${JSON_MAX_DEPTH} levels deep; flatten it.`,
      pointer,
    },
  }
}

function describeIssue(message: string): string {
  return /received undefined$/.test(message) ? 'this required field is missing' : message
}

/**
 * Strict JSON text to a value, or one line saying where it goes wrong. Editors on Windows often save UTF-8 with a
 * byte order mark; JSON.parse refuses it, and the file is still JSON, so the mark is skipped.
 */
export function parseJsonText(text: string): { ok: true; value: unknown } | { ok: false; message: string } {
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text
  try {
    return { ok: true, value: JSON.parse(body) }
  } catch (e) {
    return { ok: false, message: jsonErrorText(body, e) }
  }
}

export function parseFlowWith(text: string, catalogue: NodeVersionCatalogue): FlowLoadResult {
  const deep = checkJsonTextDepth(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text)
  if (deep) return tooDeepDocument(deep.path)
  const parsed = parseJsonText(text)
  if (!parsed.ok) return { ok: false, error: { code: 'json.invalid', message: `Not JSON: ${parsed.message}` } }
  return loadFlowWith(parsed.value, catalogue)
}

/**
 * One line with a line and column a person can find. V8 gives a position for some errors only; for "Unexpected
 * token" it quotes the text around it instead, over several lines, so the position is then found by jsonErrorIndex.
 */
function jsonErrorText(text: string, e: unknown): string {
  const msg = e instanceof Error ? e.message : String(e)
  const m = /at position (\d+)/.exec(msg)
  const at = m ? Number(m[1]) : /end of JSON/.test(msg) ? text.length : jsonErrorIndex(text)
  if (at === null) return msg.replace(/\s+/g, ' ')
  const { line, column } = lineColumn(text, at)
  const what =
    m || /end of JSON/.test(msg)
      ? msg.replace(/ in JSON at position \d+.*$/s, '').replace(/ at position \d+.*$/s, '')
      : at >= text.length
        ? 'Unexpected end of JSON input'
        : `Unexpected ${describeChar(text[at]!)}`
  return `${what.replace(/\s+/g, ' ')} (line ${line}, column ${column})`
}

function describeChar(ch: string): string {
  if (ch === '\n' || ch === '\r') return 'line break'
  if (ch === '\t') return 'tab'
  if (ch === "'") return 'single quote (JSON strings take double quotes)'
  return `character '${ch}'`
}

const DOC_KEYS = [
  'format',
  'id',
  'name',
  'active',
  'nodes',
  'edges',
  'samples',
  'webhookSecretRef',
  'settings',
  'intentional',
  'interface',
  'translations',
] as const
const NODE_KEYS = ['id', 'type', 'typeVersion', 'name', 'position', 'config'] as const
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
  top.nodes = doc.nodes.map((n) => ({
    ...pick(n, NODE_KEYS),
    position: { x: n.position.x, y: n.position.y },
    config: sortKeysDeep(n.config),
  }))
  top.edges = doc.edges.map((e) => pick(e, EDGE_KEYS))
  top.samples = sortKeysDeep(doc.samples)
  if (doc.settings)
    top.settings = {
      locale: doc.settings.locale,
      timeZone: doc.settings.timeZone,
      defaultCountry: doc.settings.defaultCountry,
      ...(doc.settings.languages
        ? {
            languages: {
              list: [...doc.settings.languages.list],
              default: doc.settings.languages.default,
              ...(doc.settings.languages.from != null ? { from: doc.settings.languages.from } : {}),
              detect: doc.settings.languages.detect,
            },
          }
        : {}),
    }
  if (doc.translations) top.translations = sortKeysDeep(doc.translations)
  if (doc.intentional) top.intentional = doc.intentional.map((m) => ({ code: m.code, nodeId: m.nodeId, why: m.why }))
  if (doc.interface)
    top.interface = {
      inputs: doc.interface.inputs.map((i) => ({
        ...pick(i, ['name', 'required', 'default', 'description']),
        ...(i.default !== undefined ? { default: sortKeysDeep(i.default) } : {}),
      })),
      outputs: doc.interface.outputs.map((o) => pick(o, ['name', 'description'])),
    }
  if (doc.debug)
    top.debug = {
      breakpoints: doc.debug.breakpoints.map((b) => ({
        id: b.id,
        at: b.at.kind === 'node' ? { kind: 'node', nodeId: b.at.nodeId } : { kind: 'edge', edgeId: b.at.edgeId },
        enabled: b.enabled,
        ...(b.condition !== undefined ? { condition: b.condition } : {}),
      })),
    }
  return top
}

export function serialiseFlow(doc: FlowDocument): string {
  return JSON.stringify(canonicalFlow(doc), null, 2) + '\n'
}
