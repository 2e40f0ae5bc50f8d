import { pointerOf } from './pointer'

// Node-by-node migration: after shared/flow/migrate.ts has brought the whole document to the current format, every
// node's config is brought from the version its document recorded (`typeVersion`, absent = 1) to its type's current
// version, one step at a time. The catalogue of versions is passed in (shared/nodes/load-flow.ts binds the real one)
// so the flow model does not import the node types, and tests can load documents with a catalogue of their own.

/**
 * One step of a node type's config history: reads a config of version `from` and returns the config of `from + 1`.
 * Pure (no clock, no I/O): it runs on documents published years ago, so it leaves what it does not recognise for
 * validation to report rather than guessing.
 */
export interface ConfigMigration {
  from: number
  /** What changed, in a sentence: shown in the generated docs and in the tests' names. */
  description: string
  up(config: Record<string, unknown>): Record<string, unknown>
}

/** What the step needs of a node type: its current version and the migrations that lead there. */
export interface VersionedNodeType {
  type: string
  label: string
  version: number
  migrations: readonly ConfigMigration[]
}

export type NodeVersionCatalogue = ReadonlyMap<string, VersionedNodeType>

export function nodeVersionCatalogue(types: readonly VersionedNodeType[]): NodeVersionCatalogue {
  return new Map(types.map((t) => [t.type, t]))
}

export interface MigratedNode {
  nodeId: string
  nodeName: string
  type: string
  from: number
  to: number
}

export interface NodeVersionError {
  code: 'node.newer' | 'node.version_invalid' | 'node.migration_failed'
  message: string
  /** JSON pointer of the node's typeVersion or config in the document. */
  pointer: string
}

export type NodeVersionsResult =
  { ok: true; value: Record<string, unknown>; migrated: MigratedNode[] } | { ok: false; error: NodeVersionError }

/** The version a stored node was written with: absent (documents from before node versions) reads as 1. */
export const typeVersionOf = (node: { typeVersion?: unknown }): unknown =>
  node.typeVersion === undefined ? 1 : node.typeVersion

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v)

/**
 * Brings every node of a document (a JSON object in the current format, not yet checked by the schema) to its type's
 * current version and records that version on it. Nodes of an unknown type, and nodes whose shape the schema will
 * refuse anyway, are left as they are for the schema and validation to report. A node of a version newer than the
 * catalogue knows is refused: running it as if it were the old shape could do something else than its author meant.
 */
export function migrateNodeVersions(doc: Record<string, unknown>, catalogue: NodeVersionCatalogue): NodeVersionsResult {
  if (!Array.isArray(doc.nodes)) return { ok: true, value: doc, migrated: [] }
  const migrated: MigratedNode[] = []
  const nodes: unknown[] = []
  for (const [index, node] of (doc.nodes as unknown[]).entries()) {
    const type = isObject(node) && typeof node.type === 'string' ? catalogue.get(node.type) : undefined
    if (!isObject(node) || !type || !isObject(node.config)) {
      nodes.push(node)
      continue
    }
    const at = (field: string) => pointerOf(['nodes', index, field])
    const name = typeof node.name === 'string' && node.name ? `'${node.name}'` : `at /nodes/${index}`
    const from = typeVersionOf(node)
    if (typeof from !== 'number' || !Number.isInteger(from) || from < 1)
      return fail(
        'node.version_invalid',
        `Node ${name} (${type.label}) has typeVersion ${JSON.stringify(from)}; a node's version is a whole number from 1.`,
        at('typeVersion'),
      )
    if (from > type.version)
      return fail(
        'node.newer',
        `Node ${name} is version ${from} of the ${type.label} node type (${type.type}), but this build knows only up to version ${type.version}. Update Chatflow to open, validate or run this flow.`,
        at('typeVersion'),
      )
    let config = node.config
    for (let v = from; v < type.version; v++) {
      const step = type.migrations.find((m) => m.from === v)
      const stepped = step ? runStep(step, config) : null
      if (!stepped)
        return fail(
          'node.migration_failed',
          `Node ${name} (${type.label}) could not be brought from version ${v} to ${v + 1}${step ? ` (${step.description})` : ': no migration is declared for that step'}.`,
          at('config'),
        )
      config = stepped
    }
    if (from < type.version)
      migrated.push({ nodeId: String(node.id), nodeName: String(node.name), type: type.type, from, to: type.version })
    nodes.push(
      from === type.version && node.typeVersion === from ? node : { ...node, typeVersion: type.version, config },
    )
  }
  return { ok: true, value: { ...doc, nodes }, migrated }
}

/** A step gets its own copy (a migration that edits its input must not change the caller's document). */
function runStep(step: ConfigMigration, config: Record<string, unknown>): Record<string, unknown> | null {
  try {
    const out = step.up(structuredClone(config))
    return isObject(out) ? out : null
  } catch {
    return null
  }
}

function fail(code: NodeVersionError['code'], message: string, pointer: string): NodeVersionsResult {
  return { ok: false, error: { code, message, pointer } }
}

/**
 * The rules a node type's history must keep, for the registry test: versions start at 1, and there is exactly one
 * migration from each older version, in order.
 */
export function historyProblems(type: VersionedNodeType): string[] {
  const problems: string[] = []
  if (!Number.isInteger(type.version) || type.version < 1)
    problems.push(`${type.type}: version ${type.version} is not a whole number from 1`)
  const froms = type.migrations.map((m) => m.from)
  const expected = Array.from({ length: Math.max(0, type.version - 1) }, (_, i) => i + 1)
  if (JSON.stringify(froms) !== JSON.stringify(expected))
    problems.push(`${type.type}: migrations go from [${froms.join(', ')}], expected [${expected.join(', ')}]`)
  for (const m of type.migrations)
    if (!m.description.trim()) problems.push(`${type.type}: migration ${m.from} has no description`)
  return problems
}
