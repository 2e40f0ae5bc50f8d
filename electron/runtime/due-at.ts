// Provisional until the engine's dueAt (issue 31, shared/engine) is merged: the instant a paused run waits until.
import type { ConversationEvent, RunState } from '../../shared/engine'

export function dueAt(s: RunState): number | null {
  const until = s.status === 'paused' ? (s.waiting as { until?: unknown } | null)?.until : undefined
  return typeof until === 'number' ? until : null
}

/** The core's wake event (shared/engine/core, "wake"). */
export const WAKE = { kind: 'wake' } as unknown as ConversationEvent
