// Broadcasts on PostgreSQL (the contract and rows: electron/services/broadcast). Several instances share the work:
// a claim leases due pending recipients FOR UPDATE SKIP LOCKED, so two instances never take the same recipient at
// once; whether it is still pending is decided again in the contact's transaction (writeRecipientPg), so a claim
// that ran out while its instance stalled starts the recipient once all the same.
import type pg from 'pg'
import type { BroadcastStatus, BroadcastView, RecipientView } from '../../shared/broadcast/views'
import {
  DEFAULT_SEND_RATE,
  NEW_CONVERSATIONS,
  deliveryReason,
  newBroadcastId,
  outcomeValues,
  recipientValues,
  toRecipientView,
  toView,
  claimed,
  type BroadcastRow,
  type RecipientRow,
} from '../services/broadcast/rows'
import {
  RecipientTaken,
  type BroadcastSpecCore,
  type BroadcastStore,
  type ClaimedRecipient,
  type NewRecipient,
  type RecipientPage,
  type RecipientWrite,
} from '../services/broadcast/store'
import { transaction, type Queryable } from './pg-transaction'

const MAY_START = "('scheduled', 'running', 'waiting_limit')"

/** In the contact's transaction: the outcome, only on a pending recipient (else RecipientTaken: roll back). */
export async function writeRecipientPg(c: Queryable, w: RecipientWrite): Promise<void> {
  const v = outcomeValues(w.outcome, w.at)
  const { rowCount } = await c.query({
    name: 'chatflow_broadcast_recipient',
    text: `UPDATE broadcast_recipients SET state = $1, reason_code = $2, reason = $3, run_id = $4,
             contact_id = coalesce($5, contact_id), cost = $6, templates = $7, new_conversation = $8, started_at = $9,
             lease_until = 0, updated_at = $10
           WHERE broadcast_id = $11 AND seq = $12 AND state = 'pending'`,
    values: [
      v.state,
      v.reasonCode,
      v.reason,
      v.runId,
      v.contactId,
      v.cost,
      v.templates,
      v.newConversation,
      v.startedAt,
      w.at,
      w.broadcastId,
      w.seq,
    ],
  })
  if (!rowCount) throw new RecipientTaken(w.broadcastId, w.seq)
}

/**
 * The outcomes of several recipients started in one contacts' transaction (a group of a round: broadcast-host.ts), in
 * one statement per broadcast instead of one per recipient. Their rows are locked first in seq order (the order
 * cancel's update takes them in, so the two never deadlock), and only pending ones move: one that is not (another
 * start took it) throws RecipientTaken and the whole group's transaction keeps nothing. The rows are found by the
 * primary key, one lookup per seq (a locking subquery is never merged into a join, so each runs as its own index
 * probe, in seq order): a join of the JSON rows with the table was planned as a scan, and so was
 * `broadcast_id = $1 AND seq = ANY($2) AND state = 'pending'` on a table without statistics yet (a broadcast's first
 * minute, before autovacuum's ANALYZE): every recipient of the broadcast read off an index and filtered by seq,
 * 3-5 ms a group of 16 in a 20,000 broadcast (pg-broadcast-reads.test.ts). Whether a row is pending is read from the
 * locked row (the lock returns its latest version).
 */
