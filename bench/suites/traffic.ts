// Traffic aggregates at volume (issue #33, docs/logs.md "Traffic aggregates"): 1,000,000 runs of the shop flow over
// 35 days (bench/traffic-seed.ts), seeded into the aggregate tables of each store as real steps make them (plus the
// same rows under 19 other flows, so a read has to pick its flow's rows out), then the canvas overlay for 30 days
// (goal ≤ 200 ms) and a goal funnel (≤ 300 ms) as the studio and the publish API read them, each beside a bare SELECT
// of the same rows (the floor of any read of them). First, on 300 runs, the seeding is checked against the same runs
// played as real steps through a Runtime on each store: the rows must be identical.
import os from 'node:os'
import pg from 'pg'
import { createEffects } from '../../shared/engine'
import { openDatabase } from '../../electron/services/db/open'
import { SqliteTrafficQueries, SqliteTrafficWriter } from '../../electron/services/traffic/sqlite-traffic'
import type { TrafficRows } from '../../electron/services/traffic/run-traffic'
import { rowValues } from '../../electron/services/traffic/row-values'
import { SqliteRuntimeStore } from '../../electron/runtime/sqlite-store'
import { foldTraffic } from '../../electron/runtime/pg-traffic-fold'
import { PgRuntimeStore } from '../../electron/runtime/pg-store'
import { pgUnavailableReason, startTestPg, type TestPg } from '../../electron/runtime/testing/pg-server'
import { testRuntime } from '../../electron/runtime/testing/runtime-fixtures'
import type { RuntimeStore } from '../../electron/runtime/store'
import { DAY, FLOW, T0, realSteps, scenarios, seedRows, templates } from '../traffic-seed'
import fs from 'node:fs'
import path from 'node:path'

const RUNS = Number(process.env.BENCH_TRAFFIC_RUNS ?? 1_000_000)
const DAYS = 35
const OTHER_FLOWS = 19
const REPS = 15
const day = (ms: number) => new Date(ms).toISOString().slice(0, 10)
const QUERY = { flowId: FLOW.id, from: day(T0 + 4 * DAY), to: day(T0 + 33 * DAY) }
const FUNNEL = { ...QUERY, goal: 'n_bye' }
const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')

async function time(once: () => unknown): Promise<{ median: number; worst: number }> {
  await once()
  const ms: number[] = []
  for (let i = 0; i < REPS; i++) {
    const t = performance.now()
    await once()
    ms.push(performance.now() - t)
  }
  ms.sort((a, b) => a - b)
  return { median: ms[ms.length >> 1]!, worst: ms.at(-1)! }
}

const TABLES = {
  traffic_runs: ['flow_id', 'day', 'version', 'started', 'ended', 'failed', 'expired', 'abandoned', 'turns'],
  traffic_nodes: [
    'flow_id',
    'day',
    'version',
    'node_id',
    'reached',
    'ended',
    'failed',
    'expired',
    'abandoned',
    'waiting',
  ],
  traffic_edges: ['flow_id', 'day', 'version', 'from_node', 'port', 'to_node', 'runs'],
  traffic_answers: ['flow_id', 'day', 'version', 'node_id', 'bucket', 'answers'],
} as const

/** The rows as the tables hold them (column order of TABLES), sorted, without rows that count nothing. */
function canon(rows: TrafficRows): string[] {
  const out: string[] = []
  const push = (table: string, v: unknown[], counts: number) =>
    v.slice(-counts).some((c) => c !== 0) && out.push(`${table} ${JSON.stringify(v)}`)
  for (const r of rows.runs)
    push('traffic_runs', [r.flowId, r.day, r.version, r.started, r.ended, r.failed, r.expired, r.abandoned, r.turns], 6)
  for (const n of rows.nodes)
    push(
      'traffic_nodes',
      [n.flowId, n.day, n.version, n.nodeId, n.reached, n.ended, n.failed, n.expired, n.abandoned, n.waiting],
      6,
    )
  for (const e of rows.edges) push('traffic_edges', [e.flowId, e.day, e.version, e.from, e.port, e.to, e.runs], 1)
  for (const a of rows.answers) push('traffic_answers', [a.flowId, a.day, a.version, a.nodeId, a.bucket, a.answers], 1)
  return out.sort()
}

