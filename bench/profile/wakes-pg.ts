// Profiles warm PostgreSQL wakes in one process (issue 31): a runtime over PgRuntimeStore and the in-memory adapter,
// N runs of the age-gate example seeded due by bulk SQL from a real paused run, then `runDue` wakes them all, ROUNDS
// times (fresh runs each round, so the JIT and the pool are warm after the first). Prints per wake: node's CPU,
// PostgreSQL's CPU (the postmaster's tree, from /proc), round trips (queries sent) and wall time.
//   npx tsx bench/profile/wakes-pg.ts [runs=1000] [rounds=4]     (node --cpu-prof for a profile)
import { createEffects } from '../../shared/engine'
import { MemoryAdapter } from '../../electron/runtime/adapters/log-adapter'
import { PgRuntimeStore } from '../../electron/runtime/pg-store'
import { Runtime } from '../../electron/runtime/runtime'
import { exampleFlow, text } from '../../electron/runtime/testing/runtime-fixtures'
import { startTestPg } from '../../electron/runtime/testing/pg-server'
import { waitOnTime } from '../../electron/runtime/testing/wait-fixtures'
import pg from 'pg'
import os from 'node:os'
import { treeCpuMsOf } from '../http-post'

let logged = 0
const reports = { woken: 0, ignored: 0 }
const N = Number(process.argv[2] ?? 1000)
const ROUNDS = Number(process.argv[3] ?? 4)
let queries = 0
const orig = pg.Client.prototype.query
pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
  queries++
  return (orig as (...a: unknown[]) => unknown).apply(this, args)
} as typeof orig

const server = await startTestPg()
const url = await server.freshDatabase()
let now = Date.UTC(2026, 0, 10, 9)
const store = await PgRuntimeStore.open(url, { now: () => now })
const flow = exampleFlow('age-gate')
await store.publish(flow)
const runtime = new Runtime({
  store,
  adapter: new MemoryAdapter(),
  effects: createEffects({ clock: { now: () => now } }),
  log: (m) => void (logged++ < 5 && console.log(m)),
  outbox: { send: false },
  wakes: {
    pollMs: null,
    onWake: (r) => void (reports[r.action]++, r.action === 'ignored' && logged++ < 5 && console.log(r)),
  },
})
await runtime.inbound(text('+491600000000', 'wine'))
const templateId = await waitOnTime(store, flow, '+491600000000', now + 1000, 'failure')
const admin = new pg.Client({ connectionString: url })
await admin.connect()
const { rows } = await admin.query<{ state: string; contact_id: string; wake_at: number }>(
  'SELECT state, contact_id, wake_at FROM runs WHERE id = $1',
  [templateId],
)
const tpl = rows[0]!
// The template is kept out of the rounds: it waits for ever.
await admin.query('UPDATE runs SET wake_at = NULL, status = $2 WHERE id = $1', [templateId, 'ended'])
console.log(
  `load average ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`,
)
for (let round = 0; round < ROUNDS; round++) {
  const due = now + 1000
  const p = `r${round}_`
  await admin.query(
    `INSERT INTO contacts (id, name, phone, opted_in, last_inbound_at, fields, created_at, updated_at)
     SELECT 'ct_${p}' || i, 'W', '+4915${round}' || lpad(i::text, 7, '0'), true, $1, '{}', $1, $1 FROM generate_series(1, $2) i`,
    [now, N],
  )
  await admin.query(
    `INSERT INTO runs (id, flow_id, flow_name, contact_id, status, trigger_kind, state, node_count, exec_ms, started_at, updated_at, wake_at)
     SELECT 'run_${p}' || i, 'flw_age_gate', 'Age gate', 'ct_${p}' || i, 'paused', 'keyword',
       replace(replace(replace($6, $3, 'run_${p}' || i), $4, 'ct_${p}' || i), $7, $5::bigint::text), 1, 0, $1, $1, $5::bigint
     FROM generate_series(1, $2) i`,
    [now, N, templateId, tpl.contact_id, due, tpl.state, String(tpl.wake_at)],
  )
  now = due
  const q0 = queries
  const pg0 = treeCpuMsOf(server.serverPid!) ?? 0
  const c0 = process.cpuUsage()
  const t0 = performance.now()
  const woken = await runtime.runDue()
  const wall = performance.now() - t0
  const c = process.cpuUsage(c0)
  const pgMs = (treeCpuMsOf(server.serverPid!) ?? 0) - pg0
  const nodeMs = (c.user + c.system) / 1000
  console.log(
    `round ${round}: ${woken} woken in ${wall.toFixed(0)} ms; per wake: node ${(nodeMs / woken).toFixed(3)} ms CPU, PostgreSQL ${(pgMs / woken).toFixed(3)} ms, ${((queries - q0) / woken).toFixed(2)} queries`,
  )
  console.log(reports, await admin.query('SELECT status, count(*) FROM runs GROUP BY 1').then((r) => r.rows))
  now += 1000
}
if (process.env.CHATFLOW_PROFILE_STATEMENTS) {
  // With pg_stat_statements loaded (a server given by CHATFLOW_TEST_DATABASE_URL): where PostgreSQL's time went.
  const top = await admin.query<{ calls: string; ms: number; query: string }>(
    `SELECT calls, total_exec_time + total_plan_time AS ms, left(regexp_replace(query, '\\s+', ' ', 'g'), 90) AS query
       FROM pg_stat_statements ORDER BY 2 DESC LIMIT 12`,
  )
  for (const r of top.rows) console.log(`${(r.ms / Number(r.calls)).toFixed(3)} ms × ${r.calls}  ${r.query}`)
}
await admin.end()
await runtime.close()
await server.stop()
