import { nextNameWithPrefix } from '../flow/names'
import { NODE_MODULES } from './modules'

// The node types and their default-name prefixes, derived from the one list of node modules
// (shared/nodes/modules.ts). Every registry in shared/nodes and renderer/nodes is keyed by this union.
export type NodeType = (typeof NODE_MODULES)[number]['type']

export const NODE_TYPES = NODE_MODULES.map((m) => m.type) as unknown as readonly [NodeType, ...NodeType[]]

export const NAME_PREFIX = Object.fromEntries(NODE_MODULES.map((m) => [m.type, m.namePrefix])) as Record<
  NodeType,
  string
>

/** `<prefix><n>` with the smallest n ≥ 1 that no node uses yet (spec: default names per type). */
export const nextNodeName = (type: NodeType, taken: Iterable<string>): string =>
  nextNameWithPrefix(NAME_PREFIX[type], taken)

const KNOWN: ReadonlySet<string> = new Set(NODE_TYPES)

/**
 * Whether a document's node `type` (a plain string in the model, shared/flow/document.ts) is one of this build's.
 * Documents enter through loadFlow, which refuses unknown types; readers narrow with this before they look a type up,
 * and validation reports a node that fails it (node.type_unknown).
 */
export const isNodeType = (type: string): type is NodeType => KNOWN.has(type)

/**
 * The type of a node of a document that entered through loadFlow or the build's schema (shared/nodes/schema.ts),
 * both of which refuse unknown types: for code that shows or edits such a document. Throws for any other type, which
 * would be a bug in how the document got there rather than bad input.
 */
export function knownType(type: string): NodeType {
  if (isNodeType(type)) return type
  throw new Error(`Node type '${type}' is not one of this version's; documents enter through loadFlow.`)
}
