// The runtime's SQLite store at volume. Retention (docs/runtime.md, "Housekeeping"): 20,000 runs of 5 nodes (the logs
// seeder, search triggers on, as the studio writes them) in the runtime's SQLite store, 60 to 46 days old, four in
// five finished. `applyRetention` with 30 days must delete every finished run and keep every paused one; reported:
// runs deleted per second and the longest batch, which is the longest the event loop is held (requests wait at most
// that long). Then the same on an already-clean store: what the hourly sweep costs when there is nothing to do.
// The outbox during a gateway outage: 20,000 unsent messages of 2,000 contacts, and what one claim costs (the sender
// claims after every commit), with every message waiting for a retry and with every message due.
import { applyRetention } from '../../electron/runtime/housekeeping'
import { SqliteRuntimeStore } from '../../electron/runtime/sqlite-store'
import { seedRuns } from '../../electron/services/logs/seed'
import { tempDatabase } from '../../electron/services/logs/testing/db'
import type { Database } from 'better-sqlite3'

const RUNS = 20_000
const DAY = 86_400_000

async function outboxBacklog(db: Database, store: SqliteRuntimeStore): Promise<void> {
  const runs = db.prepare("SELECT id, contact_id FROM runs WHERE status = 'paused' LIMIT 2000").all() as Array<{
    id: string
    contact_id: string
  }>
  const insert = db.prepare(
    "INSERT INTO runtime_outbox (id, run_id, flow_id, contact_id, phone, message, created_at, next_at) VALUES (?, ?, 'f_bench', ?, ?, '{}', 0, ?)",
  )
  const later = Date.now() + DAY
  db.transaction(() => {
    for (let i = 0; i < 20_000; i++)
      insert.run(`out_b${i}`, runs[i % runs.length]!.id, runs[i % runs.length]!.contact_id, '+10000000000', later)
  })()
  for (const label of ['all waiting for a retry', 'all due']) {
    if (label === 'all due') db.exec('UPDATE runtime_outbox SET next_at = 0')
    const ms: number[] = []
    for (let i = 0; i < 21; i++) {
      const t = performance.now()
      const items = await store.claimOutbound({ now: Date.now(), leaseMs: 60_000, limit: 32, perContact: 1 })
      ms.push(performance.now() - t)
      await store.outboundRelease(items.map((x) => x.seq))
      if (items.length !== (label === 'all due' ? 32 : 0))
        throw new Error(`runtime-volume bench: claimed ${items.length}`)
    }
    ms.sort((a, b) => a - b)
    console.log(
      `${`outbox claim, 20,000 pending, ${label}`.padEnd(44)} median ${ms[10]!.toFixed(2)} ms   worst ${ms[20]!.toFixed(2)} ms`,
    )
  }
}

export async function run(): Promise<void> {
  const temp = tempDatabase()
  try {
    const now = Date.now()
    let t = performance.now()
    temp.db.transaction(() =>
      seedRuns(temp.db, {
        flowId: 'f_bench',
        runs: RUNS,
        nodesPerRun: 5,
        contacts: 500,
        t0: now - 60 * DAY,
        stepMs: 60_000,
      }),
    )()
    console.log(`${`seed ${RUNS} runs × 5 nodes`.padEnd(44)} ${((performance.now() - t) / 1000).toFixed(1)} s`)
    const store = new SqliteRuntimeStore(temp.db)
    const count = (status: string) =>
      temp.db.prepare('SELECT COUNT(*) FROM runs WHERE status = ?').pluck().get(status) as number
    const finished = count('ended') + count('failed')
    const paused = count('paused')

    const batches: number[] = []
    const timed: typeof store.deleteFinishedRuns = async (before, limit) => {
      const t0 = performance.now()
      const n = await SqliteRuntimeStore.prototype.deleteFinishedRuns.call(store, before, limit)
      batches.push(performance.now() - t0)
      return n
    }
    store.deleteFinishedRuns = timed
    t = performance.now()
    const { runs } = await applyRetention(store, 30, now)
    const seconds = (performance.now() - t) / 1000
    if (runs !== finished || count('ended') + count('failed') !== 0 || count('paused') !== paused) {
      throw new Error(
        `runtime-housekeeping bench: deleted ${runs} of ${finished} finished runs, ${count('paused')} of ${paused} paused kept`,
      )
    }
    batches.sort((a, b) => a - b)
    console.log(
      `${'retention: delete finished runs (100/batch)'.padEnd(44)} ${(runs / seconds).toFixed(0).padStart(6)} runs/s   longest batch ${batches.at(-1)!.toFixed(1)} ms   median ${batches[batches.length >> 1]!.toFixed(1)} ms   (${runs} runs, ${batches.length} batches)`,
    )
    t = performance.now()
    await applyRetention(store, 30, now)
    console.log(`${'retention: nothing left to delete'.padEnd(44)} ${(performance.now() - t).toFixed(1)} ms`)
    await outboxBacklog(temp.db, store)
  } finally {
    temp.cleanup()
  }
}
