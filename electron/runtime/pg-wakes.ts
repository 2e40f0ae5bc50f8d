// The PostgreSQL store's due runs, shared by every instance (wakes.ts wakes them). A claim leases due runs to this
// instance in one statement: the due entries of the partial index on wake_at (migration 019), rows another
// instance's claim is taking skipped (FOR UPDATE SKIP LOCKED), then wake_lease set. A claim ends when its lease
// runs out (a crashed instance's) or when a step of the run commits (pg-step.ts writes wake_lease = 0 with the new
// wake_at). Whether the run really is due is decided again under the contact's lock by the conversation core, so a
// claim only keeps two instances from doing the same work: it is never what makes a wake happen once.
import type { Queryable } from './pg-transaction'
import type { DueRun, RunHandle } from './store'

const CLAIM = `
  UPDATE runs r SET wake_lease = $2
    FROM (SELECT id FROM runs WHERE wake_at IS NOT NULL AND wake_at <= $1 AND wake_lease <= $1
           ORDER BY wake_at LIMIT $3 FOR UPDATE SKIP LOCKED) d, contacts c
   WHERE r.id = d.id AND c.id = r.contact_id
  RETURNING r.id, r.wake_at, c.phone`

export class PgWakes {
  constructor(private readonly pool: Queryable) {}

  async claimDue(opts: { now: number; leaseMs: number; limit: number }): Promise<DueRun[]> {
    const { rows } = await this.pool.query<{ id: string; wake_at: number; phone: string }>({
      name: 'chatflow_claim_due',
      text: CLAIM,
      values: [opts.now, opts.now + opts.leaseMs, opts.limit],
    })
    return rows.map((r) => ({ runId: r.id, phone: r.phone, wakeAt: r.wake_at })).sort((a, b) => a.wakeAt - b.wakeAt)
  }

  async release(runId: string, at: number): Promise<void> {
    await this.pool.query('UPDATE runs SET wake_lease = $2 WHERE id = $1 AND wake_at IS NOT NULL', [runId, at])
  }

  /** The index in order, past the few entries live claims hold (held runs are the ones being woken now). */
  async nextDue(now: number): Promise<number | null> {
    const { rows } = await this.pool.query<{ at: number | null }>({
      name: 'chatflow_next_due',
      text: 'SELECT wake_at AS at FROM runs WHERE wake_at IS NOT NULL AND wake_lease <= $1 ORDER BY wake_at LIMIT 1',
      values: [now],
    })
    return rows[0]?.at ?? null
  }

  async runHandle(runId: string): Promise<RunHandle | null> {
    const { rows } = await this.pool.query<{
      id: string
      status: RunHandle['status']
      wake_at: number | null
      phone: string
    }>('SELECT r.id, r.status, r.wake_at, c.phone FROM runs r JOIN contacts c ON c.id = r.contact_id WHERE r.id = $1', [
      runId,
    ])
    const r = rows[0]
    return r ? { runId: r.id, phone: r.phone, status: r.status, wakeAt: r.wake_at } : null
  }

  async waitingCount(): Promise<number> {
    const { rows } = await this.pool.query<{ n: string }>('SELECT count(*) AS n FROM runs WHERE wake_at IS NOT NULL')
    return Number(rows[0]?.n ?? 0)
  }
}
