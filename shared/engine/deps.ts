// What the engine needs from its host: effects, the node catalogue, and (in conversation tests) mocks.
import type { FlowNode } from '../flow/document'
import type { NodeType } from '../nodes/node-types'
import type { NodeModule } from '../nodes/types'
import type { Effects } from './effects'

export interface NodeCatalog {
  /** A node type's module (definition and runner); undefined for a type this engine does not know. */
  node(type: string): NodeModule<NodeType, unknown> | undefined
}

/** A node replaced by a fixed result: its runner is not called (conversation tests mock HTTP Call this way). */
export interface NodeMock {
  /** Saved under the node name as if the node produced it. */
  output?: unknown
  /** Port to leave by; defaults to the node's first port ('success' / 'out'). */
  port?: string
  /** Make the node fail with this message instead (its failure port applies). */
  error?: string
  /**
   * HTTP Call only: the node runs as usual (status decides the port, "save as" applies) but its request is
   * answered by this written response instead of the network. Status defaults to 200.
   */
  response?: { status?: number; headers?: Record<string, string>; body?: unknown }
}

export interface EngineDeps {
  effects: Effects
  catalog: NodeCatalog
  /** By node name. */
  mocks?: Record<string, NodeMock>
  /**
   * Enforce the 24-hour service window and opt-out on every send (shared/engine/window.ts). Off by default so
   * hosts that do not track the contact's last message (conversation tests, a fresh emulator phone) still send.
   */
  serviceWindow?: boolean
  /**
   * The effects one node runs with, when they differ from `effects` (the test policy holds HTTP Calls to their mocks
   * this way: conversation/policy.ts). A mock's written `response` still comes first.
   */
  nodeEffects?: (node: FlowNode, effects: Effects) => Effects
}
