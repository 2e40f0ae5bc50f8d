// Where broadcasts and their recipients are kept: one contract, two stores (SQLite here, shared by the studio and
// the runtime's SQLite store: sqlite-broadcasts.ts; PostgreSQL: electron/runtime/pg-broadcasts.ts, whose claims
// use SKIP LOCKED so several instances share the work). docs/runtime.md, "Broadcasts".
import type {
  BroadcastSpecCore,
  BroadcastStatus,
  BroadcastView,
  RecipientReason,
  RecipientState,
  RecipientView,
} from '../../../shared/broadcast/views'

export type { BroadcastSpecCore, BroadcastStatus, BroadcastView, RecipientReason, RecipientState, RecipientView }

/** A recipient as planned: who, with what, when. */
export interface NewRecipient {
  phone: string
  name?: string | null
  /** The contact's fields (CSV columns), stored on the contact when its run starts. */
  fields?: Record<string, string>
  /** This recipient's own variables, over the broadcast's. */
  variables?: Record<string, unknown>
  dueAt: number
  /** Refused while planning (an invalid number, a duplicate): kept blocked with the reason, never started. */
  blocked?: RecipientReason
}

/** A due recipient leased to this process to start (BroadcastStore.claim). */
export interface ClaimedRecipient {
  broadcastId: string
  seq: number
  phone: string
  name: string | null
  fields: Record<string, string>
  /** The broadcast's variables with the recipient's over them. */
  variables: Record<string, unknown>
  dueAt: number
  flowId: string
  triggerNodeId: string | null
  /** The broadcast's own rate (messages per second), when it set one slower than the server's. */
  rate: number | null
}

/** How a recipient's start ended, as its host reports it. */
export type RecipientOutcome =
  /**
   * Its run started: `started` while its messages wait in an outbox (the outbox's marks settle it: settleStarted),
   * `sent` when nothing waits (the studio delivers at once; a run that sent nothing).
   */
  | {
      state: 'started' | 'sent'
      runId: string
      contactId?: string
      /** Message credits of the templates it sent (the credit rule) and their names. */
      cost: number
      templates: string[]
      /** Started outside the contact's 24-hour window: a new business-initiated conversation (the daily limit). */
      newConversation: boolean
    }
  | { state: 'failed'; runId: string | null; contactId?: string; reason: RecipientReason }
  | { state: 'blocked'; runId?: string | null; contactId?: string; reason: RecipientReason }

/** A recipient's outcome written with its start, in the contact's transaction (ContactWrites.broadcastRecipient). */
export interface RecipientWrite {
  broadcastId: string
  seq: number
  outcome: RecipientOutcome
  at: number
}

/** Thrown inside a contact's transaction when the recipient is no longer pending (another start took it): rolls back. */
export class RecipientTaken extends Error {
  constructor(
    readonly broadcastId: string,
    readonly seq: number,
  ) {
    super(`Recipient ${seq} of ${broadcastId} was started already.`)
  }
}

export interface RecipientPage {
  after?: number
  limit: number
  state?: RecipientState
}

export interface BroadcastStore {
  /** Stores the broadcast (status scheduled) with its recipients numbered 1.. in order. */
  create(spec: BroadcastSpecCore, recipients: NewRecipient[], now: number): Promise<BroadcastView>
  get(id: string): Promise<BroadcastView | null>
  /** Newest first. */
  list(limit: number): Promise<BroadcastView[]>
  /**
   * Moves the broadcast to `status` (started_at / paused_at / finished_at follow); cancelled also cancels its
   * pending recipients. Null for an unknown broadcast.
   */
  setStatus(id: string, status: BroadcastStatus, now: number, error?: string | null): Promise<BroadcastView | null>
  /**
   * Leases up to `limit` pending recipients due by `now`, of broadcasts scheduled or running, earliest due first,
   * for `leaseMs`: no other claim (any instance) returns them until the lease runs out or their state moves on.
   * A scheduled broadcast with a claimed recipient becomes running.
   */
  claim(opts: { now: number; leaseMs: number; limit: number }): Promise<ClaimedRecipient[]>
  /** Gives claimed recipients back for later (paused, waiting for the limit, the outbox full). */
  release(items: Array<{ broadcastId: string; seq: number }>, at: number): Promise<void>
  /**
   * Records a start's outcome outside a contact's transaction (the studio's starts, a start that threw); only a
   * pending recipient moves (false: it had moved on already).
   */
  settle(write: RecipientWrite): Promise<boolean>
  /**
   * Started recipients whose run's outbox messages are all marked move on: any failed -> failed (with the channel's
   * error), else sent. Up to `limit` looked at; answers how many moved and how many still wait for the outbox.
   */
  settleStarted(now: number, limit: number): Promise<{ moved: number; waiting: number }>
  /**
   * Present when the outbox's sent marks settle started recipients as they are written (PostgreSQL): how many are
   * still started (their messages wait in the outbox). The runner then polls settleStarted (for failures) less often.
   */
  startedWaiting?(): Promise<number>
  recipients(id: string, opts: RecipientPage): Promise<RecipientView[]>
  /**
   * Broadcasts running or scheduled whose recipients are all finished become done (answers their ids); called by the
   * runner after its rounds.
   */
  finishDone(now: number): Promise<string[]>
  /** The earliest due time of a pending recipient of a broadcast that may start (scheduled, running), or null. */
  nextDue(now: number): Promise<number | null>
  /** How many recipients started since `since` were outside their 24-hour window (the daily limit's count). */
  newConversationsSince(since: number): Promise<number>
}
