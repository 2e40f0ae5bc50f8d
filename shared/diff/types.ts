import type { Position } from '../flow/document'

// The comparison of two versions of a flow (docs/architecture.md, "Comparing versions"): one diff of flow documents
// that the canvas's compare mode, the Publish dialog and `chatflow diff` all read. Nodes are matched by id, so a
// rename is a change of one node, never a removal and an addition; positions are not behaviour and moves alone are
// no change.

export type NodeStatus = 'added' | 'removed' | 'changed' | 'unchanged'

export interface FieldDiff {
  /** Where the value is: 'config.text', 'config.buttons[1].title', 'name', 'settings.timeZone', 'samples.lookup'. */
  path: string
  /** The path for a person: 'Text', 'Buttons 2 › Title', 'Sample response of lookup'. */
  label: string
  /** 'text': strings (templates, bodies), shown as a word diff; 'json': objects and arrays (samples, mappings,
   *  lists that grew or shrank), shown as a tree diff; 'value': numbers, booleans, enums, null. */
  kind: 'text' | 'json' | 'value'
  /** undefined when the field is absent on that side. */
  before: unknown
  after: unknown
}

export interface NodeDiff {
  id: string
  status: NodeStatus
  /** The after side's name (the before side's for a removed node). */
  name: string
  type: string
  /** Its name before, when it was renamed (status 'changed'). */
  renamedFrom?: string
  /** Its type before, when that changed. */
  typeFrom?: string
  /** What differs, in the order of the config; empty for added, removed and unchanged nodes. */
  fields: FieldDiff[]
  /** The after side's position, or the before side's for a removed node (drawn as a ghost where it was). */
  position: Position
  /**
   * Id of the renamed node whose rename rewrote this node's references ({{old.x}} → {{new.x}}), when that is the
   * node's only change: it is status 'changed' with those fields, grouped under the rename, and is not in `changes`
   * on its own.
   */
  rewrittenBy?: string
}

export interface EdgeDiff {
  /** The after side's edge id (the before side's for a removed one). */
  id: string
  status: 'added' | 'removed' | 'unchanged'
  source: string
  sourcePort: string
  target: string
}

export interface ChangeRef {
  kind: 'node' | 'edge' | 'flow'
  /** A node or edge id, or a flow field's path. */
  id: string
}

export interface FlowComparison {
  /** Every node of both sides: after's in its order, then the removed ones in before's order. */
  nodes: NodeDiff[]
  /** Every connection of both sides, matched by source, port and target. */
  edges: EdgeDiff[]
  /** The flow's own fields that differ: name, active, settings, samples, its interface, kept warnings. */
  flow: FieldDiff[]
  /** Every change in flow order: flow fields first, then a breadth-first walk from the trigger(s) over both sides'
   *  connections, each node followed by its changed connections, then nodes the walk does not reach, by position. */
  changes: ChangeRef[]
  /** True when nothing but positions differs. */
  identical: boolean
}

export type WordOp = { op: 'same' | 'add' | 'del'; text: string }

export interface JsonDiffNode {
  /** The object key or array index ('' at the root). */
  key: string
  op: 'same' | 'add' | 'del' | 'change'
  before?: unknown
  after?: unknown
  /** For two objects or two arrays: their members, aligned (arrays by longest common run of equal elements). */
  children?: JsonDiffNode[]
}
