// A conversation test's `wait:` turn: where the test's clock moves to. The player then sends the conversation core
// `{kind: 'wake'}`, exactly as a host's timer would, so a test replays in no time what takes hours in production.
import { flowSettings } from '../../flow/settings'
import type { FlowDocument } from '../../flow/document'
import { readInstant } from '../../nodes/wait/instant'
import { formatDuration, parseDuration } from '../../text/duration'
import { dueAt } from '../machine'
import type { RunState } from '../types'
import type { WaitSpec } from './format'

export type WaitTarget = { ok: true; at: number } | { ok: false; message: string }

export function waitTarget(spec: WaitSpec, now: number, run: RunState | null, flow: FlowDocument): WaitTarget {
  if (typeof spec === 'string') {
    if (spec.trim() === 'due') {
      const due = run ? dueAt(run) : null
      if (due === null)
        return { ok: false, message: 'wait: due, but the run waits on no time (no Wait, no "no reply within")' }
      return { ok: true, at: Math.max(now, due) }
    }
    const ms = parseDuration(spec)
    return ms === null ? { ok: false, message: `wait: '${spec}' is not a duration` } : { ok: true, at: now + ms }
  }
  const zone = flowSettings(flow).timeZone
  const at = readInstant(spec.until, zone)
  if (at === null)
    return {
      ok: false,
      message: `wait: until '${spec.until}' is not a date and time (2026-12-01T10:00 in ${zone}, or with an offset)`,
    }
  if (at < now)
    return {
      ok: false,
      message: `wait: until ${new Date(at).toISOString()} is before the test's clock (${new Date(now).toISOString()}); time only moves forward`,
    }
  return { ok: true, at }
}

/** How a wait turn is written back (the recorder, generated tests): the time it moved, as a duration. */
export function waitLabel(ms: number): string {
  return formatDuration(ms)
}
