// The debugger's shapes (issue #32, /work/wt/briefs/i32-contract.md): breakpoints kept with a flow, the pause a run
// is in when the debugger stopped it, and the view the debug panel draws from. Plain JSON, like the rest of a run.
import type { Vars } from '../types'

/** A place the run stops: before a node runs, or when the run takes an edge (before the edge's target runs). */
export interface Breakpoint {
  id: string
  at: { kind: 'node'; nodeId: string } | { kind: 'edge'; edgeId: string }
  enabled: boolean
  /** An expression template evaluated on the run's variables, e.g. '{{cart_total > 100}}': stop only when truthy. */
  condition?: string
}

/**
 * Why and where a run is paused by the debugger (RunState.debug). `nodeId` is the node that runs next when the run
 * goes on (for an edge breakpoint: the edge's target); `flowId` the flow it belongs to, `depth` how many calls deep.
 */
export interface DebugPause {
  reason: 'breakpoint' | 'step' | 'expectation'
  nodeId: string
  flowId: string
  edgeId?: string
  breakpointId?: string
  depth: number
}

/** Where the engine asks the host whether to stop: before `nodeId` runs, having taken `edgeId` to get there. */
export interface BreakAt {
  nodeId: string
  flowId: string
  edgeId?: string
  depth: number
}

/** What the host answers: stop (true, or which breakpoint and why) or go on (false / null). */
export type BreakAnswer = boolean | null | { reason: DebugPause['reason']; breakpointId?: string }

/** EngineDeps.debug: consulted before every node the run is about to execute (not the one it goes on from). */
export interface DebugHooks {
  shouldBreak(at: BreakAt, vars: Vars): BreakAnswer
}

export interface RenderedField {
  /** Where in the node's config, e.g. 'text' or 'buttons.0.title'. */
  path: string
  template: string
  value: unknown
  error?: string
}

export interface WatchHistory {
  expression: string
  history: { step: number; value: unknown; error?: string }[]
}

/** What the debug panel shows (EmulatorSession.debug). */
export interface DebugView {
  paused: DebugPause | null
  /** The call stack, outermost first: each flow and the node the run is at in it (a caller: its Call Flow node). */
  stack: { flowId: string; flowName: string; nodeId: string }[]
  node: { nodeId: string; name: string; type: string; config: unknown; rendered: RenderedField[] } | null
  watches: WatchHistory[]
  /** Set when a saved test played under the debugger stopped at an expectation that failed. */
  failedExpectation?: { turn: number; message: string }
}
