// Broadcasts in the studio's SQLite database: the studio's own broadcasts and the runtime's SQLite store (the same
// file). Writes go through `write` (the runtime passes its group commit, so they share its transactions; the studio
// a plain transaction). One process owns the file, so a claim's lease is a column a restart finds run out.
import type { Database, Statement } from 'better-sqlite3'
import type { BroadcastStatus, BroadcastView, RecipientView } from '../../../shared/broadcast/views'
import {
  DEFAULT_SEND_RATE,
  NEW_CONVERSATIONS,
  RECIPIENT_INSERT_COLUMNS,
  deliveryReason,
  newBroadcastId,
  outcomeValues,
  recipientValues,
  toRecipientView,
  toView,
  claimed,
  type BroadcastRow,
  type RecipientRow,
} from './rows'
import {
  RecipientTaken,
  type BroadcastSpecCore,
  type BroadcastStore,
  type ClaimedRecipient,
  type NewRecipient,
  type RecipientPage,
  type RecipientWrite,
} from './store'

export type SqliteWrite = <T>(fn: () => T) => Promise<T>

/** Writes an outcome on a pending recipient inside the caller's transaction; throws RecipientTaken when not pending. */
export function writeRecipient(db: Database, w: RecipientWrite): void {
  const v = outcomeValues(w.outcome, w.at)
  const changed = db
    .prepare(
      `UPDATE broadcast_recipients SET state = ?, reason_code = ?, reason = ?, run_id = ?, contact_id = coalesce(?, contact_id),
         cost = ?, templates = ?, new_conversation = ?, started_at = ?, lease_until = 0, updated_at = ?
       WHERE broadcast_id = ? AND seq = ? AND state = 'pending'`,
    )
    .run(
      v.state,
      v.reasonCode,
      v.reason,
      v.runId,
      v.contactId,
      v.cost,
      v.templates,
      v.newConversation ? 1 : 0,
      v.startedAt,
      w.at,
      w.broadcastId,
      w.seq,
    ).changes
  if (!changed) throw new RecipientTaken(w.broadcastId, w.seq)
}

export class SqliteBroadcastStore implements BroadcastStore {
  private readonly write: SqliteWrite
  private readonly sql: Record<'claim' | 'lease' | 'counts' | 'next', Statement>

  constructor(
    private readonly db: Database,
    opts: { write?: SqliteWrite; serverRate?: number; ownsFile?: boolean } = {},
  ) {
    this.write = opts.write ?? (async (fn) => db.transaction(fn)())
    // One process holds the file: claims a killed process left are its own, void now (PostgreSQL waits them out).
    if (opts.ownsFile)
      db.prepare("UPDATE broadcast_recipients SET lease_until = 0 WHERE state = 'pending' AND lease_until > 0").run()
    this.serverRate = opts.serverRate ?? DEFAULT_SEND_RATE
    this.sql = {
      claim: db.prepare(
        `SELECT r.broadcast_id, r.seq, r.phone, r.name, r.fields, r.variables, r.due_at, b.flow_id, b.spec, b.status
         FROM broadcast_recipients r JOIN broadcasts b ON b.id = r.broadcast_id
         WHERE r.state = 'pending' AND r.due_at <= ? AND r.lease_until <= ?
           AND b.status IN ('scheduled', 'running', 'waiting_limit')
         ORDER BY r.due_at, r.broadcast_id, r.seq LIMIT ?`,
      ),
      lease: db.prepare('UPDATE broadcast_recipients SET lease_until = ? WHERE broadcast_id = ? AND seq = ?'),
      counts: db.prepare(
        'SELECT state, count(*) AS n, sum(cost) AS cost FROM broadcast_recipients WHERE broadcast_id = ? GROUP BY state',
      ),
      next: db.prepare(
        "SELECT min(due_at) AS at FROM broadcast_recipients WHERE broadcast_id = ? AND state = 'pending'",
      ),
    }
  }

  private readonly serverRate: number

