// The runtime's two sweeps, on timers (docs/runtime.md, "Housekeeping"):
// - expiry: paused runs whose messaging window has closed are closed as 'expired', by the conversation core's sweep
//   (shared/engine/core, as RunService.expireStale) and with the studio's record (the run ends with
//   endReason 'expired'). Each is closed under its contact's lock after reading the paused run again, so two
//   instances sweeping one database, or a message arriving meanwhile, never close a run twice or close a resumed one.
// - retention: finished runs started more than N days ago go with their trace, messages, outbox rows and delivery
//   failures, and processed inbound message ids older than that are forgotten; in batches, with a turn of the event
//   loop between them so requests are served in between.
import { sweepRun, WINDOW_MS } from '../../shared/engine'
import { nodeCatalog } from '../../shared/nodes/runners'
import type { RuntimeStore } from './store'

/** Paused runs read per query by the expiry sweep (reads only; each close is its own short transaction). */
const BATCH = 500
/**
 * Finished runs deleted per transaction: each takes its trace, messages, outbox rows and search rows along and
 * holds SQLite's one thread meanwhile; 100 keeps that to tens of ms (bench runtime-volume).
 */
const RETENTION_BATCH = 100
const DAY_MS = 86_400_000

const tick = (): Promise<void> => new Promise((resolve) => setImmediate(resolve))

/**
 * Closes every paused run whose window has closed by `now`; returns how many this call closed. `stop` is asked
 * between runs, so a shutdown never waits for a long backlog (the next sweep picks it up).
 */
export async function expireStale(
  store: RuntimeStore,
  now: number,
  stop: () => boolean = () => false,
): Promise<number> {
  let closed = 0
  let after: { updatedAt: number; runId: string } | undefined
  for (;;) {
    const batch = await store.pausedCandidates(now - WINDOW_MS + 1, BATCH, after)
    for (const candidate of batch) {
      if (stop()) return closed
      const done = await store.withContact(candidate.phone, undefined, async (tx) => {
        const paused = await tx.pausedRun()
        if (!paused || paused.id !== candidate.runId) return false
        const swept = sweepRun({ contact: tx.contact, current: { state: paused, flow: null }, now }, nodeCatalog)
        if (swept.action !== 'closed') return false
        await tx.commit({ steps: swept.steps })
        return true
      })
      if (done) closed++
    }
    if (batch.length < BATCH) return closed
    const last = batch[batch.length - 1]!
    after = { updatedAt: last.updatedAt, runId: last.runId }
    await tick()
  }
}

/** Deletes finished runs started more than `days` days before `now`, and older inbound ids; returns the counts. */
export async function applyRetention(
  store: RuntimeStore,
  days: number,
  now: number,
  batch = RETENTION_BATCH,
  stop: () => boolean = () => false,
): Promise<{ runs: number; inboundIds: number }> {
  const before = now - days * DAY_MS
  let runs = 0
  for (;;) {
    const n = await store.deleteFinishedRuns(before, batch)
    runs += n
    if (n < batch || stop()) break
    await tick()
  }
  let inboundIds = 0
  for (;;) {
    const n = await store.forgetInbound(before, batch)
    inboundIds += n
    if (n < batch || stop()) break
    await tick()
  }
  return { runs, inboundIds }
}

export interface HousekeepingOptions {
  /** How often the expiry sweep runs (default every minute); null: never (tests call expireStale). */
  expiryEveryMs?: number | null
  /** Days of finished runs to keep; null or absent: keep everything. */
  retentionDays?: number | null
  /** How often retention runs when set (default hourly). */
  retentionEveryMs?: number
}

/** Runs the sweeps at start and on their intervals; one at a time each, so a slow sweep never overlaps itself. */
export class Housekeeping {
  private readonly timers: NodeJS.Timeout[] = []
  private readonly running = new Set<Promise<unknown>>()
  private stopped = false

  constructor(
    private readonly store: RuntimeStore,
    private readonly now: () => number,
    private readonly log: (message: string) => void,
    private readonly opts: HousekeepingOptions,
  ) {}

  start(): void {
    const { expiryEveryMs = 60_000, retentionDays, retentionEveryMs = 3_600_000 } = this.opts
    if (expiryEveryMs !== null) {
      this.every(expiryEveryMs, async () => {
        const n = await expireStale(this.store, this.now(), () => this.stopped)
        if (n) this.log(`closed ${n} paused run${n === 1 ? '' : 's'} whose messaging window had closed`)
      })
    }
    if (retentionDays != null) {
      this.every(retentionEveryMs, async () => {
        const { runs, inboundIds } = await applyRetention(
          this.store,
          retentionDays,
          this.now(),
          RETENTION_BATCH,
          () => this.stopped,
        )
        if (runs || inboundIds)
          this.log(
            `retention: deleted ${runs} finished runs and ${inboundIds} inbound message ids older than ${retentionDays} days`,
          )
      })
    }
  }

  private every(ms: number, sweep: () => Promise<void>): void {
    let busy = false
    const run = () => {
      if (busy || this.stopped) return
      busy = true
      const p = sweep()
        .catch((err: unknown) => this.log(`housekeeping failed: ${err instanceof Error ? err.message : String(err)}`))
        .finally(() => {
          busy = false
          this.running.delete(p)
        })
      this.running.add(p)
    }
    const first = setTimeout(run, 0)
    const timer = setInterval(run, ms)
    first.unref?.()
    timer.unref?.()
    this.timers.push(first, timer)
  }

  /** Stops the timers and waits for a sweep in progress to reach its next batch. */
  async close(): Promise<void> {
    this.stopped = true
    for (const t of this.timers) clearTimeout(t)
    await Promise.all([...this.running])
  }
}
