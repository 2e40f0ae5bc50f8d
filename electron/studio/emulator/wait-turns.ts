import type { TraceEvent } from '../../../shared/engine'
import { formatDuration } from '../../../shared/text/duration'

// Where time passed in a recorded run, as a conversation test's `- wait: <duration>` turns (docs/testing.md): each
// step a wake began (the emulator's Skip ahead, or the studio's timer), and each skip that woke nothing (the run
// went on waiting, or its window closed: skips.ts keeps those, since nothing of the run does). A turn's duration
// is the time since the point before it (the previous step, or the previous skip), on the clock the run was
// stepped on (the emulator's), rounded up to the second: played again on the test's clock, each turn reaches the
// time the run was at, at least, as the run did.

/** A skip that woke nothing: after the run's trace event `afterSeq`, its contact's clock moved to `at`. */
export interface TimeSkip {
  afterSeq: number
  at: number
}

export interface WakeTurn {
  /**
   * Where the turn goes among the run's trace events: a wake's is the seq of its first event (the waiting node,
   * resumed on time); a skip's is half way after the event it followed (`afterSeq + 0.5`).
   */
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

export function wakeTurns(trace: TraceEvent[], skips: TimeSkip[] = []): WakeTurn[] {
  const marks = [
    ...trace.map((e) => ({ seq: e.seq, at: e.startedAt, wake: wakeAt(e) })),
    ...skips.map((s) => ({ seq: s.afterSeq + 0.5, at: s.at, wake: s.at })),
  ].sort((a, b) => a.seq - b.seq)
  const out: WakeTurn[] = []
  for (const [i, m] of marks.entries()) {
    const before = marks[i - 1]
    if (m.wake === null || !before) continue
    const ms = Math.ceil(Math.max(0, m.wake - before.at) / 1000) * 1000
    out.push({ seq: m.seq, wait: formatDuration(ms) })
  }
  return out
}

/** The first event of each step a customer message began (a resume that is not a wake), in order. */
export function answerSteps(trace: TraceEvent[]): number[] {
  return trace.filter((e) => e.phase === 'resume' && wakeAt(e) === null).map((e) => e.seq)
}
