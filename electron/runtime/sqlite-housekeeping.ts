// The SQLite store's housekeeping statements (housekeeping.ts runs them on a timer): the paused runs the expiry
// sweep looks at, and the deletes that keep finished runs and processed message ids from growing without bound.
import type { Database } from 'better-sqlite3'
import type { PausedCandidate } from './store'

export class SqliteHousekeeping {
  constructor(private readonly db: Database) {}

  pausedCandidates(before: number, limit: number, after = { updatedAt: -1, runId: '' }): PausedCandidate[] {
    const rows = this.db
      .prepare(
        `SELECT r.id, r.updated_at, c.phone FROM runs r INDEXED BY runs_paused_updated JOIN contacts c ON c.id = r.contact_id
         WHERE r.status = 'paused' AND r.updated_at < ? AND (r.updated_at, r.id) > (?, ?) ORDER BY r.updated_at, r.id LIMIT ?`,
      )
      .all(before, after.updatedAt, after.runId, limit) as Array<{ id: string; updated_at: number; phone: string }>
    return rows.map((r) => ({ runId: r.id, phone: r.phone, updatedAt: r.updated_at }))
  }

  /**
   * One batch in one transaction; trace, messages and outbox rows go by cascade, failures explicitly. The sweeps
   * name their partial index (migration 012): without statistics the planner picks runs_status and sorts every
   * finished run for each batch.
   */
  deleteFinishedRuns(before: number, limit: number): number {
    return this.db.transaction(() => {
      const ids = this.db
        .prepare(
          "SELECT id FROM runs INDEXED BY runs_finished_started WHERE status IN ('ended', 'failed') AND started_at < ? ORDER BY started_at LIMIT ?",
        )
        .pluck()
        .all(before, limit) as string[]
      if (!ids.length) return 0
      const list = JSON.stringify(ids)
      this.db.prepare('DELETE FROM runtime_deliveries WHERE run_id IN (SELECT value FROM json_each(?))').run(list)
      return this.db.prepare('DELETE FROM runs WHERE id IN (SELECT value FROM json_each(?))').run(list).changes
    })()
  }

  forgetInbound(before: number, limit: number): number {
    return this.db
      .prepare(
        'DELETE FROM runtime_inbound WHERE message_id IN (SELECT message_id FROM runtime_inbound WHERE received_at < ? LIMIT ?)',
      )
      .run(before, limit).changes
  }
}