export async function writeRecipientsPg(c: Queryable, writes: RecipientWrite[]): Promise<void> {
  const byBroadcast = new Map<string, RecipientWrite[]>()
  for (const w of writes) byBroadcast.set(w.broadcastId, [...(byBroadcast.get(w.broadcastId) ?? []), w])
  for (const [broadcastId, ws] of byBroadcast) {
    const v = ws.map((w) => ({ ...outcomeValues(w.outcome, w.at), at: w.at, seq: w.seq }))
    const { rows } = await c.query<{ seq: number }>({
      name: 'chatflow_broadcast_recipients',
      text: `WITH l AS (
               SELECT b.seq, b.state FROM (SELECT DISTINCT unnest($2::int[]) AS seq ORDER BY 1) s,
                 LATERAL (SELECT seq, state FROM broadcast_recipients WHERE broadcast_id = $1 AND seq = s.seq FOR UPDATE) b)
             UPDATE broadcast_recipients r SET state = x.state, reason_code = x.reason_code, reason = x.reason,
               run_id = x.run_id, contact_id = coalesce(x.contact_id, r.contact_id), cost = x.cost, templates = x.templates,
               new_conversation = x.new_conversation, started_at = x.started_at, lease_until = 0, updated_at = x.at
             FROM unnest($2::int[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::real[], $9::text[],
                         $10::boolean[], $11::bigint[], $12::bigint[])
                  AS x(seq, state, reason_code, reason, run_id, contact_id, cost, templates, new_conversation, started_at, at)
             WHERE r.broadcast_id = $1 AND r.seq = x.seq AND r.seq IN (SELECT seq FROM l WHERE l.state = 'pending')
             RETURNING r.seq`,
      values: [
        broadcastId,
        v.map((x) => x.seq),
        v.map((x) => x.state),
        v.map((x) => x.reasonCode),
        v.map((x) => x.reason),
        v.map((x) => x.runId),
        v.map((x) => x.contactId),
        v.map((x) => x.cost),
        v.map((x) => x.templates),
        v.map((x) => x.newConversation),
        v.map((x) => x.startedAt),
        v.map((x) => x.at),
      ],
    })
    if (rows.length < ws.length) {
      const moved = new Set(rows.map((r) => Number(r.seq)))
      const taken = ws.find((w) => !moved.has(w.seq))!
      throw new RecipientTaken(taken.broadcastId, taken.seq)
    }
  }
}

export class PgBroadcastStore implements BroadcastStore {
  constructor(
    private readonly pool: pg.Pool,
    private readonly serverRate = DEFAULT_SEND_RATE,
  ) {}

  async create(spec: BroadcastSpecCore, recipients: NewRecipient[], now: number): Promise<BroadcastView> {
    const id = newBroadcastId(now)
    await transaction(this.pool, async (c) => {
      await c.query(
        "INSERT INTO broadcasts (id, name, flow_id, spec, status, created_at) VALUES ($1, $2, $3, $4, 'scheduled', $5)",
        [id, spec.name, spec.flowId, JSON.stringify(spec), now],
      )
      // 5,000 rows a statement, as one JSON array each.
      for (let from = 0; from < recipients.length; from += 5000) {
        const rows = recipients.slice(from, from + 5000).map((r, i) => recipientValues(id, from + i + 1, r, now))
        await c.query(
          `INSERT INTO broadcast_recipients (broadcast_id, seq, phone, name, fields, variables, due_at, state, reason_code, reason, updated_at)
           SELECT x->>0, (x->>1)::int, x->>2, x->>3, x->>4, x->>5, (x->>6)::bigint, x->>7, x->>8, x->>9, (x->>10)::bigint
           FROM json_array_elements($1::json) AS x`,
          [JSON.stringify(rows)],
        )
      }
    })
    return (await this.get(id))!
  }

  async get(id: string): Promise<BroadcastView | null> {
    const { rows } = await this.pool.query<BroadcastRow>('SELECT * FROM broadcasts WHERE id = $1', [id])
    return rows[0] ? this.view(rows[0]) : null
  }

  private async view(row: BroadcastRow): Promise<BroadcastView> {
    const { rows: groups } = await this.pool.query<{ state: RecipientView['state']; n: number; cost: number | null }>(
      'SELECT state, count(*) AS n, sum(cost) AS cost FROM broadcast_recipients WHERE broadcast_id = $1 GROUP BY state',
      [row.id],
    )
    const { rows } = await this.pool.query<{ at: number | null }>(
      "SELECT min(due_at) AS at FROM broadcast_recipients WHERE broadcast_id = $1 AND state = 'pending'",
      [row.id],
    )
    return toView(row, groups, rows[0]?.at ?? null, this.serverRate)
  }

