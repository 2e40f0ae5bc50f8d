// The wake scheduler (docs/runtime.md, "Time"): runs that wait until an instant live in the database, with their
// due time on the run row (runs.wake_at, written by every step commit); this loop claims the due ones through the
// store's index (RuntimeStore.claimDue: leases shared by every instance, SKIP LOCKED on PostgreSQL) and hands each
// to the runtime, which delivers `{kind: 'wake'}` to the conversation core under the contact's lock, the same path
// as a customer message. The core decides again whether the run is due, so a wake delivered late, twice, or after
// the customer answered changes nothing: exactly once comes from the contact's lock and the step's one
// transaction; the claims only keep instances from doing the same work twice.
//
// Nothing here grows with the waiting runs: one claim reads the due entries of the index; between claims the loop
// sleeps until the earliest due time (RuntimeStore.nextDue), at most `pollMs`, since another instance may have
// committed an earlier one. A commit on this instance that sets an earlier due time wakes the loop (`hint`).
// At start the first claim takes everything that fell due while the server was down.
import type { DueRun, RuntimeStore } from './store'

export interface WakeOptions {
  /** The longest sleep between two looks at the index (default 1000 ms); null: no timer (tests call `runDue`). */
  pollMs?: number | null
  /** How long a claimed run is this instance's before another may take it (default 30 s: a crashed instance's). */
  leaseMs?: number
  /** Runs claimed per statement (default 200). */
  batch?: number
  /** Wakes in flight at once (default 16; each holds its contact's lock, and on PostgreSQL a pooled connection). */
  concurrency?: number
  /**
   * Most claimed runs one worker hands over together (default 1). The runtime wakes a group in one transaction on
   * PostgreSQL (RuntimeStore.withContacts), where a transaction's round trips and commit cost more than a wake's own
   * work. A worker takes what is queued up to this, so a group is large only when wakes are behind.
   */
  group?: number
}

/** What the runtime did with one due run. */
export interface WakeOutcome {
  /** 'woken': the core resumed (or closed) the run and the step committed; 'ignored': it was not due after all. */
  action: 'woken' | 'ignored'
  /** For 'ignored': the core's reason, or 'not_paused' when the run no longer waits. */
  reason?: string
  /** For 'ignored': the run's due time now, when it still waits on one (it is claimed again then). */
  dueAt?: number | null
  /** The run's status after the step. */
  status?: string
}

/** One due run handled, for logs and metrics: `lateMs` is from its due time to the step committed. */
export interface WakeReport extends WakeOutcome {
  runId: string
  wakeAt: number
  at: number
  lateMs: number
}

export class WakeScheduler {
  private timer: NodeJS.Timeout | null = null
  private timerAt = Infinity
  private running: Promise<number> | null = null
  private again = false
  private stopped = false
  private readonly pollMs: number | null
  private readonly leaseMs: number
  private readonly batch: number
  private readonly concurrency: number
  private readonly group: number

  constructor(
    private readonly store: RuntimeStore,
    /** Wakes these runs (one or a group): an outcome for each, in order; a throw means none was woken. */
    private readonly wake: (due: DueRun[]) => Promise<WakeOutcome[]>,
    private readonly now: () => number,
    private readonly report: (r: WakeReport) => void,
    private readonly log: (message: string) => void,
    opts: WakeOptions = {},
  ) {
    this.pollMs = opts.pollMs === undefined ? 1000 : opts.pollMs
    this.leaseMs = opts.leaseMs ?? 30_000
    this.batch = opts.batch ?? 200
    this.concurrency = opts.concurrency ?? 16
    this.group = Math.max(1, opts.group ?? 1)
  }

  /** Starts the loop: the first look is at once (wakes missed while the server was down). */
  start(): void {
    if (this.pollMs === null) return
    this.schedule(0)
  }

  /** A commit here set a due time: look then if that is sooner than the loop's next look. */
  hint(at: number | null): void {
    if (at === null || this.pollMs === null || this.stopped) return
    if (this.running) {
      if (at <= this.now()) this.again = true
      return
    }
    this.schedule(Math.max(0, at - this.now()))
  }

  /**
   * Claims and wakes every run due now, batch after batch, until none is left; returns how many were woken. One
   * call at a time: a call made meanwhile joins the one running, which looks again before it ends.
   */
  runDue(): Promise<number> {
    if (this.running) {
      this.again = true
      return this.running
    }
    const p = this.drain().finally(() => {
      this.running = null
    })
    this.running = p
    return p
  }

