// What the runtime keeps for the channel (migration 015 in SQLite, schema step 5 in PostgreSQL): the inbox the
// webhook records customer messages into before it answers 200, and the statuses the channel reports for the
// messages the outbox sent. Both stores implement ChannelStore; the row shapes and rules they share are here.
import type { ChannelMessage, ChannelStatus, DeliveryState } from './channel-webhook-parse'

/** A recorded customer message, claimed by one processor for a while (its lease), like an outbox message. */
export interface InboxItem {
  seq: number
  message: ChannelMessage
  /** Attempts made before this one. */
  attempts: number
}

/** How full and how late the queues are: /metrics and /readyz read it. */
export interface QueueStats {
  /** Outbox messages not yet sent or failed. */
  outboxDepth: number
  /** When the oldest of those was committed (ms), or null. */
  outboxOldestAt: number | null
  /** The longest an unsent message has been due without a sender holding it (ms): the outbox is stuck when this grows. */
  outboxWaitingMs: number
  /** Customer messages recorded and not yet processed. */
  inboxDepth: number
}

export interface ChannelStore {
  /**
   * One webhook POST in one durable transaction: each message whose id is new goes into the inbox (a redelivered
   * one is dropped here), each status is kept unless one further along is already known. Answers how many messages
   * were new.
   */
  record(
    messages: ChannelMessage[],
    statuses: ChannelStatus[],
    at: number,
  ): Promise<{ fresh: number; duplicates: number }>
  /** Leases up to `limit` contacts' oldest due messages and up to `perContact - 1` after each, in order. */
  claimInbox(o: { now: number; leaseMs: number; limit: number; perContact: number }): Promise<InboxItem[]>
  inboxDone(seqs: number[], at: number): Promise<void>
  inboxRelease(seqs: number[]): Promise<void>
  inboxRetry(seq: number, attempts: number, nextAt: number, error: string): Promise<void>
  inboxFailed(seq: number, attempts: number, error: string, at: number): Promise<void>
  stats(now: number): Promise<QueueStats>
  /** Forgets processed inbox rows and statuses received before `before`, up to `limit` of each (retention). */
  forget(before: number, limit: number): Promise<number>
}

/**
 * Statuses arrive out of order and more than once (docs/runtime.md, The channel): a status replaces the one kept only when
 * it is further along, so `read` is never undone by a late `delivered`. A failure after `sent` or `delivered` wins;
 * once `read`, the customer has the message.
 */
export const RANK: Record<DeliveryState, number> = { sent: 1, delivered: 2, failed: 3, read: 4 }

export interface InboxRow {
  seq: number
  message: string
  attempts: number
}

export const toInboxItem = (r: InboxRow): InboxItem => ({
  seq: Number(r.seq),
  attempts: r.attempts,
  message: JSON.parse(r.message) as ChannelMessage,
})

/** The status's error as kept in the row (JSON), or null. */
export const errorJson = (s: ChannelStatus): string | null => (s.error ? JSON.stringify(s.error) : null)

/** One status per channel id, the furthest along (one POST may carry `sent` and `delivered` of one message). */
export function furthest(statuses: ChannelStatus[]): ChannelStatus[] {
  const by = new Map<string, ChannelStatus>()
  for (const s of statuses) {
    const kept = by.get(s.channelId)
    if (!kept || RANK[s.state] > RANK[kept.state]) by.set(s.channelId, s)
  }
  return [...by.values()]
}
