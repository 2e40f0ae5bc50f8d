// Group commit for the SQLite store: the writes made during one turn of the event loop (the steps of concurrent
// requests, a contact's next steps, the outbox's marks) share one transaction. The first write of a turn opens it;
// the next turn (setImmediate) commits it. Each write runs at once, inside its own savepoint, so a write that fails
// rolls back alone and its caller gets the error; a commit that fails undoes every write of that transaction, and
// every caller waiting on it gets the error. A caller is answered only once what it wrote has committed
// (`committed()`): an answer still waits for its own step to be stored. One commit per turn instead of one per
// write: in WAL mode a commit appends every page it changed to the log, and steps of one turn change many of the
// same pages (the tables' last leaves, the append-only indexes), so the log grows by far fewer pages per step.
//
// Because a write is made at once, the same connection reads it at once, before its commit: a contact's next step
// can start on top of the previous one without waiting a turn (the contact's queue is released once the step is
// written). Whoever acts outside the process on what it read must wait for the commit first: the store answers
// requests after `committed()`, and claims outbox messages only while no transaction is open, so a message whose
// step might still be undone is never sent. `epoch` counts failed commits: a caller that read while a transaction
// was open compares it before writing and before answering, so nothing is built on writes that were undone.
import fs from 'node:fs'
import type { Database } from 'better-sqlite3'

/** WAL pages between automatic checkpoints (SQLite's default: 1,000). */
export const CHECKPOINT_PAGES = 3000

/**
 * At most this often (ms) the log written so far is flushed to disk in the thread pool, behind the commits. A
 * checkpoint (every CHECKPOINT_PAGES pages, inside the commit that crosses it, on the event loop) first syncs the
 * log: with the whole span unflushed that sync took 8-25 ms of a 40-66 ms stall (strace of serve under the webhook
 * suite's load); flushed behind, the checkpoint finds little left to write. Durability is unchanged: the checkpoint
 * still syncs before it copies.
 */
export const WAL_SYNC_MS = 50

/**
 * How long a write that may wait (`writeSoon`: the outbox's sent marks) waits for another write to commit with. At
 * one connection every request's sent mark had a commit of its own after the request's: about a quarter of serve's
 * CPU per webhook request went to COMMIT, two per request. The next request, a round trip later, now commits it.
 */
export const SOON_MS = 5

interface Turn {
  done: Promise<void>
  resolve(): void
  reject(err: unknown): void
  /** Set while only writes that may wait are in it: the timer that commits it if no other write comes first. */
  soon: NodeJS.Timeout | null
}

export class GroupCommit {
  private turn: Turn | null = null
  private failures = 0
  private readonly beforeCommit: Array<() => void> = []
  private readonly savepoint: (fn: () => unknown) => unknown
  /** The log file (null in memory); `syncs` counts the flushes behind the commits that completed. */
  private readonly wal: string | null
  private syncing = false
  private lastSync = -Infinity
  syncs = 0

  constructor(private readonly db: Database) {
    // Each savepoint keeps the pages it changes in a statement journal, a temporary file by default: two pwrite
    // calls per page, about 50 per inbound message, more than the WAL's own. In memory it is a copy, bounded by the
    // pages one transaction touches; nothing of it needs to outlive the transaction.
    db.pragma('temp_store = MEMORY')
    // A checkpoint copies every page changed since the last one back into the file (and syncs twice); the pages a
    // step changes are mostly the same few (the tables' and indexes' last leaves), so checkpointing every 3,000
    // WAL pages instead of SQLite's 1,000 copies each fewer times: 10-20 % less CPU per webhook request. Longer
    // spans save a little more CPU but each checkpoint then stalls the event loop for longer: at 8,000 pages the
    // webhook's p99 sat at 40-56 ms, against 14-25 ms at 1,000 and 3,000 (alternating runs, bench/suites/webhook.ts
    // load). The log file keeps up to ~12 MiB on disk.
    db.pragma(`wal_autocheckpoint = ${CHECKPOINT_PAGES}`)
    // better-sqlite3 runs a transaction function called inside another transaction as a savepoint.
    this.savepoint = db.transaction((fn: () => unknown) => fn())
    this.wal = db.memory ? null : `${db.name}-wal`
  }

