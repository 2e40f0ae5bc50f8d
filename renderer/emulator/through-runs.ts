import type { EmulatorSession } from '../../shared/api/commands/emulator'

// The emulator keeps one session per flow (the test contact's run of that flow), but a run of a caller also runs the
// flows it calls (docs/engine.md, "Calls"). So that the canvas of a called flow can draw the steps a caller's run
// took in it, every session the emulator shows is noted here under each flow its trace passed through; the canvas of
// that flow then draws the more recent of its own session and the caller's (overlay.ts keeps only its own steps).

const passed = new Map<string, { session: EmulatorSession; flowName: string }>()

/**
 * Notes the session (of the flow named `flowName`) under every flow its run called: events with a `flowId` other
 * than the session's own.
 */
export function notePassedThrough(session: EmulatorSession | null, flowName: string): void {
  if (!session) return
  for (const e of session.trace)
    if (e.flowId && e.flowId !== session.flowId) passed.set(e.flowId, { session, flowName })
}

/** The session whose steps the canvas of `flowId` draws: its own, or a caller's whose run went through it later. */
export function sessionShown(flowId: string, own: EmulatorSession | null): EmulatorSession | null {
  return callerShown(flowId, own)?.session ?? own
}

/** The caller whose run the canvas of `flowId` draws instead of its own session, or null. */
export function callerShown(
  flowId: string,
  own: EmulatorSession | null,
): { session: EmulatorSession; flowName: string } | null {
  const through = passed.get(flowId)
  if (!through) return null
  return !own?.run || lastStepAt(through.session, flowId) > lastStepAt(own, flowId) ? through : null
}

function lastStepAt(session: EmulatorSession, flowId: string): number {
  let at = -Infinity
  for (const e of session.trace) if ((e.flowId ?? session.flowId) === flowId) at = Math.max(at, e.startedAt)
  return at
}

/** For tests: forget what was noted. */
export function forgetPassedThrough(): void {
  passed.clear()
}
