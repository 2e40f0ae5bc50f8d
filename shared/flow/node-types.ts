import { NODE_MODULES } from '../nodes/modules'

// The node types and their default-name prefixes, derived from the one list of node modules
// (shared/nodes/modules.ts). Every registry in shared/nodes and renderer/nodes is keyed by this union.
export type NodeType = (typeof NODE_MODULES)[number]['type']

export const NODE_TYPES = NODE_MODULES.map((m) => m.type) as unknown as readonly [NodeType, ...NodeType[]]

export const NAME_PREFIX = Object.fromEntries(NODE_MODULES.map((m) => [m.type, m.namePrefix])) as Record<
  NodeType,
  string
>
