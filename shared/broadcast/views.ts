// What a broadcast and each of its recipients look like to every reader (the studio's commands, the publish API,
// the Broadcasts screen), whichever store keeps them (docs/runtime.md, "Broadcasts"). Pure: shared by the engine
// (electron/services/broadcast), the API and the renderer.

/**
 * scheduled: created, its first recipient not due yet; running: recipients are being started; paused: by hand, nothing
 * starts until resumed; waiting_limit: the daily limit of new conversations is reached, it goes on when the rolling
 * 24 hours free room; done: every recipient finished; cancelled: by hand, its pending recipients cancelled.
 */
export type BroadcastStatus = 'scheduled' | 'running' | 'paused' | 'waiting_limit' | 'done' | 'cancelled'

/**
 * pending: not started yet; started: its run was started (in the contact's transaction) and its messages wait in the
 * outbox; sent: the channel took its messages; failed: a message failed for good, or the run failed; blocked: not
 * started, with the reason (opted out, outside the window without a template start, invalid number, with a person);
 * cancelled: the broadcast was cancelled before it started.
 */
export type RecipientState = 'pending' | 'started' | 'sent' | 'failed' | 'blocked' | 'cancelled'

export const RECIPIENT_STATES: readonly RecipientState[] = [
  'pending',
  'started',
  'sent',
  'failed',
  'blocked',
  'cancelled',
]
export const BROADCAST_STATUSES: readonly BroadcastStatus[] = [
  'scheduled',
  'running',
  'paused',
  'waiting_limit',
  'done',
  'cancelled',
]

/**
 * The parts of a broadcast's spec the engine reads; shared/broadcast's `BroadcastSpec` (the schema the API and studio
 * parse) is assignable to it, and the whole spec is kept as given.
 */
export interface BroadcastSpecCore {
  name: string
  flowId: string
  triggerNodeId?: string
  /** For every recipient (the trigger's data), under each recipient's own variables. */
  variables?: Record<string, unknown>
  /** Messages per second for this broadcast's starts; absent: the server's send rate. */
  rate?: number
  [key: string]: unknown
}

export type RecipientCounts = Record<RecipientState, number> & { total: number; cost: number }

export interface BroadcastView {
  id: string
  name: string
  flowId: string
  status: BroadcastStatus
  spec: BroadcastSpecCore
  createdAt: number
  startedAt: number | null
  finishedAt: number | null
  pausedAt: number | null
  /** Why it stopped on its own (the flow is no longer published…), or null. */
  error: string | null
  counts: RecipientCounts
  /** The pace its recipients start at (messages per second). */
  ratePerSecond: number
  /** When its next pending recipient is due (epoch ms), or null when none is pending. */
  nextAt: number | null
}

export interface RecipientReason {
  /** Stable: opted_out, outside_window, invalid_number, with_person, duplicate, flow_missing, run_failed, a channel error code… */
  code: string
  message: string
}

export interface RecipientView {
  seq: number
  phone: string
  name: string | null
  state: RecipientState
  reason: RecipientReason | null
  runId: string | null
  /** Message credits its run's templates cost (the credit rule). */
  cost: number
  /** Names of the templates its run sent. */
  templates: string[]
  dueAt: number
  updatedAt: number
}