/** The stored rows in the same form. */
async function stored(read: (sql: string) => Promise<Array<Record<string, unknown>>>): Promise<string[]> {
  const out: string[] = []
  for (const [table, cols] of Object.entries(TABLES)) {
    const counts = table === 'traffic_runs' || table === 'traffic_nodes' ? 6 : 1
    for (const r of await read(`SELECT ${cols.join(', ')} FROM ${table}`)) {
      const v = cols.map((c) =>
        typeof r[c] === 'string' && /^\d+$/.test(r[c] as string) && c !== 'node_id' ? Number(r[c]) : r[c],
      )
      if (v.slice(-counts).some((c) => c !== 0)) out.push(`${table} ${JSON.stringify(v)}`)
    }
  }
  return out.sort()
}

/** Seeding against real steps, on 300 runs over 6 days, on one store. */
async function verify(
  kind: string,
  store: RuntimeStore,
  read: (sql: string) => Promise<Array<Record<string, unknown>>>,
) {
  const runs = scenarios(300, 6, 7)
  const clock = { now: T0 }
  const { runtime } = testRuntime(store, undefined, { effects: createEffects({ clock: { now: () => clock.now } }) })
  await realSteps(runtime, store, clock, runs, 6)
  const got = await stored(read)
  await runtime.close()
  const want = canon(seedRows(runs, 6, await templates()))
  const same = want.length === got.length && want.every((w, i) => w === got[i])
  console.log(`seeding = real steps, ${kind}: ${same ? 'identical' : 'DIFFERENT'} (300 runs, ${got.length} rows)`)
  if (!same) {
    const missing = want.filter((w) => !got.includes(w)).slice(0, 5)
    const extra = got.filter((g) => !want.includes(g)).slice(0, 5)
    throw new Error(
      `traffic bench: the seeded rows differ from real steps'\n  seeded only: ${missing.join('\n    ')}\n  real only: ${extra.join('\n    ')}`,
    )
  }
}

/** The seeded rows of the shop flow and of OTHER_FLOWS more, under their ids. */
function allFlows(rows: TrafficRows): TrafficRows[] {
  const as = (flowId: string): TrafficRows => ({
    runs: rows.runs.map((r) => ({ ...r, flowId })),
    nodes: rows.nodes.map((r) => ({ ...r, flowId })),
    edges: rows.edges.map((r) => ({ ...r, flowId })),
    answers: rows.answers.map((r) => ({ ...r, flowId })),
  })
  return [rows, ...Array.from({ length: OTHER_FLOWS }, (_, i) => as(`flw_other_${i}`))]
}

const line = (what: string, t: { median: number; worst: number }, ref: { median: number }, goal?: number) =>
  `${what.padEnd(44)} ${t.median.toFixed(2).padStart(7)} ms median, worst ${t.worst.toFixed(2)} ms; bare SELECT of the same rows ${ref.median.toFixed(2)} ms${goal === undefined ? '' : `; goal ≤ ${goal} ms: ${t.median <= goal ? 'met' : 'NOT met'}`}`

async function sqlite(all: TrafficRows[]): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'chatflow-bench-traffic-'))
  try {
    const check = openDatabase(path.join(dir, 'check.sqlite'))
    const checkStore = new SqliteRuntimeStore(check)
    // The steps' counts wait in traffic_pending until a fold (migration 034): folded before the rows are read.
    await verify('SQLite', checkStore, async (sql) => {
      checkStore.foldTraffic()
      return check.prepare(sql).all() as Array<Record<string, unknown>>
    })
    const db = openDatabase(path.join(dir, 'studio.sqlite'))
    const writer = new SqliteTrafficWriter(db)
    const t = performance.now()
    db.transaction(() => all.forEach((rows) => writer.add(rows)))()
    console.log(`SQLite: ${all.length} flows' rows written in ${(performance.now() - t).toFixed(0)} ms`)
    const q = new SqliteTrafficQueries(db)
    const report = q.report(QUERY)
    const bare = Object.keys(TABLES).map((table) =>
      db.prepare(`SELECT * FROM ${table} WHERE flow_id = ? AND day BETWEEN ? AND ?`),
    )
    const days = [Date.parse(QUERY.from) / DAY, Date.parse(QUERY.to) / DAY]
    const ref = await time(() => bare.forEach((s) => s.all(FLOW.id, ...days)))
    console.log(
      `SQLite: ${report.runs.started} runs in the 30 days, ${report.nodes.length} nodes, ${report.edges.length} connections`,
    )
    console.log(line('SQLite overlay, 30 days', await time(() => q.report(QUERY)), ref, 200))
    console.log(line('SQLite funnel to bye, 30 days', await time(() => q.funnel(FUNNEL)), ref, 300))
    console.log(`  (load average ${load()})`)
  } finally {
    fs.rmSync(dir, { recursive: true, force: true })
  }
}

