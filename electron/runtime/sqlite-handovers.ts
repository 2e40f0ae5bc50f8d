// Takeovers in the SQLite store, as pg-handovers.ts is in PostgreSQL: the rows a contact's step writes of a takeover
// (inside the group commit's transaction, so with the step or not at all), the publish API's reads, and the
// notification queue. The takeovers and their transcripts go through the studio's HandoverStore (the same database
// file, electron/services/handovers); the notifications are the runtime's. One process holds the file, so a
// notification's lease is kept in memory, as the outbox's.
import type { Database, Statement } from 'better-sqlite3'
import type { Contact, Handover } from '../../shared/engine'
import type { GroupCommit } from './group-commit'
import type { NotificationItem } from './handover-notifier'
import { messageText, type NoticeMessage } from './handover-notice'
import { HandoverStore } from '../services/handovers'
import { toHandover, type HandoverRow, type RuntimeHandovers, type TranscriptLine } from './handover-rows'
import type { ContactWrites } from './store'

type Sql = 'reply' | 'said' | 'notice' | 'recent' | 'newest' | 'claim' | 'sent' | 'retry' | 'failed'

export class SqliteHandovers implements RuntimeHandovers {
  private readonly sql: Record<Sql, Statement>
  private readonly store: HandoverStore
  /** Notifications being sent by this process, and until when (seq → epoch ms). */
  private readonly leases = new Map<number, number>()

  constructor(
    private readonly db: Database,
    private readonly writer: GroupCommit,
  ) {
    this.store = new HandoverStore(db)
    this.sql = {
      reply: db.prepare(
        'INSERT INTO runtime_outbox (id, run_id, flow_id, contact_id, phone, message, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
      ),
      said: db.prepare(`INSERT INTO messages (run_id, seq, contact_id, direction, type, payload, created_at, message_id, author)
        SELECT @run, coalesce((SELECT max(seq) FROM messages WHERE run_id = @run), -1) + 1, @contact, 'out', @type,
               @payload, @at, @id, 'person'`),
      notice: db.prepare(
        'INSERT INTO handover_notifications (id, handover_id, event, body, created_at) VALUES (?, ?, ?, ?, ?)',
      ),
      recent: db.prepare(`SELECT m.created_at, m.direction, m.payload FROM messages m
        WHERE m.run_id IN (SELECT id FROM runs WHERE contact_id = ? ORDER BY started_at DESC, rowid DESC LIMIT 5)
        ORDER BY m.created_at DESC, m.seq DESC LIMIT ?`),
      newest: db.prepare(
        'SELECT id, flow_id FROM runs WHERE contact_id = ? ORDER BY started_at DESC, rowid DESC LIMIT 1',
      ),
      claim: db.prepare(`SELECT seq, id, event, body, attempts FROM handover_notifications
        WHERE status = 'pending' AND next_at <= @now AND seq NOT IN (SELECT value FROM json_each(@leased)) ORDER BY seq LIMIT @limit`),
      sent: db.prepare(
        "UPDATE handover_notifications SET status = 'sent', attempts = attempts + 1, done_at = ? WHERE seq = ? AND status = 'pending'",
      ),
      retry: db.prepare(
        "UPDATE handover_notifications SET attempts = ?, next_at = ?, last_error = ? WHERE seq = ? AND status = 'pending'",
      ),
      failed: db.prepare(
        "UPDATE handover_notifications SET status = 'failed', attempts = ?, last_error = ?, done_at = ? WHERE seq = ? AND status = 'pending'",
      ),
    }
  }

  /** The contact's open takeover (read when its transaction opens). */
  current(contactId: string): Handover | null {
    return this.store.current(contactId)
  }

