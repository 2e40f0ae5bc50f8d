// Flow Logs fold a call's steps under the call (issue 30): the engine writes the steps of a called flow into the run's
// trace with the flow and its depth (TraceEvent.flowId, .depth; absent: the root flow, depth 0), between the call
// node's own events. Each run of deeper steps goes under the shallower event just before it: the Call Flow node
// that entered the callee (then its `resume` event, by which the call left, follows at its own depth).
import type { TraceEvent } from '../../shared/engine'

export interface TraceRow {
  event: TraceEvent
  /** The steps of the flow this event called, in order (deeper calls folded inside them). */
  children: TraceRow[]
}

const depthOf = (t: TraceEvent) => t.depth ?? 0

export function foldCalls(trace: readonly TraceEvent[]): TraceRow[] {
  const top: TraceRow[] = []
  // The open rows by depth: stack[d] is the last row at depth d, which takes the steps at depth d + 1 after it.
  const stack: TraceRow[] = []
  for (const event of trace) {
    const row: TraceRow = { event, children: [] }
    let depth = depthOf(event)
    // A deeper step with no shallower event before it (a trace cut short) stays where it can be seen.
    while (depth > 0 && !stack[depth - 1]) depth--
    ;(depth === 0 ? top : stack[depth - 1]!.children).push(row)
    stack[depth] = row
    stack.length = depth + 1
  }
  return top
}

/** How many steps a row holds below it, at every depth. */
export const stepsInside = (row: TraceRow): number => row.children.reduce((n, c) => n + 1 + stepsInside(c), 0)
