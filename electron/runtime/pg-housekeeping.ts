// The PostgreSQL store's housekeeping statements (housekeeping.ts runs them on a timer, on every instance): the
// paused runs the expiry sweep looks at, and the deletes that keep finished runs and processed message ids from
// growing without bound. Each delete skips rows another instance's sweep holds (SKIP LOCKED).
import type { Queryable } from './pg-transaction'
import type { PausedCandidate } from './store'

export class PgHousekeeping {
  constructor(private readonly pool: Queryable) {}

  async pausedCandidates(
    before: number,
    limit: number,
    after = { updatedAt: -1, runId: '' },
  ): Promise<PausedCandidate[]> {
    const { rows } = await this.pool.query<{ id: string; updated_at: number; phone: string }>(
      `SELECT r.id, r.updated_at, c.phone FROM runs r JOIN contacts c ON c.id = r.contact_id
      WHERE r.status = 'paused' AND r.updated_at < $1 AND (r.updated_at, r.id) > ($2, $3) ORDER BY r.updated_at, r.id LIMIT $4`,
      [before, after.updatedAt, after.runId, limit],
    )
    return rows.map((r) => ({ runId: r.id, phone: r.phone, updatedAt: r.updated_at }))
  }

  /**
   * One batch: trace, messages and outbox rows go by cascade, failures explicitly. SKIP LOCKED lets two instances'
   * sweeps share the work instead of queueing behind each other's rows.
   */
  async deleteFinishedRuns(before: number, limit: number): Promise<number> {
    const { rowCount } = await this.pool.query(
      `WITH doomed AS (
       SELECT id FROM runs WHERE status IN ('ended', 'failed') AND started_at < $1 ORDER BY started_at LIMIT $2 FOR UPDATE SKIP LOCKED),
     failures AS (DELETE FROM runtime_deliveries WHERE run_id IN (SELECT id FROM doomed))
     DELETE FROM runs WHERE id IN (SELECT id FROM doomed)`,
      [before, limit],
    )
    return rowCount ?? 0
  }

  async forgetInbound(before: number, limit: number): Promise<number> {
    const { rowCount } = await this.pool.query(
      'DELETE FROM runtime_inbound WHERE message_id IN (SELECT message_id FROM runtime_inbound WHERE received_at < $1 LIMIT $2 FOR UPDATE SKIP LOCKED)',
      [before, limit],
    )
    return rowCount ?? 0
  }
}
