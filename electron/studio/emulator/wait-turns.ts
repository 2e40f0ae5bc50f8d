import type { TraceEvent } from '../../../shared/engine'
import { formatDuration } from '../../../shared/text/duration'

// Where time passed in a recorded run: each step a wake began (the emulator's Skip ahead, or the studio's timer),
// as a conversation test's `- wait: <duration>` turn (docs/testing.md). The duration is the time from the step
// that left the run waiting to the wake, on the clock the run was stepped on (the emulator's), rounded up to the
// second: played again on the test's clock it reaches the due time at least, as the run did.

export interface WakeTurn {
  /** The trace seq of the wake's first event (the waiting node, resumed on time). */
  seq: number
  wait: string
}

/** A wake's trace event carries `input.wake = {until, at}` (ISO times) and `phase: 'resume'` (docs/engine.md). */
function wakeAt(e: TraceEvent): number | null {
  if (e.phase !== 'resume') return null
  const wake = (e.input as { wake?: { at?: unknown } } | null)?.wake
  const at = typeof wake?.at === 'string' ? Date.parse(wake.at) : NaN
  return Number.isFinite(at) ? at : null
}

export function wakeTurns(trace: TraceEvent[]): WakeTurn[] {
  const out: WakeTurn[] = []
  const bySeq = [...trace].sort((a, b) => a.seq - b.seq)
  for (const [i, e] of bySeq.entries()) {
    const at = wakeAt(e)
    const before = bySeq[i - 1]
    if (at === null || !before) continue
    const ms = Math.ceil(Math.max(0, at - before.startedAt) / 1000) * 1000
    out.push({ seq: e.seq, wait: formatDuration(ms) })
  }
  return out
}

/** The first event of each step a customer message began (a resume that is not a wake), in order. */
export function answerSteps(trace: TraceEvent[]): number[] {
  return trace.filter((e) => e.phase === 'resume' && wakeAt(e) === null).map((e) => e.seq)
}