  async list(limit: number): Promise<BroadcastView[]> {
    const { rows } = await this.pool.query<BroadcastRow>('SELECT * FROM broadcasts ORDER BY created_at DESC LIMIT $1', [
      limit,
    ])
    return Promise.all(rows.map((r) => this.view(r)))
  }

  async setStatus(id: string, status: BroadcastStatus, now: number, error: string | null = null) {
    const found = await transaction(this.pool, async (c) => {
      const { rowCount } = await c.query(
        `UPDATE broadcasts SET status = $1, error = coalesce($2, error),
           started_at = CASE WHEN $1 = 'running' THEN coalesce(started_at, $3) ELSE started_at END,
           paused_at = CASE WHEN $1 = 'paused' THEN $3 ELSE NULL END,
           finished_at = CASE WHEN $1 IN ('done', 'cancelled') THEN $3 ELSE NULL END
         WHERE id = $4`,
        [status, error, now, id],
      )
      if (rowCount && status === 'cancelled')
        await c.query(
          `UPDATE broadcast_recipients SET state = 'cancelled', reason_code = 'cancelled',
             reason = 'The broadcast was cancelled before this contact was started.', updated_at = $1
           WHERE broadcast_id = $2 AND state = 'pending'`,
          [now, id],
        )
      return (rowCount ?? 0) > 0
    })
    return found ? this.get(id) : null
  }

  async claim(opts: { now: number; leaseMs: number; limit: number }): Promise<ClaimedRecipient[]> {
    if (opts.limit <= 0) return []
    const { rows } = await this.pool.query<
      Omit<RecipientRow, 'state'> & { flow_id: string; spec: string; status: BroadcastStatus }
    >({
      name: 'chatflow_broadcast_claim',
      text: `WITH due AS (
               SELECT r.broadcast_id, r.seq FROM broadcast_recipients r JOIN broadcasts b ON b.id = r.broadcast_id
               WHERE r.state = 'pending' AND r.due_at <= $1 AND r.lease_until <= $1 AND b.status IN ${MAY_START}
               ORDER BY r.due_at, r.broadcast_id, r.seq LIMIT $3 FOR UPDATE OF r SKIP LOCKED),
             leased AS (
               UPDATE broadcast_recipients r SET lease_until = $2 FROM due
               WHERE r.broadcast_id = due.broadcast_id AND r.seq = due.seq
               RETURNING r.broadcast_id, r.seq, r.phone, r.name, r.fields, r.variables, r.due_at),
             started AS (
               UPDATE broadcasts SET status = 'running', started_at = coalesce(started_at, $1)
               WHERE id IN (SELECT broadcast_id FROM leased) AND status IN ('scheduled', 'waiting_limit'))
             SELECT l.*, b.flow_id, b.spec, b.status FROM leased l JOIN broadcasts b ON b.id = l.broadcast_id
             ORDER BY l.due_at, l.broadcast_id, l.seq`,
      values: [opts.now, opts.now + opts.leaseMs, opts.limit],
    })
    const specs = new Map<string, BroadcastSpecCore>()
    return rows.map((r) => {
      let spec = specs.get(r.broadcast_id)
      if (!spec) specs.set(r.broadcast_id, (spec = JSON.parse(r.spec) as BroadcastSpecCore))
      return claimed(r, spec)
    })
  }

  async release(items: Array<{ broadcastId: string; seq: number }>, at: number): Promise<void> {
    if (!items.length) return
    await this.pool.query(
      `UPDATE broadcast_recipients r SET lease_until = $2
       FROM json_to_recordset($1::json) AS x(b text, s int) WHERE r.broadcast_id = x.b AND r.seq = x.s`,
      [JSON.stringify(items.map((i) => ({ b: i.broadcastId, s: i.seq }))), at],
    )
  }

