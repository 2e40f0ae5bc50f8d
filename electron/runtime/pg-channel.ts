// The PostgreSQL store's channel tables (schema step 5), shared by every instance: the webhook's inbox, claimed like
// the outbox (heads locked with SKIP LOCKED, so one contact's messages are processed by one instance at a time, in
// order), and the statuses of sent messages. A commit in PostgreSQL is durable (fsync), so the channel's 200 follows it.
import type pg from 'pg'
import type { ChannelMessage, ChannelStatus } from './channel-webhook-parse'
import {
  errorJson,
  furthest,
  RANK,
  toInboxItem,
  type ChannelStore,
  type InboxRow,
  type QueueStats,
} from './channel-store'
import { CHAINS, HEADS } from './outbox-rows'

/** `($1, $2), ($3, $4)` for 2 rows of 2 columns. */
const values = (rows: number, columns: number) =>
  Array.from(
    { length: rows },
    (_, r) => `(${Array.from({ length: columns }, (_, c) => `$${r * columns + c + 1}`).join(', ')})`,
  ).join(', ')

/**
 * Rows per INSERT: PostgreSQL takes at most 65,535 parameters in one statement, and a 4 MiB POST can carry tens of
 * thousands of small messages (4 parameters each), which would fail the whole POST with 503 on every delivery.
 */
const ROWS_PER_INSERT = 5000

const chunks = <T>(items: T[]): T[][] =>
  Array.from({ length: Math.ceil(items.length / ROWS_PER_INSERT) }, (_, i) =>
    items.slice(i * ROWS_PER_INSERT, (i + 1) * ROWS_PER_INSERT),
  )

export class PgChannel implements ChannelStore {
  constructor(private readonly pool: pg.Pool) {}

  async record(messages: ChannelMessage[], statuses: ChannelStatus[], at: number) {
    const unique = [...new Map(messages.map((m) => [m.messageId, m])).values()]
    const kept = furthest(statuses)
    const client = await this.pool.connect()
    try {
      await client.query('BEGIN')
      let fresh = 0
      for (const part of chunks(unique)) {
        const res = await client.query(
          `INSERT INTO runtime_channel_inbox (message_id, phone, message, received_at) VALUES ${values(part.length, 4)} ON CONFLICT (message_id) DO NOTHING`,
          part.flatMap((m) => [m.messageId, m.phone, JSON.stringify(m), at]),
        )
        fresh += res.rowCount ?? 0
      }
      for (const part of chunks(kept)) {
        await client.query(
          `INSERT INTO runtime_channel_status (channel_id, state, rank, error, at, received_at) VALUES ${values(part.length, 6)}
           ON CONFLICT (channel_id) DO UPDATE SET state = excluded.state, rank = excluded.rank, error = excluded.error, at = excluded.at,
             received_at = excluded.received_at WHERE excluded.rank > runtime_channel_status.rank`,
          part.flatMap((s) => [s.channelId, s.state, RANK[s.state], errorJson(s), s.at, at]),
        )
      }
      await client.query('COMMIT')
      return { fresh, duplicates: messages.length - fresh }
    } catch (err) {
      await client.query('ROLLBACK').catch(() => undefined)
      throw err
    } finally {
      client.release()
    }
  }

  async claimInbox(o: { now: number; leaseMs: number; limit: number; perContact: number }) {
    const { rows } = await this.pool.query<InboxRow>(
      `WITH ready AS (
         SELECT o.seq, o.phone FROM (${HEADS('runtime_channel_inbox', 'phone')}) h JOIN runtime_channel_inbox o ON o.seq = h.seq
          WHERE o.status = 'pending' AND o.next_at <= $1 AND o.lease_until <= $1
          ORDER BY o.seq LIMIT $3 FOR UPDATE OF o SKIP LOCKED)
       UPDATE runtime_channel_inbox SET lease_until = $2 WHERE seq IN (${CHAINS('runtime_channel_inbox', '$4', 'phone')}) AND status = 'pending'
       RETURNING seq, message, attempts`,
      [o.now, o.now + o.leaseMs, o.limit, o.perContact],
    )
    return rows.sort((a, b) => Number(a.seq) - Number(b.seq)).map(toInboxItem)
  }

  async inboxDone(seqs: number[], at: number) {
    await this.pool.query(
      "UPDATE runtime_channel_inbox SET status = 'done', attempts = attempts + 1, lease_until = 0, done_at = $2 WHERE seq = ANY($1) AND status = 'pending'",
      [seqs, at],
    )
  }

  async inboxRelease(seqs: number[]) {
    await this.pool.query(
      "UPDATE runtime_channel_inbox SET lease_until = 0 WHERE seq = ANY($1) AND status = 'pending'",
      [seqs],
    )
  }

  async inboxRetry(seq: number, attempts: number, nextAt: number, error: string) {
    await this.pool.query(
      "UPDATE runtime_channel_inbox SET attempts = $2, next_at = $3, lease_until = 0, last_error = $4 WHERE seq = $1 AND status = 'pending'",
      [seq, attempts, nextAt, error],
    )
  }

  async inboxFailed(seq: number, attempts: number, error: string, at: number) {
    await this.pool.query(
      "UPDATE runtime_channel_inbox SET status = 'failed', attempts = $2, lease_until = 0, last_error = $3, done_at = $4 WHERE seq = $1 AND status = 'pending'",
      [seq, attempts, error, at],
    )
  }

  async stats(now: number): Promise<QueueStats> {
    const { rows } = await this.pool.query<{ depth: string; oldest: number | null; due: number | null; inbox: string }>(
      `SELECT (SELECT count(*) FROM runtime_outbox WHERE status = 'pending') AS depth,
              (SELECT min(created_at) FROM runtime_outbox WHERE status = 'pending') AS oldest,
              (SELECT min(GREATEST(o.next_at, o.created_at)) FROM (${HEADS('runtime_outbox')}) h JOIN runtime_outbox o ON o.seq = h.seq
                WHERE o.lease_until <= $1) AS due,
              (SELECT count(*) FROM runtime_channel_inbox WHERE status = 'pending') AS inbox`,
      [now],
    )
    const r = rows[0]!
    return {
      outboxDepth: Number(r.depth),
      outboxOldestAt: r.oldest === null ? null : Number(r.oldest),
      outboxWaitingMs: r.due === null ? 0 : Math.max(0, now - Number(r.due)),
      inboxDepth: Number(r.inbox),
    }
  }

  async forget(before: number, limit: number) {
    const inbox = await this.pool.query(
      "DELETE FROM runtime_channel_inbox WHERE seq IN (SELECT seq FROM runtime_channel_inbox WHERE status <> 'pending' AND received_at < $1 LIMIT $2 FOR UPDATE SKIP LOCKED)",
      [before, limit],
    )
    const statuses = await this.pool.query(
      'DELETE FROM runtime_channel_status WHERE channel_id IN (SELECT channel_id FROM runtime_channel_status WHERE received_at < $1 LIMIT $2 FOR UPDATE SKIP LOCKED)',
      [before, limit],
    )
    return (inbox.rowCount ?? 0) + (statuses.rowCount ?? 0)
  }
}
