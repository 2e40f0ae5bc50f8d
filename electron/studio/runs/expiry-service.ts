import { emulatorClock, runsAtClock } from '../emulator/clock'
import { studioEffects } from '../effects/service'
import type { ServiceFactory } from '../handlers/types'
import { RunService } from '../../services/runs/run-service'

// A paused run nobody answers must end when the customer's 24-hour window closes (docs/engine.md, "Paused runs"),
// not only when that contact happens to write again: the Flow Logs would otherwise show it paused for ever. The
// studio sweeps once at start (runs left paused while it was closed) and then every EXPIRY_SWEEP_MS.

/** Between sweeps a run may stay paused this long past its window; short next to the window's 24 hours. */
export const EXPIRY_SWEEP_MS = 5 * 60_000

export interface RunExpiry {
  /** Closes every expired paused run now; returns how many. */
  sweep(): number
  close(): void
}

export const runExpiry: ServiceFactory<RunExpiry> = (ctx) => {
  const runs = new RunService(ctx.db, { effects: ctx.service(studioEffects) })
  const clock = ctx.service(emulatorClock)
  let closed = false
  const sweep = (): number => {
    if (closed) return 0
    // Each run expires on its contact's clock: a test contact that skipped ahead in the emulator lives that far
    // ahead of real time, so the candidates are widened by the furthest clock and each is decided on its own.
    const expired = runs
      .expiryCandidates(clock.maxOffset())
      .filter((s) => (clock.offsetOf(s.contactId) ? runsAtClock(ctx, s.contactId) : runs).expireIfStale(s))
    // Open Flow Logs, the flows list and an emulator showing one of these runs refresh from these events.
    for (const flowId of new Set(expired.map((s) => s.flowId))) ctx.emit('logs.changed', { flowId, deleted: 0 })
    for (const s of expired) ctx.emit('emulator.updated', { flowId: s.flowId, contactId: s.contactId, runId: s.id })
    return expired.length
  }
  const guarded = (): void => {
    try {
      sweep()
    } catch (err) {
      ctx.log(`expiring paused runs failed: ${err instanceof Error ? err.message : String(err)}`)
    }
  }
  // After a tick, so a host that subscribes right after creating the back end hears the first sweep's events.
  const first = setTimeout(guarded, 0)
  const timer = setInterval(guarded, EXPIRY_SWEEP_MS)
  first.unref?.()
  timer.unref?.()
  return {
    sweep,
    close() {
      closed = true
      clearTimeout(first)
      clearInterval(timer)
    },
  }
}
