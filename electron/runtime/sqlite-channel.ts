// The SQLite store's channel tables (migration 015): the webhook's inbox and the statuses of sent messages. One
// process owns the file, so a claim is one synchronous transaction, and leases only matter for a process that died
// mid-processing (cleared on open). A webhook is recorded with synchronous = FULL: the channel is told 200 only once
// the messages are on disk, power cut included (the rest of the runtime runs NORMAL, see db/open.ts).
import type { Database, Statement } from 'better-sqlite3'
import type { ChannelMessage, ChannelStatus } from './channel-webhook-parse'
import { errorJson, RANK, toInboxItem, type ChannelStore, type InboxRow, type QueueStats } from './channel-store'
import type { GroupCommit } from './group-commit'
import { CHAINS, HEADS } from './outbox-rows'

type Names = 'insert' | 'status' | 'claim' | 'lease' | 'done' | 'release' | 'retry' | 'failed' | 'stats' | 'inboxDepth'

export class SqliteChannel implements ChannelStore {
  private readonly sql: Record<Names, Statement>

  constructor(
    private readonly db: Database,
    private readonly writer: GroupCommit,
  ) {
    db.prepare("UPDATE runtime_channel_inbox SET lease_until = 0 WHERE status = 'pending' AND lease_until > 0").run()
    this.sql = {
      insert: db.prepare(
        'INSERT INTO runtime_channel_inbox (message_id, phone, message, received_at) VALUES (?, ?, ?, ?) ON CONFLICT (message_id) DO NOTHING',
      ),
      status: db.prepare(`
        INSERT INTO runtime_channel_status (channel_id, state, rank, error, at, received_at) VALUES (?, ?, ?, ?, ?, ?)
        ON CONFLICT (channel_id) DO UPDATE SET state = excluded.state, rank = excluded.rank, error = excluded.error, at = excluded.at,
          received_at = excluded.received_at WHERE excluded.rank > runtime_channel_status.rank`),
      claim: db.prepare(`
        WITH ready AS (SELECT o.seq, o.phone FROM (${HEADS('runtime_channel_inbox', 'phone')}) h JOIN runtime_channel_inbox o ON o.seq = h.seq
                        WHERE o.next_at <= @now AND o.lease_until <= @now ORDER BY o.seq LIMIT @limit)
        SELECT seq, message, attempts FROM runtime_channel_inbox WHERE seq IN (${CHAINS('runtime_channel_inbox', '@perContact', 'phone')}) ORDER BY seq`),
      lease: db.prepare('UPDATE runtime_channel_inbox SET lease_until = ? WHERE seq = ?'),
      done: db.prepare(
        "UPDATE runtime_channel_inbox SET status = 'done', attempts = attempts + 1, lease_until = 0, done_at = ? WHERE seq = ? AND status = 'pending'",
      ),
      release: db.prepare("UPDATE runtime_channel_inbox SET lease_until = 0 WHERE seq = ? AND status = 'pending'"),
      retry: db.prepare(
        "UPDATE runtime_channel_inbox SET attempts = ?, next_at = ?, lease_until = 0, last_error = ? WHERE seq = ? AND status = 'pending'",
      ),
      failed: db.prepare(
        "UPDATE runtime_channel_inbox SET status = 'failed', attempts = ?, lease_until = 0, last_error = ?, done_at = ? WHERE seq = ? AND status = 'pending'",
      ),
      stats: db.prepare(`
        SELECT (SELECT count(*) FROM runtime_outbox WHERE status = 'pending') AS depth,
               (SELECT min(created_at) FROM runtime_outbox WHERE status = 'pending') AS oldest,
               (SELECT min(max(o.next_at, o.created_at)) FROM (${HEADS('runtime_outbox')}) h JOIN runtime_outbox o ON o.seq = h.seq) AS due`),
      inboxDepth: db.prepare("SELECT count(*) FROM runtime_channel_inbox WHERE status = 'pending'").pluck(),
    }
  }

  async record(messages: ChannelMessage[], statuses: ChannelStatus[], at: number) {
    // SQLite refuses to change `synchronous` inside a transaction, and the group commit may have the turn's steps in
    // one: commit them now (their callers are answered as they would be next turn), then record on its own.
    this.writer.flush()
    const before = this.db.pragma('synchronous', { simple: true }) as number
    this.db.pragma('synchronous = FULL')
    try {
      return this.db.transaction(() => {
        let fresh = 0
        for (const m of messages) fresh += this.sql.insert.run(m.messageId, m.phone, JSON.stringify(m), at).changes
        for (const s of statuses) this.sql.status.run(s.channelId, s.state, RANK[s.state], errorJson(s), s.at, at)
        return { fresh, duplicates: messages.length - fresh }
      })()
    } finally {
      this.db.pragma(`synchronous = ${before}`)
    }
  }

  async claimInbox(o: { now: number; leaseMs: number; limit: number; perContact: number }) {
    return this.db.transaction(() => {
      const rows = this.sql.claim.all({ now: o.now, limit: o.limit, perContact: o.perContact }) as InboxRow[]
      for (const r of rows) this.sql.lease.run(o.now + o.leaseMs, r.seq)
      return rows.map(toInboxItem)
    })()
  }

  async inboxDone(seqs: number[], at: number) {
    this.db.transaction(() => seqs.forEach((seq) => this.sql.done.run(at, seq)))()
  }

  async inboxRelease(seqs: number[]) {
    this.db.transaction(() => seqs.forEach((seq) => this.sql.release.run(seq)))()
  }

  async inboxRetry(seq: number, attempts: number, nextAt: number, error: string) {
    this.sql.retry.run(attempts, nextAt, error, seq)
  }

  async inboxFailed(seq: number, attempts: number, error: string, at: number) {
    this.sql.failed.run(attempts, error, at, seq)
  }

  /** The outbox's leases are the sender's, in memory (sqlite-outbox.ts): a head in flight counts from when it came due. */
  async stats(now: number): Promise<QueueStats> {
    const r = this.sql.stats.get() as { depth: number; oldest: number | null; due: number | null }
    return {
      outboxDepth: r.depth,
      outboxOldestAt: r.oldest,
      outboxWaitingMs: r.due === null ? 0 : Math.max(0, now - r.due),
      inboxDepth: this.sql.inboxDepth.get() as number,
    }
  }

  async forget(before: number, limit: number) {
    return this.db.transaction(() => {
      const inbox = this.db
        .prepare(
          "DELETE FROM runtime_channel_inbox WHERE seq IN (SELECT seq FROM runtime_channel_inbox WHERE status != 'pending' AND received_at < ? LIMIT ?)",
        )
        .run(before, limit).changes
      const statuses = this.db
        .prepare(
          'DELETE FROM runtime_channel_status WHERE channel_id IN (SELECT channel_id FROM runtime_channel_status WHERE received_at < ? LIMIT ?)',
        )
        .run(before, limit).changes
      return inbox + statuses
    })()
  }
}
