import type { Database } from 'better-sqlite3'
import type { TimeSkip } from './wait-turns'

// The emulator's skips that woke nothing, per run (migration 023): where in the run's trace the clock moved and
// to what time, so a conversation saved as a test says that time passed there (`- wait:`, wait-turns.ts).

/** Notes that the contact's clock moved to `at` while `runId` waited and nothing woke. */
export function recordSkip(db: Database, runId: string, at: number): void {
  db.prepare(
    `INSERT OR IGNORE INTO emulator_skips (run_id, after_seq, at)
     SELECT ?, COALESCE((SELECT MAX(seq) FROM trace_events WHERE run_id = ?), -1), ?`,
  ).run(runId, runId, at)
}

/** The run's skips that woke nothing, in the order they happened. */
export function skipsOf(db: Database, runId: string): TimeSkip[] {
  return db
    .prepare('SELECT after_seq AS afterSeq, at FROM emulator_skips WHERE run_id = ? ORDER BY at')
    .all(runId) as TimeSkip[]
}