  async create(spec: BroadcastSpecCore, recipients: NewRecipient[], now: number): Promise<BroadcastView> {
    const id = newBroadcastId(now)
    await this.write(() => {
      this.db
        .prepare(
          "INSERT INTO broadcasts (id, name, flow_id, spec, status, created_at) VALUES (?, ?, ?, ?, 'scheduled', ?)",
        )
        .run(id, spec.name, spec.flowId, JSON.stringify(spec), now)
      const insert = this.db.prepare(
        `INSERT INTO broadcast_recipients (${RECIPIENT_INSERT_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      recipients.forEach((r, i) => insert.run(...recipientValues(id, i + 1, r, now)))
    })
    return (await this.get(id))!
  }

  async get(id: string): Promise<BroadcastView | null> {
    const row = this.db.prepare('SELECT * FROM broadcasts WHERE id = ?').get(id) as BroadcastRow | undefined
    return row ? this.view(row) : null
  }

  private view(row: BroadcastRow): BroadcastView {
    const groups = this.sql.counts.all(row.id) as Array<{ state: RecipientView['state']; n: number; cost: number }>
    const next = (this.sql.next.get(row.id) as { at: number | null }).at
    return toView(row, groups, next, this.serverRate)
  }

  async list(limit: number): Promise<BroadcastView[]> {
    const rows = this.db
      .prepare('SELECT * FROM broadcasts ORDER BY created_at DESC LIMIT ?')
      .all(limit) as BroadcastRow[]
    return rows.map((r) => this.view(r))
  }

  async setStatus(id: string, status: BroadcastStatus, now: number, error: string | null = null) {
    const found = await this.write(() => {
      const changed = this.db
        .prepare(
          `UPDATE broadcasts SET status = ?, error = coalesce(?, error),
             started_at = CASE WHEN ? = 'running' THEN coalesce(started_at, ?) ELSE started_at END,
             paused_at = CASE WHEN ? = 'paused' THEN ? ELSE NULL END,
             finished_at = CASE WHEN ? IN ('done', 'cancelled') THEN ? ELSE NULL END
           WHERE id = ?`,
        )
        .run(status, error, status, now, status, now, status, now, id).changes
      if (changed && status === 'cancelled')
        this.db
          .prepare(
            `UPDATE broadcast_recipients SET state = 'cancelled', reason_code = 'cancelled',
               reason = 'The broadcast was cancelled before this contact was started.', updated_at = ?
             WHERE broadcast_id = ? AND state = 'pending'`,
          )
          .run(now, id)
      return changed > 0
    })
    return found ? this.get(id) : null
  }

  async claim(opts: { now: number; leaseMs: number; limit: number }): Promise<ClaimedRecipient[]> {
    if (opts.limit <= 0) return []
    return this.write(() => {
      const rows = this.sql.claim.all(opts.now, opts.now, opts.limit) as Array<
        Omit<RecipientRow, 'state'> & { flow_id: string; spec: string; status: BroadcastStatus }
      >
      const started = new Set<string>()
      const specs = new Map<string, BroadcastSpecCore>()
      const out = rows.map((r) => {
        this.sql.lease.run(opts.now + opts.leaseMs, r.broadcast_id, r.seq)
        if (r.status !== 'running') started.add(r.broadcast_id)
        let spec = specs.get(r.broadcast_id)
        if (!spec) specs.set(r.broadcast_id, (spec = JSON.parse(r.spec) as BroadcastSpecCore))
        return claimed(r, spec)
      })
      for (const id of started)
        this.db
          .prepare(
            "UPDATE broadcasts SET status = 'running', started_at = coalesce(started_at, ?) WHERE id = ? AND status IN ('scheduled', 'waiting_limit')",
          )
          .run(opts.now, id)
      return out
    })
  }

  async release(items: Array<{ broadcastId: string; seq: number }>, at: number): Promise<void> {
    if (!items.length) return
    await this.write(() => {
      for (const i of items) this.sql.lease.run(at, i.broadcastId, i.seq)
    })
  }

  async settle(w: RecipientWrite): Promise<boolean> {
    return this.write(() => {
      try {
        writeRecipient(this.db, w)
        return true
      } catch (err) {
        if (err instanceof RecipientTaken) return false
        throw err
      }
    })
  }

  async settleStarted(now: number, limit: number): Promise<{ moved: number; waiting: number }> {
    const rows = this.db
      .prepare(
        `SELECT r.broadcast_id, r.seq,
           (SELECT count(*) FROM runtime_outbox o WHERE o.run_id = r.run_id AND o.status = 'pending') AS pending,
           (SELECT o.last_error FROM runtime_outbox o WHERE o.run_id = r.run_id AND o.status = 'failed' LIMIT 1) AS failed
         FROM broadcast_recipients r WHERE r.state = 'started' LIMIT ?`,
      )
      .all(limit) as Array<{ broadcast_id: string; seq: number; pending: number; failed: string | null }>
    const done = rows.filter((r) => r.pending === 0)
    const waiting = rows.length - done.length
    if (!done.length) return { moved: 0, waiting }
    await this.write(() => {
      const mark = this.db.prepare(
        `UPDATE broadcast_recipients SET state = ?, reason_code = ?, reason = ?, updated_at = ?
         WHERE broadcast_id = ? AND seq = ? AND state = 'started'`,
      )
      for (const r of done) {
        const reason = r.failed !== null ? deliveryReason(r.failed) : null
        mark.run(reason ? 'failed' : 'sent', reason?.code ?? null, reason?.message ?? null, now, r.broadcast_id, r.seq)
      }
    })
    return { moved: done.length, waiting }
  }

  async recipients(id: string, opts: RecipientPage): Promise<RecipientView[]> {
    const rows = this.db
      .prepare(
        `SELECT * FROM broadcast_recipients WHERE broadcast_id = ? AND seq > ? ${opts.state ? 'AND state = ?' : ''}
         ORDER BY seq LIMIT ?`,
      )
      .all(...[id, opts.after ?? 0, ...(opts.state ? [opts.state] : []), opts.limit]) as RecipientRow[]
    return rows.map(toRecipientView)
  }

  async finishDone(now: number): Promise<string[]> {
    return this.write(() => {
      const ids = (
        this.db
          .prepare(
            `SELECT b.id FROM broadcasts b WHERE b.status IN ('scheduled', 'running', 'waiting_limit')
             AND NOT EXISTS (SELECT 1 FROM broadcast_recipients r WHERE r.broadcast_id = b.id AND r.state IN ('pending', 'started'))`,
          )
          .all() as Array<{ id: string }>
      ).map((r) => r.id)
      const done = this.db.prepare("UPDATE broadcasts SET status = 'done', finished_at = ? WHERE id = ?")
      for (const id of ids) done.run(now, id)
      return ids
    })
  }

  async nextDue(now: number): Promise<number | null> {
    const row = this.db
      .prepare(
        `SELECT min(max(r.due_at, r.lease_until)) AS at FROM broadcast_recipients r JOIN broadcasts b ON b.id = r.broadcast_id
         WHERE r.state = 'pending' AND b.status IN ('scheduled', 'running', 'waiting_limit')`,
      )
      .get() as { at: number | null }
    return row.at === null ? null : Math.max(row.at, now)
  }

  async newConversationsSince(since: number): Promise<number> {
    const row = this.db.prepare(NEW_CONVERSATIONS).get(since, since) as { n: number }
    return row.n
  }
}
