// The catalogue the engine runs with: each node type's module, definition and runner in one. Hosts pass it in
// EngineDeps; a catalogue of another version may lack a type, which the engine reports as 'no_runner'.
import type { NodeCatalog } from '../engine/deps'
import { isNodeType } from './node-types'
import { NODE_DEFINITIONS } from './registry'

export const nodeCatalog: NodeCatalog = {
  node: (type) => (isNodeType(type) ? NODE_DEFINITIONS[type] : undefined),
}
