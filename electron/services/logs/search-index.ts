import type { Database, Statement } from 'better-sqlite3'
import { MESSAGE_TEXT, SEARCH_KEY, VARS_TEXT } from '../db/migrations/011_run_search'

// Builds the Flow Logs search rows of the runs that writes marked in `run_search_pending` (migration 014): each
// marked run's row is rebuilt whole (its messages' text, its variables) once per batch, however many steps and
// messages marked it since. A text search calls `flush()` before reading, so it sees every committed write; the
// runtime and the studio also index on a timer (`SearchIndexer.every`) so a search rarely finds much to do.

/** Between indexing rounds: runs written meanwhile are searchable at once anyway (a search indexes them first). */
export const SEARCH_INDEX_MS = 250

/** Runs indexed per transaction on the timer: about 2 ms of the event loop at a time on the benchmark machine. */
export const INDEX_BATCH = 64

export class SearchIndexer {
  private readonly next: Statement
  private readonly remove: Statement
  private readonly insert: Statement
  private readonly done: Statement
  private readonly any: Statement
  private readonly batch: (limit: number) => number

  constructor(private readonly db: Database) {
    const picked = 'SELECT value FROM json_each(?)'
    this.next = db.prepare('SELECT run FROM run_search_pending ORDER BY run LIMIT ?').pluck()
    this.remove = db.prepare(
      `DELETE FROM run_search WHERE rowid IN (SELECT ${SEARCH_KEY('r.')} FROM runs r WHERE r.rowid IN (${picked}))`,
    )
    this.insert = db.prepare(`
      INSERT INTO run_search (rowid, run, msgs, vars)
        SELECT ${SEARCH_KEY('r.')}, r.rowid,
               coalesce((SELECT group_concat(${MESSAGE_TEXT('m.payload')}, ' ') FROM messages m WHERE m.run_id = r.id), ''),
               ${VARS_TEXT('r.state')}
          FROM runs r WHERE r.rowid IN (${picked})`)
    this.done = db.prepare(`DELETE FROM run_search_pending WHERE run IN (${picked})`)
    this.any = db.prepare('SELECT 1 FROM run_search_pending LIMIT 1').pluck()
    this.batch = db.transaction((limit: number) => {
      const runs = JSON.stringify(this.next.all(limit))
      this.remove.run(runs)
      this.insert.run(runs)
      return this.done.run(runs).changes
    })
  }

  /** Indexes up to `limit` marked runs in one transaction; returns how many. */
  indexSome(limit = INDEX_BATCH): number {
    return this.any.get() === undefined ? 0 : this.batch(limit)
  }

  /** Indexes every marked run (in transactions of 1,000); returns how many. */
  flush(): number {
    let total = 0
    for (let n = this.indexSome(1000); n > 0; n = this.indexSome(1000)) total += n
    return total
  }

  /**
   * Indexes behind the writes: every `ms`, batches of INDEX_BATCH until none is left, one batch per turn of the
   * event loop so requests are served in between. Returns a stop function.
   */
  every(ms: number, onError: (err: unknown) => void): () => void {
    let stopped = false
    let running = false
    const drain = (): void => {
      if (stopped) return
      try {
        if (this.indexSome() === INDEX_BATCH) return void setImmediate(drain)
      } catch (err) {
        onError(err)
      }
      running = false
    }
    const timer = setInterval(() => {
      if (running) return
      running = true
      drain()
    }, ms)
    timer.unref?.()
    return () => {
      stopped = true
      clearInterval(timer)
    }
  }
}
