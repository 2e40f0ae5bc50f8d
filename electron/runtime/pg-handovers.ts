// Takeovers in PostgreSQL (tables handovers, handover_messages, handover_notifications of migration 027): what a
// contact's step writes of a takeover, inside its transaction and lock (a takeover started or ended, a customer
// message held in its transcript, the person's reply, the notification to send), and the reads of the publish API
// and the notifier. Notifications are claimed as the outbox's messages are: SKIP LOCKED, a lease, at least once.
import type { Contact } from '../../shared/engine'
import type { NotificationItem } from './handover-notifier'
import { messageText, type NoticeMessage } from './handover-notice'
import { toHandover, type HandoverRow, type RuntimeHandovers } from './handover-rows'
import type { Queryable } from './pg-transaction'
import type { ContactWrites } from './store'

/** The open takeover of a contact, as a subquery of the contact's open statement (pg-step.ts). */
export const OPEN_HANDOVER = (contact: string) =>
  `(SELECT row_to_json(h) FROM handovers h WHERE h.contact_id = ${contact}.id AND h.ended_at IS NULL ORDER BY h.since DESC LIMIT 1)`

/** The takeover rows of a step, after its run rows (the transcript's reply may name a run the step wrote). */
export async function writeHandoverRows(c: Queryable, contact: Contact, writes: ContactWrites): Promise<void> {
  for (const h of writes.handovers ?? []) {
    if ('start' in h) {
      const s = h.start
      await c.query(
        `INSERT INTO handovers (id, contact_id, run_id, flow_id, node_id, since, until, by, note)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
        [s.id, contact.id, s.runId, s.flowId, s.nodeId, s.since, s.until, s.by, s.note],
      )
      continue
    }
    const e = h.end
    await c.query(
      `UPDATE handovers SET ended_at = $2, ended_by = $3, return_vars = $4 WHERE id = $1 AND ended_at IS NULL`,
      [e.handoverId, e.at, e.by, JSON.stringify(e.variables ?? {})],
    )
  }
  for (const m of writes.transcript ?? [])
    await c.query(
      `INSERT INTO handover_messages (handover_id, seq, at, direction, message)
       SELECT $1, coalesce((SELECT max(seq) FROM handover_messages WHERE handover_id = $1), -1) + 1, $2, $3, $4`,
      [m.handoverId, m.at, m.direction, JSON.stringify(m.message)],
    )
  const r = writes.personReply
  if (r) {
    const payload = JSON.stringify(r.message)
    await c.query(
      `INSERT INTO runtime_outbox (id, run_id, flow_id, contact_id, phone, message, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7)`,
      [r.id, r.runId, r.flowId, contact.id, contact.phone, payload, r.at],
    )
    // Among the run's messages, as the person's (Flow Logs), after whatever the run itself sent.
    if (r.runId !== null)
      await c.query(
        `INSERT INTO messages (run_id, seq, contact_id, direction, type, payload, created_at, message_id, author)
         SELECT $1, coalesce((SELECT max(seq) FROM messages WHERE run_id = $1), -1) + 1, $2, 'out', $3, $4, $5, $6, 'person'`,
        [r.runId, contact.id, r.message.type, payload, r.at, r.id],
      )
  }
  for (const n of writes.notifications ?? [])
    await c.query(
      `INSERT INTO handover_notifications (id, handover_id, event, body, created_at) VALUES ($1, $2, $3, $4, $5)`,
      [n.id, n.handoverId, n.event, n.body, n.at],
    )
}

/** The contact's newest run (ContactTx.newestRun). */
export async function newestRun(c: Queryable, contactId: string): Promise<{ id: string; flowId: string } | null> {
  const { rows } = await c.query<{ id: string; flow_id: string }>(
    'SELECT id, flow_id FROM runs WHERE contact_id = $1 ORDER BY started_at DESC, seq DESC LIMIT 1',
    [contactId],
  )
  return rows[0] ? { id: rows[0].id, flowId: rows[0].flow_id } : null
}

/** The contact's last messages, oldest first, from its newest runs (ContactTx.recentMessages). */
export async function recentMessages(c: Queryable, contactId: string, limit: number): Promise<NoticeMessage[]> {
  const { rows } = await c.query<{ created_at: number; direction: 'in' | 'out'; payload: string }>(
    `SELECT m.created_at, m.direction, m.payload FROM messages m
      WHERE m.run_id IN (SELECT id FROM runs WHERE contact_id = $1 ORDER BY started_at DESC LIMIT 5)
      ORDER BY m.created_at DESC, m.seq DESC LIMIT $2`,
    [contactId, limit],
  )
  return rows.reverse().map((r) => ({
    at: Number(r.created_at),
    direction: r.direction,
    text: messageText(r.direction, JSON.parse(r.payload)),
  }))
}

export class PgHandovers implements RuntimeHandovers {
  constructor(private readonly pool: Queryable) {}

  async list(opts: { open: boolean; limit: number }) {
    const { rows } = await this.pool.query<HandoverRow & { phone: string; name: string }>(
      `SELECT h.*, c.phone, c.name FROM handovers h JOIN contacts c ON c.id = h.contact_id
        ${opts.open ? 'WHERE h.ended_at IS NULL' : ''} ORDER BY h.since DESC, h.id LIMIT $1`,
      [opts.limit],
    )
    return rows.map((r) => ({ ...toHandover(r), contact: { phone: r.phone, name: r.name } }))
  }

  async get(id: string) {
    const { rows } = await this.pool.query<HandoverRow>('SELECT * FROM handovers WHERE id = $1', [id])
    return rows[0] ? toHandover(rows[0]) : null
  }

  async transcript(handoverId: string) {
    const { rows } = await this.pool.query<{ seq: number; at: number; direction: 'in' | 'out'; message: string }>(
      'SELECT seq, at, direction, message FROM handover_messages WHERE handover_id = $1 ORDER BY seq',
      [handoverId],
    )
    return rows.map((r) => ({ seq: r.seq, at: Number(r.at), direction: r.direction, message: JSON.parse(r.message) }))
  }

  async due(now: number, limit: number) {
    const { rows } = await this.pool.query<{ id: string; phone: string }>(
      `SELECT h.id, c.phone FROM handovers h JOIN contacts c ON c.id = h.contact_id
        WHERE h.ended_at IS NULL AND h.until <= $1 AND h.run_id IS NULL ORDER BY h.until LIMIT $2`,
      [now, limit],
    )
    return rows
  }

  async forget(before: number, limit: number) {
    const { rowCount } = await this.pool.query(
      `DELETE FROM handover_notifications WHERE seq IN (
         SELECT seq FROM handover_notifications WHERE status <> 'pending' AND done_at < $1 LIMIT $2 FOR UPDATE SKIP LOCKED)`,
      [before, limit],
    )
    return rowCount ?? 0
  }

  async claimNotifications(o: { now: number; leaseMs: number; limit: number }): Promise<NotificationItem[]> {
    const { rows } = await this.pool.query<{
      seq: number
      id: string
      event: NotificationItem['event']
      body: string
      attempts: number
    }>(
      `UPDATE handover_notifications SET lease_until = $2 WHERE seq IN (
         SELECT seq FROM handover_notifications WHERE status = 'pending' AND next_at <= $1 AND lease_until <= $1
          ORDER BY seq LIMIT $3 FOR UPDATE SKIP LOCKED)
       RETURNING seq, id, event, body, attempts`,
      [o.now, o.now + o.leaseMs, o.limit],
    )
    return rows.map((r) => ({ ...r, seq: Number(r.seq) })).sort((a, b) => a.seq - b.seq)
  }

  async notificationSent(seq: number, at: number) {
    await this.pool.query(
      "UPDATE handover_notifications SET status = 'sent', attempts = attempts + 1, lease_until = 0, done_at = $2 WHERE seq = $1 AND status = 'pending'",
      [seq, at],
    )
  }

  async notificationRetry(seq: number, attempts: number, nextAt: number, error: string) {
    await this.pool.query(
      "UPDATE handover_notifications SET attempts = $2, next_at = $3, lease_until = 0, last_error = $4 WHERE seq = $1 AND status = 'pending'",
      [seq, attempts, nextAt, error],
    )
  }

  async notificationFailed(seq: number, attempts: number, error: string, at: number) {
    await this.pool.query(
      "UPDATE handover_notifications SET status = 'failed', attempts = $2, lease_until = 0, last_error = $3, done_at = $4 WHERE seq = $1 AND status = 'pending'",
      [seq, attempts, error, at],
    )
  }
}