async function insertPg(pool: pg.Pool, rows: TrafficRows): Promise<void> {
  const cols = Object.entries(TABLES)
  const values: unknown[][] = [
    rows.runs.map(rowValues.runs),
    rows.nodes.map(rowValues.nodes),
    rows.edges.map(rowValues.edges),
    rows.answers.map(rowValues.answers),
  ]
  for (const [i, [table, names]] of cols.entries()) {
    const list = values[i] as unknown[][]
    if (!list.length) continue
    const text = (n: string) => ['flow_id', 'node_id', 'from_node', 'port', 'to_node'].includes(n)
    await pool.query(
      `INSERT INTO ${table} (${names.join(', ')}) SELECT * FROM unnest(${names.map((n, k) => `$${k + 1}::${text(n) ? 'text' : 'integer'}[]`).join(', ')})`,
      names.map((_, k) => list.map((row) => row[k])),
    )
  }
}

async function postgres(all: TrafficRows[]): Promise<void> {
  const why = pgUnavailableReason()
  if (why) return void console.log(`PostgreSQL: not measured (${why})`)
  let server: TestPg | undefined
  try {
    server = await startTestPg()
    const checkUrl = await server.freshDatabase()
    const checkPool = new pg.Pool({ connectionString: checkUrl, max: 1 })
    // The steps' counts wait in traffic_pending until a fold (pg-traffic-fold.ts): folded before the rows are read.
    await verify('PostgreSQL', await PgRuntimeStore.open(checkUrl), async (sql) => {
      await foldTraffic(checkPool)
      return (await checkPool.query(sql)).rows
    })
    await checkPool.end()
    const url = await server.freshDatabase()
    const store = await PgRuntimeStore.open(url)
    const pool = new pg.Pool({ connectionString: url, max: 1 })
    const t = performance.now()
    for (const rows of all) await insertPg(pool, rows)
    await pool.query('ANALYZE')
    console.log(`PostgreSQL: ${all.length} flows' rows written in ${(performance.now() - t).toFixed(0)} ms`)
    const days = [Date.parse(QUERY.from) / DAY, Date.parse(QUERY.to) / DAY]
    const ref = await time(() =>
      Promise.all(
        Object.keys(TABLES).map((table) =>
          pool.query(`SELECT * FROM ${table} WHERE flow_id = $1 AND day BETWEEN $2 AND $3`, [FLOW.id, ...days]),
        ),
      ),
    )
    console.log(line('PostgreSQL overlay, 30 days', await time(() => store.traffic.report(QUERY)), ref, 200))
    console.log(line('PostgreSQL funnel to bye, 30 days', await time(() => store.traffic.funnel(FUNNEL)), ref, 300))
    console.log(`  (load average ${load()})`)
    await pool.end()
    await store.close()
  } finally {
    await server?.stop()
  }
}

export async function run(): Promise<void> {
  console.log(`load average ${load()}`)
  const t = performance.now()
  const runs = scenarios(RUNS, DAYS)
  const rows = seedRows(runs, DAYS, await templates())
  const started = rows.runs.reduce((n, r) => n + r.started, 0)
  if (started !== RUNS) throw new Error(`traffic bench: ${started} runs counted of ${RUNS}`)
  console.log(
    `${RUNS.toLocaleString('en')} runs over ${DAYS} days counted by TrafficBatch in ${((performance.now() - t) / 1000).toFixed(1)} s: ` +
      `${rows.runs.length + rows.nodes.length + rows.edges.length + rows.answers.length} rows per flow, ${OTHER_FLOWS + 1} flows`,
  )
  const all = allFlows(rows)
  await sqlite(all)
  await postgres(all)
  console.log(`load average ${load()}`)
}
