// Group commit for the SQLite store: the writes asked for during one turn of the event loop (the steps of
// concurrent requests of different contacts, the outbox's marks) are made in one transaction, each inside its own
// savepoint, and each caller's promise settles only once that transaction has committed: an answer still waits for
// its own step to be stored. A write that fails rolls back to its savepoint and fails alone; if the transaction
// itself cannot commit, every write in it fails. One commit per turn instead of one per write: in WAL mode a commit
// appends every page it changed to the log, and concurrent steps change many of the same pages (the tables' last
// leaves, the append-only indexes), so the log grows by far fewer pages per step.
import type { Database } from 'better-sqlite3'

interface Job {
  fn: () => unknown
  resolve(value: unknown): void
  reject(err: unknown): void
  value?: unknown
  error?: { err: unknown }
}

export class GroupCommit {
  private jobs: Job[] = []
  private scheduled = false
  private readonly savepoint: (fn: () => unknown) => unknown
  private readonly together: (jobs: Job[]) => void

  constructor(db: Database) {
    // better-sqlite3 runs a transaction function called inside another one as a savepoint.
    this.savepoint = db.transaction((fn: () => unknown) => fn())
    this.together = db.transaction((jobs: Job[]) => {
      for (const job of jobs) {
        try {
          job.value = this.savepoint(job.fn)
        } catch (err) {
          job.error = { err }
        }
      }
    })
  }

  /** Runs `fn` (synchronous SQLite writes) in the next group transaction; resolves once that has committed. */
  run<T>(fn: () => T): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.jobs.push({ fn, resolve: resolve as (v: unknown) => void, reject })
      if (this.scheduled) return
      this.scheduled = true
      setImmediate(() => this.flush())
    })
  }

  /** Commits what is queued now (the store calls it before closing the database). */
  flush(): void {
    this.scheduled = false
    const jobs = this.jobs
    this.jobs = []
    if (!jobs.length) return
    try {
      this.together(jobs)
    } catch (err) {
      for (const job of jobs) job.reject(err)
      return
    }
    for (const job of jobs) {
      if (job.error) job.reject(job.error.err)
      else job.resolve(job.value)
    }
  }
}
