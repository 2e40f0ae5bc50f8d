// The SQLite store's due runs (wakes.ts wakes them): read through the partial index on wake_at (migration 019), so
// a claim reads the due entries only, however many runs wait. One process owns the file, so its claims live in
// memory, as the outbox's leases do (sqlite-outbox.ts): a restarted process has none, and wakes whatever is due.
import type { Database, Statement } from 'better-sqlite3'
import type { DueRun, RunHandle } from './store'

export class SqliteWakes {
  private readonly claims = new Map<string, number>()
  private readonly due: Statement
  private readonly next: Statement
  private readonly count: Statement
  private readonly handle: Statement

  constructor(db: Database) {
    this.due = db.prepare(
      `SELECT r.id, r.wake_at, c.phone FROM runs r INDEXED BY runs_wake JOIN contacts c ON c.id = r.contact_id
       WHERE r.wake_at IS NOT NULL AND r.wake_at <= ? ORDER BY r.wake_at LIMIT ?`,
    )
    this.next = db.prepare(
      'SELECT id, wake_at FROM runs INDEXED BY runs_wake WHERE wake_at IS NOT NULL ORDER BY wake_at LIMIT ?',
    )
    this.handle = db.prepare(
      'SELECT r.id, r.status, r.wake_at, c.phone FROM runs r JOIN contacts c ON c.id = r.contact_id WHERE r.id = ?',
    )
    this.count = db.prepare('SELECT count(*) FROM runs INDEXED BY runs_wake WHERE wake_at IS NOT NULL').pluck()
  }

  claimDue(opts: { now: number; leaseMs: number; limit: number }): DueRun[] {
    const { now, leaseMs, limit } = opts
    for (const [id, until] of this.claims) if (until <= now) this.claims.delete(id)
    // Read past the ones this process holds: they sort among the due ones.
    const rows = this.due.all(now, limit + this.claims.size) as Array<{ id: string; wake_at: number; phone: string }>
    const out: DueRun[] = []
    for (const r of rows) {
      if (out.length === limit) break
      if (this.claims.has(r.id)) continue
      this.claims.set(r.id, now + leaseMs)
      out.push({ runId: r.id, phone: r.phone, wakeAt: r.wake_at })
    }
    return out
  }

  /** A run's step committed (its wake_at is rewritten), or it was given back: from `at` it may be claimed again. */
  release(runId: string, at: number): void {
    if (at > 0) this.claims.set(runId, at)
    else this.claims.delete(runId)
  }

  nextDue(now: number): number | null {
    const held = (id: string) => (this.claims.get(id) ?? 0) > now
    const rows = this.next.all(this.claims.size + 1) as Array<{ id: string; wake_at: number }>
    return rows.find((r) => !held(r.id))?.wake_at ?? null
  }

  runHandle(runId: string): RunHandle | null {
    const r = this.handle.get(runId) as
      { id: string; status: RunHandle['status']; wake_at: number | null; phone: string } | undefined
    return r ? { runId: r.id, phone: r.phone, status: r.status, wakeAt: r.wake_at } : null
  }

  waitingCount(): number {
    return this.count.get() as number
  }
}