  /** Inside the step's savepoint (SqliteStep.write), after its runs. */
  write(contact: Contact, writes: ContactWrites): void {
    for (const h of writes.handovers ?? []) this.store.apply(contact.id, h)
    for (const m of writes.transcript ?? []) this.store.append(m.handoverId, m.at, m)
    const r = writes.personReply
    if (r) {
      const payload = JSON.stringify(r.message)
      this.sql.reply.run(r.id, r.runId, r.flowId, contact.id, contact.phone, payload, r.at)
      if (r.runId !== null)
        this.sql.said.run({ run: r.runId, contact: contact.id, type: r.message.type, payload, at: r.at, id: r.id })
    }
    for (const n of writes.notifications ?? []) this.sql.notice.run(n.id, n.handoverId, n.event, n.body, n.at)
  }

  recentMessages(contactId: string, limit: number): NoticeMessage[] {
    const rows = this.sql.recent.all(contactId, limit) as Array<{
      created_at: number
      direction: 'in' | 'out'
      payload: string
    }>
    return rows
      .reverse()
      .map((r) => ({ at: r.created_at, direction: r.direction, text: messageText(r.direction, JSON.parse(r.payload)) }))
  }

  newestRun(contactId: string): { id: string; flowId: string } | null {
    const row = this.sql.newest.get(contactId) as { id: string; flow_id: string } | undefined
    return row ? { id: row.id, flowId: row.flow_id } : null
  }

  async list(opts: { open: boolean; limit: number }) {
    const rows = this.db
      .prepare(
        `SELECT h.*, c.phone, c.name FROM handovers h JOIN contacts c ON c.id = h.contact_id
          ${opts.open ? 'WHERE h.ended_at IS NULL' : ''} ORDER BY h.since DESC, h.id LIMIT ?`,
      )
      .all(opts.limit) as Array<HandoverRow & { phone: string; name: string }>
    return rows.map((r) => ({ ...toHandover(r), contact: { phone: r.phone, name: r.name } }))
  }

  async get(id: string) {
    const r = this.store.get(id)
    if (!r) return null
    const { contactId: _c, returnVars, ...handover } = r
    return { ...handover, returnVariables: returnVars }
  }

  async transcript(handoverId: string): Promise<TranscriptLine[]> {
    return this.store.transcript(handoverId)
  }

  async due(now: number, limit: number) {
    return this.db
      .prepare(
        `SELECT h.id, c.phone FROM handovers h JOIN contacts c ON c.id = h.contact_id
          WHERE h.ended_at IS NULL AND h.until <= ? AND h.run_id IS NULL ORDER BY h.until LIMIT ?`,
      )
      .all(now, limit) as Array<{ id: string; phone: string }>
  }

  async forget(before: number, limit: number) {
    const forget = this.db.prepare(`DELETE FROM handover_notifications WHERE seq IN (
      SELECT seq FROM handover_notifications WHERE status <> 'pending' AND done_at < ? LIMIT ?)`)
    return this.writer.run(() => forget.run(before, limit).changes)
  }

  /** A read, as the outbox's claim: only while no transaction is open, so an uncommitted takeover is never sent. */
  async claimNotifications(o: { now: number; leaseMs: number; limit: number }): Promise<NotificationItem[]> {
    while (this.writer.open) await this.writer.committed().catch(() => undefined)
    for (const [seq, until] of this.leases) if (until <= o.now) this.leases.delete(seq)
    const rows = this.sql.claim.all({
      now: o.now,
      leased: JSON.stringify([...this.leases.keys()]),
      limit: o.limit,
    }) as NotificationItem[]
    for (const r of rows) this.leases.set(r.seq, o.now + o.leaseMs)
    return rows
  }

  async notificationSent(seq: number, at: number) {
    await this.writer.run(() => this.sql.sent.run(at, seq))
    this.leases.delete(seq)
  }

  async notificationRetry(seq: number, attempts: number, nextAt: number, error: string) {
    await this.writer.run(() => this.sql.retry.run(attempts, nextAt, error, seq))
    this.leases.delete(seq)
  }

  async notificationFailed(seq: number, attempts: number, error: string, at: number) {
    await this.writer.run(() => this.sql.failed.run(attempts, error, at, seq))
    this.leases.delete(seq)
  }
}
