// Where the run loop asks the debugger whether to stop (EngineDeps.debug): before a node runs, with the edge the run
// took to get there. A stop leaves the run paused with RunState.debug saying where; nothing else of the run changes,
// so it is stored, shown and resumed like any paused run (machine.ts, goOn).
import type { StepContext } from '../execute-node'
import { depthOf } from '../calls'
import type { BreakAt, DebugPause } from './types'

/** True when the debugger stopped the run before `nodeId`: the run is then paused there. */
export function pauseBefore(step: StepContext, nodeId: string): boolean {
  const hooks = step.deps.debug
  if (!hooks) return false
  const at: BreakAt = { nodeId, flowId: step.graph.flow.id, depth: depthOf(step.state) }
  const edgeId = edgeTaken(step)
  if (edgeId) at.edgeId = edgeId
  const answer = hooks.shouldBreak(at, step.state.vars)
  if (!answer) return false
  const pause: DebugPause = { reason: answer === true ? 'breakpoint' : answer.reason, ...at }
  if (answer !== true && answer.breakpointId) pause.breakpointId = answer.breakpointId
  step.state.status = 'paused'
  step.state.debug = pause
  return true
}

/**
 * The edge the run just took: out of the last node traced in this step, by the port it left by, in the flow the run
 * is in now. None at a step's first node, on entering a called flow (the Call Flow node leaves by no port yet), or
 * when the last node belongs to another flow.
 */
function edgeTaken(step: StepContext): string | undefined {
  const last = step.trace.at(-1)
  if (!last || last.port === null) return undefined
  const flowId = step.graph.flow.id
  if ((last.flowId ?? step.state.flowId) !== flowId) return undefined
  return step.graph.flow.edges.find((e) => e.source === last.nodeId && e.sourcePort === last.port)?.id
}