  /**
   * `concurrency` workers take claimed runs one by one; the one that finds none left claims the next batch (one
   * claim at a time), so a slow wake holds up no other and runs falling due meanwhile are taken as they come.
   */
  private async drain(): Promise<number> {
    let woken = 0
    const queue: DueRun[] = []
    let exhausted = false
    let claiming: Promise<void> | null = null
    const claim = async () => {
      this.again = false
      const claimed = await this.store.claimDue({ now: this.now(), leaseMs: this.leaseMs, limit: this.batch })
      queue.push(...claimed)
      if (claimed.length < this.batch && !this.again) exhausted = true
    }
    const worker = async () => {
      while (!this.stopped) {
        // Everything queued up to a group: one transaction for what one look found costs less CPU than many in
        // parallel (the CPU is what a burst of wakes runs short of); other workers take the groups after it.
        const due = queue.splice(0, this.group)
        if (due.length) {
          const n = await this.wakeGroup(due) // (not `woken += await …`: that reads `woken` before the wait)
          woken += n
          continue
        }
        if (exhausted && !this.again) return
        claiming ??= claim().finally(() => (claiming = null))
        await claiming
      }
    }
    // A failed claim ends the round (the loop logs it and looks again at the next poll); claims left untried at a
    // stop run out with their lease (SQLite: a restart holds none).
    await Promise.all(Array.from({ length: this.concurrency }, worker))
    return woken
  }

  private async wakeGroup(due: DueRun[]): Promise<number> {
    let outcomes: WakeOutcome[]
    try {
      outcomes = await this.wake(due)
    } catch (err) {
      // The group's transaction rolled back as a whole: each is tried on its own, so one run that cannot be woken
      // (its step fails to write) holds up no other. Its claim then runs out and it is tried again after it.
      if (due.length > 1) {
        let n = 0
        for (const d of due) {
          const one = await this.wakeGroup([d])
          n += one
        }
        return n
      }
      this.log(`waking run ${due[0]!.runId} failed: ${err instanceof Error ? err.message : String(err)}`)
      return 0
    }
    const at = this.now()
    let woken = 0
    for (const [i, d] of due.entries()) {
      const outcome = outcomes[i]!
      try {
        if (outcome.action === 'ignored') {
          // Still waiting, on a later time: claimable as soon as that comes (the index returns it only then).
          // Otherwise (not this contact's paused run, or due by the index but not by the core) hold it for a lease,
          // so a run the core keeps refusing is not claimed in a loop.
          const still = outcome.dueAt ?? null
          await this.store.releaseDue(d.runId, still !== null && still > at ? 0 : at + this.leaseMs)
        } else if (this.store.kind === 'sqlite') await this.store.releaseDue(d.runId, 0)
      } catch (err) {
        this.log(`releasing run ${d.runId} failed: ${err instanceof Error ? err.message : String(err)}`)
      }
      this.report({ ...outcome, runId: d.runId, wakeAt: d.wakeAt, at, lateMs: Math.max(0, at - d.wakeAt) })
      if (outcome.action === 'woken') woken++
    }
    return woken
  }

  private schedule(delay: number): void {
    if (this.stopped || this.pollMs === null) return
    const at = this.now() + delay
    if (this.timer && at >= this.timerAt) return
    if (this.timer) clearTimeout(this.timer)
    this.timerAt = at
    this.timer = setTimeout(() => void this.loop(), delay)
    this.timer.unref?.()
  }

  private async loop(): Promise<void> {
    this.timer = null
    this.timerAt = Infinity
    if (this.stopped) return
    let delay = this.pollMs!
    try {
      // After a round that woke runs, more are likely due by the next look (a burst falling due): look again after
      // the floor below without asking the index when (one round trip fewer per round while a burst lasts).
      if ((await this.runDue()) > 0) delay = 0
      else {
        const next = await this.store.nextDue(this.now())
        if (next !== null) delay = Math.min(delay, Math.max(0, next - this.now()))
      }
    } catch (err) {
      this.log(`the wake scheduler failed: ${err instanceof Error ? err.message : String(err)}`)
    }
    // nextDue skips runs held by a live claim, so a due time already reached means a commit came in meanwhile;
    // the floor keeps a run the claim cannot take (its contact row gone) from spinning the loop.
    this.schedule(Math.max(delay, 10))
  }

  /** Stops the loop; wakes in flight finish (their contact transactions commit or roll back). */
  async close(): Promise<void> {
    this.stopped = true
    if (this.timer) clearTimeout(this.timer)
    await this.running?.catch(() => undefined)
  }
}