  /**
   * Runs `fn` inside every transaction, just before its COMMIT (the traffic aggregates: a turn's steps added as one
   * set of rows). If it throws, the commit fails: every write of the transaction is undone and its callers told.
   */
  onBeforeCommit(fn: () => void): void {
    this.beforeCommit.push(fn)
  }

  /** Failed commits so far. */
  get epoch(): number {
    return this.failures
  }

  /** True while writes wait for their commit (reads on this connection may see them). */
  get open(): boolean {
    return this.turn !== null
  }

  /** Makes `fn`'s synchronous writes now, in the open transaction (opening one), in its own savepoint. */
  write<T>(fn: () => T): T {
    if (!this.turn) this.begin(false)
    else if (this.turn.soon) this.commitThisTurn(this.turn)
    return this.savepoint(fn) as T
  }

  /**
   * `write` for a write nobody outside waits on and that loses nothing if a crash undoes it (a sent mark: the
   * message is sent again, at least once): when no transaction is open, the one it opens commits within SOON_MS,
   * or at the end of the turn of the next `write`, whichever comes first.
   */
  writeSoon<T>(fn: () => T): T {
    if (!this.turn) this.begin(true)
    return this.savepoint(fn) as T
  }

  /** `write`, answered once the write has committed. */
  async run<T>(fn: () => T): Promise<T> {
    const value = this.write(fn)
    await this.committed()
    return value
  }

  /** `writeSoon`, answered once the write has committed. */
  async runSoon<T>(fn: () => T): Promise<T> {
    const value = this.writeSoon(fn)
    await this.committed()
    return value
  }

  /** Resolves once everything written so far has committed (at once when nothing waits); rejects if that failed. */
  committed(): Promise<void> {
    return this.turn?.done ?? Promise.resolve()
  }

  /** Commits the open transaction now (the store calls it before closing the database). */
  flush(): void {
    const turn = this.turn
    if (!turn) return
    this.turn = null
    if (turn.soon) clearTimeout(turn.soon)
    try {
      for (const fn of this.beforeCommit) fn()
      this.db.exec('COMMIT')
    } catch (err) {
      this.failures++
      if (this.db.inTransaction) this.db.exec('ROLLBACK')
      turn.reject(err)
      return
    }
    turn.resolve()
    this.syncBehind()
  }

  /** Flushes the log in the thread pool (one at a time, at most every WAL_SYNC_MS); a failure only skips one. */
  private syncBehind(): void {
    const now = performance.now()
    if (!this.wal || this.syncing || now - this.lastSync < WAL_SYNC_MS) return
    this.syncing = true
    this.lastSync = now
    // Its own descriptor, opened per flush: the file SQLite writes may be replaced (closed, removed, made again).
    fs.open(this.wal, 'r', (err, fd) => {
      if (err) return void (this.syncing = false)
      fs.fdatasync(fd, (syncErr) => {
        if (!syncErr) this.syncs++
        fs.close(fd, () => (this.syncing = false))
      })
    })
  }

  private begin(soon: boolean): void {
    this.db.exec('BEGIN')
    let resolve!: () => void
    let reject!: (err: unknown) => void
    const done = new Promise<void>((res, rej) => {
      resolve = res
      reject = rej
    })
    // A turn nobody waits on (a write whose caller went away) must not surface as an unhandled rejection.
    done.catch(() => undefined)
    const turn: Turn = { done, resolve, reject, soon: null }
    this.turn = turn
    if (soon) turn.soon = setTimeout(() => this.flushTurn(turn), SOON_MS)
    else setImmediate(() => this.flushTurn(turn))
  }

  /** A write that does not wait joined: the transaction commits at the end of this turn, as if it had opened it. */
  private commitThisTurn(turn: Turn): void {
    clearTimeout(turn.soon!)
    turn.soon = null
    setImmediate(() => this.flushTurn(turn))
  }

  /** Commits `turn` if it is still the open one (flush() may have committed it already). */
  private flushTurn(turn: Turn): void {
    if (this.turn === turn) this.flush()
  }
}