  async settle(w: RecipientWrite): Promise<boolean> {
    try {
      await writeRecipientPg(this.pool, w)
      return true
    } catch (err) {
      if (err instanceof RecipientTaken) return false
      throw err
    }
  }

  async settleStarted(now: number, limit: number): Promise<{ moved: number; waiting: number }> {
    const { rows } = await this.pool.query<{
      broadcast_id: string
      seq: number
      pending: number
      failed: string | null
    }>({
      name: 'chatflow_broadcast_started',
      text: `SELECT r.broadcast_id, r.seq,
               (SELECT count(*) FROM runtime_outbox o WHERE o.run_id = r.run_id AND o.status = 'pending') AS pending,
               (SELECT o.last_error FROM runtime_outbox o WHERE o.run_id = r.run_id AND o.status = 'failed' LIMIT 1) AS failed
             FROM broadcast_recipients r WHERE r.state = 'started' LIMIT $1`,
      values: [limit],
    })
    const done = rows.filter((r) => Number(r.pending) === 0)
    const waiting = rows.length - done.length
    if (!done.length) return { moved: 0, waiting }
    const marks = done.map((r) => {
      const reason = r.failed !== null ? deliveryReason(r.failed) : null
      return {
        b: r.broadcast_id,
        s: r.seq,
        st: reason ? 'failed' : 'sent',
        c: reason?.code ?? null,
        m: reason?.message ?? null,
      }
    })
    // Two instances settling together: the state = 'started' condition moves each once.
    await this.pool.query(
      `UPDATE broadcast_recipients r SET state = x.st, reason_code = x.c, reason = x.m, updated_at = $2
       FROM json_to_recordset($1::json) AS x(b text, s int, st text, c text, m text)
       WHERE r.broadcast_id = x.b AND r.seq = x.s AND r.state = 'started'`,
      [JSON.stringify(marks), now],
    )
    return { moved: done.length, waiting }
  }

  async startedWaiting(): Promise<number> {
    const { rows } = await this.pool.query<{ n: string }>({
      name: 'chatflow_broadcast_started_waiting',
      text: "SELECT count(*) AS n FROM broadcast_recipients WHERE state = 'started'",
    })
    return Number(rows[0]?.n ?? 0)
  }

  async recipients(id: string, opts: RecipientPage): Promise<RecipientView[]> {
    const { rows } = await this.pool.query<RecipientRow>(
      `SELECT * FROM broadcast_recipients WHERE broadcast_id = $1 AND seq > $2 AND ($3::text IS NULL OR state = $3)
       ORDER BY seq LIMIT $4`,
      [id, opts.after ?? 0, opts.state ?? null, opts.limit],
    )
    return rows.map(toRecipientView)
  }

  async finishDone(now: number): Promise<string[]> {
    const { rows } = await this.pool.query<{ id: string }>(
      `UPDATE broadcasts b SET status = 'done', finished_at = $1
       WHERE b.status IN ${MAY_START}
         AND NOT EXISTS (SELECT 1 FROM broadcast_recipients r WHERE r.broadcast_id = b.id AND r.state IN ('pending', 'started'))
       RETURNING b.id`,
      [now],
    )
    return rows.map((r) => r.id)
  }

  async nextDue(now: number): Promise<number | null> {
    const { rows } = await this.pool.query<{ at: number | null }>(
      `SELECT min(greatest(r.due_at, r.lease_until)) AS at FROM broadcast_recipients r JOIN broadcasts b ON b.id = r.broadcast_id
       WHERE r.state = 'pending' AND b.status IN ${MAY_START}`,
    )
    const at = rows[0]?.at ?? null
    return at === null ? null : Math.max(Number(at), now)
  }

  async newConversationsSince(since: number): Promise<number> {
    const { rows } = await this.pool.query<{ n: number }>(NEW_CONVERSATIONS.replace(/\?/g, '$1'), [since])
    return Number(rows[0]?.n ?? 0)
  }
}
