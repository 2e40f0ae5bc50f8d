// What a callable flow returned when a test ran it on its own: the outputs of the End that ended the run in its own
// flow (depth 0). The End's runner gives its `returns` as its output wherever it runs (shared/nodes/end/run.ts), so
// the trace holds them; a run that ended anywhere else (a dead end, a failure, still waiting) returned nothing.
import { returnsOfType } from '../../nodes/behaviour-of'
import type { RunState, TraceEvent, Vars } from '../types'

export function returnedBy(
  trace: readonly TraceEvent[],
  state: Pick<RunState, 'status'> & { id?: string },
): Vars | null {
  if (state.status !== 'ended') return null
  for (let i = trace.length - 1; i >= 0; i--) {
    const e = trace[i]!
    // A test's trace holds every run it drove: only the last run's events (and only its own flow's) say.
    if ((state.id !== undefined && e.runId !== state.id) || e.depth) continue
    if (!returnsOfType(e.nodeType)) return null
    const out = e.output
    return out !== null && typeof out === 'object' && !Array.isArray(out) ? (out as Vars) : {}
  }
  return null
}

/** `end: { returns: { output: value } }`: each output written must be what the End returned (the rest unchecked). */
export function checkReturns(
  expected: Vars | undefined,
  returned: Vars | null,
  state: Pick<RunState, 'status'>,
): string[] {
  if (!expected) return []
  if (returned === null) {
    const where = state.status === 'ended' ? 'ended without reaching an End' : `is ${state.status}`
    return [`returns: expected ${JSON.stringify(expected)}, but the run ${where}, so it returned nothing`]
  }
  const lines: string[] = []
  for (const [name, want] of Object.entries(expected)) {
    const got = returned[name]
    if (JSON.stringify(got) !== JSON.stringify(want))
      lines.push(
        `returns ${name}: expected ${JSON.stringify(want)}, got ${got === undefined ? '(not returned)' : JSON.stringify(got)}`,
      )
  }
  return lines
}
