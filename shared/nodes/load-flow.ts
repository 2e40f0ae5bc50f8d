import type { FlowDocument } from '../flow/document'
import {
  migrateNodeVersions,
  nodeVersionCatalogue,
  type NodeVersionCatalogue,
  type NodeVersionError,
} from '../flow/node-versions'
import { loadFlowWith, parseFlowWith, type FlowLoadResult } from '../flow/serialise'
import { NODE_MODULES } from './modules'

// The one way a stored or received document enters: every file, import, publish, run and stored row goes through
// here, so a document written by an older version of a node type is migrated node by node (after the whole-document
// format migration), and one written by a newer version is refused, wherever it comes from.

/** The node types of this build, with their versions and migrations. */
export const NODE_VERSIONS: NodeVersionCatalogue = nodeVersionCatalogue(NODE_MODULES)

/** A decoded document: format migration, node migrations, then the schema. */
export const loadFlow = (value: unknown): FlowLoadResult => loadFlowWith(value, NODE_VERSIONS)

/** A document as JSON text (a file, a request body). */
export const parseFlow = (text: string): FlowLoadResult => parseFlowWith(text, NODE_VERSIONS)

/** The current version of a node type: what a new node of that type records. */
export const currentTypeVersion = (type: string): number => NODE_VERSIONS.get(type)?.version ?? 1

/**
 * A document already in the current format that a store kept or a client sent (it passed the schema when it was
 * saved or received): only its nodes may be of older versions. Answers the document with every node at its type's
 * current version, or why it cannot be read.
 */
export function upgradeNodes(
  doc: FlowDocument,
): { ok: true; document: FlowDocument; migrated: number } | { ok: false; error: NodeVersionError } {
  const r = migrateNodeVersions(doc as unknown as Record<string, unknown>, NODE_VERSIONS)
  if (!r.ok) return r
  return { ok: true, document: r.value as unknown as FlowDocument, migrated: r.migrated.length }
}
