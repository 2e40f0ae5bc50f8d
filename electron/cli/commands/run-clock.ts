// Time in `chatflow run`: the chat runs on a clock that `/wait` moves forward (never real time), and each move sends
// the conversation core a wake, as a production timer would (docs/testing.md, "Time in chatflow run").
import type { Clock, RunState } from '../../../shared/engine'
import { dueAt } from '../../../shared/engine'
import type { WaitSpec } from '../../../shared/engine/conversation/format'
import { waitTarget } from '../../../shared/engine/conversation/wait'
import type { FlowDocument } from '../../../shared/flow/document'
import { formatDuration } from '../../../shared/text/duration'

export interface MovableClock extends Clock {
  /** Moves the clock forward by ms. */
  skip(ms: number): void
}

export function movableClock(base: Clock): MovableClock {
  let skipped = 0
  return { now: () => base.now() + skipped, skip: (ms) => void (skipped += Math.max(0, ms)) }
}

/** `/wait 2h`, `/wait due`, `/wait until 2026-12-01T10:00` → the test format's wait, or why not. */
export function parseWaitCommand(line: string): WaitSpec | string | null {
  const m = /^\/wait(?:\s+(.*))?$/.exec(line.trim())
  if (!m) return null
  const rest = (m[1] ?? '').trim()
  if (!rest) return 'usage: /wait <duration> (30m, 2h, 1d 4h), /wait due, or /wait until <date and time>'
  const until = /^until\s+(.+)$/.exec(rest)
  return until ? { until: until[1]!.trim() } : rest
}

/** Where the clock goes for this wait, or the sentence saying why it cannot. */
export function waitTo(
  spec: WaitSpec,
  clock: MovableClock,
  paused: RunState | null,
  flow: FlowDocument,
): { at: number; note: string } | string {
  const now = clock.now()
  const target = waitTarget(spec, now, paused, flow)
  if (!target.ok) return target.message
  return {
    at: target.at,
    note: `(${formatDuration(target.at - now)} pass: it is now ${new Date(target.at).toISOString()})`,
  }
}

/** Said after a step that left the run waiting on time, so the person knows /wait exists. */
export function waitingNote(state: RunState): string | null {
  const due = dueAt(state)
  if (due === null) return null
  const alone = state.waiting?.customer === false
  return `(${alone ? 'waiting' : 'or, with no reply,'} until ${new Date(due).toISOString()}; /wait due skips ahead)`
}
