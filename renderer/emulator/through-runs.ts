import type { EmulatorSession } from '../../shared/api/commands/emulator'

// The emulator keeps one session per flow (the test contact's run of that flow), but a run of a caller also runs the
// flows it calls (docs/engine.md, "Calls"). So that the canvas of a called flow can draw the steps a caller's run
// took in it, every session the emulator shows is noted here under each flow its trace passed through; the canvas of
// that flow then draws the more recent of its own session and the caller's (overlay.ts keeps only its own steps).

const passed = new Map<string, EmulatorSession>()

/** Notes the session under every flow its run called (events with a `flowId` other than the session's own). */
export function notePassedThrough(session: EmulatorSession | null): void {
  if (!session) return
  for (const e of session.trace) if (e.flowId && e.flowId !== session.flowId) passed.set(e.flowId, session)
}

/** The session whose steps the canvas of `flowId` draws: its own, or a caller's whose run went through it later. */
export function sessionShown(flowId: string, own: EmulatorSession | null): EmulatorSession | null {
  const through = passed.get(flowId)
  if (!through) return own
  if (!own?.run || lastStepAt(through, flowId) > lastStepAt(own, flowId)) return through
  return own
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
