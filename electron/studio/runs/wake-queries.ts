import type { Database, Statement } from 'better-sqlite3'

// Which paused runs have fallen due (migration 019's runs_wake index). A test contact in the emulator lives
// ahead of real time by its skips (emulator_clock, migration 020), so its runs fall due that much earlier in real
// time: the range is widened by the largest offset and each row checked against its own contact's. A run whose
// contact a person has (an open takeover, migration 027) is held until the hand-back (docs/engine.md, rule 15), so
// it is left out here, or the waker would wake it again and again; the Hand over node's own run is not held.

export interface DueRun {
  id: string
  flowId: string
  contactId: string
  /** The due time on the contact's clock. */
  wakeAt: number
  /** The contact's emulator offset (0 for every contact that never skipped). */
  offsetMs: number
}

export class WakeQueries {
  private readonly maxOffset: Statement
  private readonly dueStmt: Statement
  private readonly nextStmt: Statement

  constructor(db: Database) {
    this.maxOffset = db.prepare('SELECT COALESCE(MAX(offset_ms), 0) FROM emulator_clock').pluck()
    this.dueStmt = db.prepare(`
      SELECT r.id, r.flow_id AS flowId, r.contact_id AS contactId, r.wake_at AS wakeAt,
             COALESCE(e.offset_ms, 0) AS offsetMs
      FROM runs r LEFT JOIN emulator_clock e ON e.contact_id = r.contact_id
      WHERE r.wake_at IS NOT NULL AND r.wake_at <= @widest AND r.status = 'paused'
        AND r.wake_at <= @now + COALESCE(e.offset_ms, 0)
        AND NOT EXISTS (SELECT 1 FROM handovers h WHERE h.contact_id = r.contact_id AND h.ended_at IS NULL
                        AND (h.run_id IS NULL OR h.run_id <> r.id))
      ORDER BY r.wake_at LIMIT @limit`)
    this.nextStmt = db
      .prepare(
        `
      SELECT MIN(r.wake_at - COALESCE(e.offset_ms, 0))
      FROM runs r LEFT JOIN emulator_clock e ON e.contact_id = r.contact_id
      WHERE r.wake_at IS NOT NULL AND r.wake_at <= @widest AND r.status = 'paused'
        AND NOT EXISTS (SELECT 1 FROM handovers h WHERE h.contact_id = r.contact_id AND h.ended_at IS NULL
                        AND (h.run_id IS NULL OR h.run_id <> r.id))`,
      )
      .pluck()
  }

  /** Paused runs due at real time `now`, earliest first, at most `limit`. */
  due(now: number, limit: number): DueRun[] {
    const widest = now + (this.maxOffset.get() as number)
    return this.dueStmt.all({ now, widest, limit }) as DueRun[]
  }

  /** The real time the next paused run falls due, if one does before `horizon` (real time); else null. */
  next(horizon: number): number | null {
    const widest = horizon + (this.maxOffset.get() as number)
    return (this.nextStmt.get({ widest }) as number | null) ?? null
  }
}
