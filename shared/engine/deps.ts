// What the engine needs from its host: effects, the node catalogue, and (in conversation tests) mocks.
import type { FlowDocument, FlowNode } from '../flow/document'
import type { NodeType } from '../nodes/node-types'
import type { NodeModule } from '../nodes/types'
import type { Effects } from './effects'
import type { DebugHooks } from './debug/types'

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
  /**
   * Call Flow only (the same as `output` for any node): the callee's returned outputs, read as
   * {{<node>.<output>}}; the call leaves by `done` and the callee does not run.
   */
  outputs?: Record<string, unknown>
}

/**
 * Where a Call Flow node's callee comes from (docs/engine.md, "Calls"): the studio answers with the latest saved
 * revision, the production runtime with the revision published with the caller, the CLI with the flows it was given.
 * `caller` is the flow (and its revision, null = latest) whose node makes the call. Null: no such flow.
 */
export interface FlowSource {
  load(
    flowId: string,
    caller: { flowId: string; revision: string | null },
  ): Promise<{ doc: FlowDocument; revision: string | null } | null>
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
  /** Loads the flows Call Flow nodes call; absent (or null from it): every call fails with `callee_missing`. */
  flows?: FlowSource
  /**
   * The debugger (shared/engine/debug): asked before every node the run is about to execute whether to stop there.
   * Absent: the run never stops but to wait.
   */
  debug?: DebugHooks
}
