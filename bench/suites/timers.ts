// Time in the runtime (docs/runtime.md, "Time"): 100,000 runs waiting on time at once, on one SQLite instance and on
// PostgreSQL with 2 instances, `chatflow serve` started from the build. The runs are seeded by bulk SQL (a real
// paused run of the age-gate example is the template: its state, with the waiting node's `until` and timeout port as
// the engine writes them, and wake_at) while no serve runs. 99,000 wait for a week; 1,000 fall due within one second,
// DUE_AFTER_S after the seed. Measured:
// - wake-up lag: each due run's due time → its woken step committed, from serve's own log lines ("run woken",
//   lateMs, written after the commit), with inbound traffic the webhook benchmark's way (10 connections, as fast as
//   answered: age-gate messages of other contacts) from a few seconds before the due second until every due run
//   is woken. Goals: p50 ≤ 100 ms, p99 ≤ 1 s; every due run woken once (its run ended, one log line);
// - RSS of serve: idle (the flow published, no runs) and with the 100,000 waiting runs (started on them, the
//   scheduler looking at its index for a few seconds): goal ≤ 1.2× idle.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import autocannon, { type AutocannonRequest } from 'autocannon'
import Database from 'better-sqlite3'
import pg from 'pg'
import { SearchIndexer } from '../../electron/services/logs/search-index'
import { pgUnavailableReason, startTestPg, type TestPg } from '../../electron/runtime/testing/pg-server'
import { startServe, type ServeChild } from '../../electron/runtime/testing/serve-child'
import { cpuMsOf, treeCpuMsOf } from '../http-post'
import { countingGateway, rssMiB } from '../counting-gateway'

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')
const KEY = 'k_bench_0123456789abcdef'
const WAITING = Number(process.env.CHATFLOW_BENCH_WAITING ?? 100_000)
const DUE = 1000
/** From the end of the seed to the due second: serve's start, the RSS reading and the traffic's start fit in it. */
const DUE_AFTER_S = 25
const TRAFFIC_BEFORE_S = 5
const FAR = 7 * 86_400_000
const TEMPLATE_PHONE = '+491600000000'
const UNTIL = 1_111_111_111_111
const DEPLOYED_NODE_OPTIONS = '--max-semi-space-size=4'
/** The webhook benchmark's load: 10 connections, each sending its next request when answered (0: no traffic). */
const CONNECTIONS = Number(process.env.CHATFLOW_BENCH_TIMERS_CONNECTIONS ?? 10)

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))
const pct = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(p * xs.length))]!

const flowDoc = () =>
  JSON.parse(fs.readFileSync(path.join(ROOT, 'resources/examples/age-gate.flow.json'), 'utf8')) as { id: string }

interface Target {
  label: string
  /** PostgreSQL's postmaster, whose backends' CPU is counted too (null: SQLite, in serve). */
  dbPid: number | null
  instances: number
  /** serve arguments naming the state. */
  args: string[]
  /** The template run's state (its run, contact and phone), read once serve has stopped. */
  template(): Promise<{ state: string; runId: string; contactId: string }>
  seed(sql: SeedSql): Promise<void>
  close(): Promise<void>
}

interface SeedSql {
  template: string
  now: number
  due: number
}

export async function run(): Promise<void> {
  if (!fs.existsSync('/proc/self/status')) return void console.log('timers: not measured (reads /proc, Linux only)')
  console.log(
    `load average at start: ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  )
  const stores = (process.env.CHATFLOW_BENCH_TIMERS_STORES ?? 'sqlite,postgres').split(',')
  if (stores.includes('sqlite')) await measure(await sqliteTarget())
  const reason = pgUnavailableReason()
  if (!stores.includes('postgres')) return
  if (reason) console.log(`PostgreSQL: not measured (${reason})`)
  else {
    const server = await startTestPg()
    try {
      await measure(await pgTarget(server, 2))
    } finally {
      await server.stop()
    }
  }
  console.log(
    `load average at end: ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  )
}

async function sqliteTarget(): Promise<Target> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'chatflow-bench-timers-'))
  const file = path.join(dir, 'studio.sqlite')
  return {
    label: 'SQLite, 1 instance',
    dbPid: null,
    instances: 1,
    args: ['--data-dir', dir],
    async template() {
      const db = new Database(file, { readonly: true })
      try {
        const r = db
          .prepare(
            'SELECT r.id, r.contact_id, r.state FROM runs r JOIN contacts c ON c.id = r.contact_id WHERE c.phone = ?',
          )
          .get(TEMPLATE_PHONE) as { id: string; contact_id: string; state: string }
        return { state: r.state, runId: r.id, contactId: r.contact_id }
      } finally {
        db.close()
      }
    },
    async seed({ template, now, due }) {
      const db = new Database(file)
      try {
        db.pragma('journal_mode = WAL')
        db.transaction(() => {
          const contact = db.prepare(
            "INSERT INTO contacts (id, name, phone, opted_in, last_inbound_at, fields, created_at, updated_at) VALUES (?, ?, ?, 1, ?, '{}', ?, ?)",
          )
          const runRow = db.prepare(
            `INSERT INTO runs (id, flow_id, flow_name, contact_id, status, trigger_kind, state, node_count, exec_ms, started_at, updated_at, wake_at)
             VALUES (?, 'flw_age_gate', 'Age gate', ?, 'paused', 'keyword', ?, 1, 0, ?, ?, ?)`,
          )
          for (let i = 0; i < WAITING; i++) {
            const { runId, contactId, phone, wakeAt } = seedIds(i, now, due)
            contact.run(contactId, `Waiting ${i}`, phone, now, now, now)
            runRow.run(runId, contactId, fill(template, runId, contactId, phone, wakeAt), now, now, wakeAt)
          }
        })()
        // The search rows a run's writes mark are built behind them; build these now, as a live server would have.
        new SearchIndexer(db).flush()
      } finally {
        db.close()
      }
    },
    async close() {
      fs.rmSync(dir, { recursive: true, force: true })
    },
  }
}

async function pgTarget(server: TestPg, instances: number): Promise<Target> {
  const url = await server.freshDatabase()
  const query = async <T extends pg.QueryResultRow>(text: string, values: unknown[] = []) => {
    const c = new pg.Client({ connectionString: url })
    await c.connect()
    try {
      return (await c.query<T>(text, values)).rows
    } finally {
      await c.end()
    }
  }
  return {
    label: `PostgreSQL, ${instances} instances`,
    dbPid: server.serverPid,
    instances,
    args: ['--database-url', url],
    async template() {
      const [r] = await query<{ id: string; contact_id: string; state: string }>(
        'SELECT r.id, r.contact_id, r.state FROM runs r JOIN contacts c ON c.id = r.contact_id WHERE c.phone = $1',
        [TEMPLATE_PHONE],
      )
      return { state: r!.state, runId: r!.id, contactId: r!.contact_id }
    },
    async seed({ template, now, due }) {
      // One statement per table over generate_series; the same ids, phones and due times as seedIds.
      const id = (prefix: string) => `'${prefix}' || lpad(i::text, 8, '0')`
      const runId = `CASE WHEN i < ${DUE} THEN 'run_due' ELSE 'run_wait' END || lpad(i::text, 8, '0')`
      const phone = `'+4915' || lpad(i::text, 8, '0')`
      const wake = `CASE WHEN i < ${DUE} THEN ${due} + (i * 1000 / ${DUE}) ELSE ${now + FAR} END`
      await query(
        `INSERT INTO contacts (id, name, phone, opted_in, last_inbound_at, fields, created_at, updated_at)
         SELECT ${id('ct_wait')}, 'Waiting ' || i, ${phone}, true, $1, '{}', $1, $1 FROM generate_series(0, $2 - 1) i`,
        [now, WAITING],
      )
      await query(
        `INSERT INTO runs (id, flow_id, flow_name, contact_id, status, trigger_kind, state, node_count, exec_ms, started_at, updated_at, wake_at)
         SELECT ${runId}, 'flw_age_gate', 'Age gate', ${id('ct_wait')}, 'paused', 'keyword',
                replace(replace(replace(replace($1, '__RUN__', ${runId}), '__CT__', ${id('ct_wait')}),
                  '__PHONE__', ${phone}), '${UNTIL}', (${wake})::text), 1, 0, $2, $2, ${wake}
           FROM generate_series(0, $3 - 1) i`,
        [template, now, WAITING],
      )
      await query('ANALYZE runs')
    },
    async close() {},
  }
}

/** Run ids of the due runs start run_due, the others run_wait (a prefix the log lines are filtered by). */
function seedIds(i: number, now: number, due: number) {
  const n = String(i).padStart(8, '0')
  return {
    runId: `run_${i < DUE ? 'due' : 'wait'}${n}`,
    contactId: `ct_wait${n}`,
    phone: `+4915${n}`,
    wakeAt: i < DUE ? due + Math.floor((i * 1000) / DUE) : now + FAR,
  }
}

function fill(template: string, runId: string, contactId: string, phone: string, wakeAt: number): string {
  return template
    .replaceAll('__RUN__', runId)
    .replaceAll('__CT__', contactId)
    .replaceAll('__PHONE__', phone)
    .replaceAll(String(UNTIL), String(wakeAt))
}

/** The paused run as a template: its ids and phone as placeholders, waiting on time by the question's failure port. */
function templateOf(t: { state: string; runId: string; contactId: string }, now: number): string {
  const state = JSON.parse(t.state) as { waiting: Record<string, unknown>; lastInboundAt: number; updatedAt: number }
  const json = JSON.stringify({
    ...state,
    lastInboundAt: now,
    updatedAt: now,
    waiting: { ...state.waiting, until: UNTIL, timeoutPort: 'failure' },
  })
  return json.replaceAll(t.runId, '__RUN__').replaceAll(t.contactId, '__CT__').replaceAll(TEMPLATE_PHONE, '__PHONE__')
}

async function measure(target: Target): Promise<void> {
  console.log(`-- ${target.label}: ${WAITING.toLocaleString('en')} runs waiting, ${DUE} due within one second`)
  const gw = await countingGateway()
  const env = { CHATFLOW_PUBLISH_KEY: KEY, CHATFLOW_INBOUND_KEY: KEY, NODE_OPTIONS: DEPLOYED_NODE_OPTIONS }
  const serve = () =>
    startServe([...target.args, '--port', '0', '--publish-port', '0', '--outbound-url', gw.url], env, {
      timeoutMs: 120_000,
    })
  const children: ServeChild[] = []
  try {
    // Idle: the flow published, one run (the template), nothing else.
    const first = await serve()
    children.push(first)
    const doc = flowDoc()
    const res = await fetch(`${first.api}/flows/${doc.id}/versions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' },
      body: JSON.stringify({ document: doc }),
    })
    if (res.status !== 201) throw new Error(`publish answered ${res.status}`)
    await post(first.hook, TEMPLATE_PHONE, 'wine', 'wamid.template')
    await sleep(3000)
    const idle = rssMiB(first.child.pid!)
    await first.stop()
    children.length = 0

    const t0 = performance.now()
    const now = Date.now()
    const template = templateOf(await target.template(), now)
    // Seeded due in the far future, then moved to DUE_AFTER_S after the seed, whatever the seed took.
    const seedStart = Date.now()
    const due = now + FAR / 2
    await target.seed({ template, now, due })
    const seeded = Date.now()
    console.log(
      `seeded ${WAITING.toLocaleString('en')} waiting runs by bulk SQL in ${((seeded - seedStart) / 1000).toFixed(1)} s`,
    )
    const dueAt = seeded + DUE_AFTER_S * 1000
    await shiftDue(target, dueAt - due)

    for (let i = 0; i < target.instances; i++) children.push(await serve())
    await sleep(4000)
    const waitingRss = children.map((c) => rssMiB(c.child.pid!))
    const startedBy = Date.now()
    if (startedBy > dueAt - TRAFFIC_BEFORE_S * 1000)
      console.log(`  (serve was ready only ${((dueAt - startedBy) / 1000).toFixed(1)} s before the due second)`)
    await sleep(Math.max(0, dueAt - TRAFFIC_BEFORE_S * 1000 - Date.now()))

    const cpu = () =>
      children.reduce((sum, c) => sum + (cpuMsOf(c.child.pid!) ?? 0), 0) +
      (target.dbPid === null ? 0 : (treeCpuMsOf(target.dbPid) ?? 0))
    const cpu0 = cpu()
    const wall0 = performance.now()
    // Inbound traffic the webhook benchmark's way: 10 connections, each answer followed by the next request.
    let k = 0
    const request = {
      method: 'POST' as const,
      path: '/api/v1/inbound',
      headers: { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' },
      setupRequest: (req: AutocannonRequest): AutocannonRequest => {
        const n = k++
        const contact = n % 2000
        const text = Math.floor(n / 2000) % 2 ? '34' : 'wine'
        const body = {
          contact: { wa_id: `4917${String(contact).padStart(8, '0')}` },
          message: { id: `wamid.timers.${target.instances}.${n}`, type: 'text', text: { body: text } },
        }
        return { ...req, body: JSON.stringify(body) }
      },
    }
    const traffic = children.map((c) =>
      CONNECTIONS === 0
        ? sleep((TRAFFIC_BEFORE_S + 10) * 1000).then(() => ({
            requests: { total: 0 },
            non2xx: 0,
            errors: 0,
            timeouts: 0,
          }))
        : autocannon({
            url: c.hook,
            connections: Math.max(1, Math.round(CONNECTIONS / children.length)),
            duration: TRAFFIC_BEFORE_S + 10,
            timeout: 30,
            requests: [request],
          }),
    )
    const woken = () =>
      children.flatMap((c) =>
        c
          .output()
          .split('\n')
          .filter((l) => l.includes('"run woken') && l.includes('run_due'))
          .map((l) => JSON.parse(l) as { runId: string; lateMs: number }),
      )
    const results = await Promise.all(traffic)
    const until = Date.now() + 60_000
    while (woken().length < DUE && Date.now() < until) await sleep(200)
    const cpuMs = cpu() - cpu0
    const wallMs = performance.now() - wall0
    const lines = woken()
    const lags = lines.map((l) => l.lateMs)
    const ids = new Set(lines.map((l) => l.runId))
    const requests = results.reduce((s, r) => s + r.requests.total, 0)
    const seconds = TRAFFIC_BEFORE_S + 10
    const bad = results.reduce((s, r) => s + r.non2xx + r.errors + r.timeouts, 0)
    const afterRss = children.map((c) => rssMiB(c.child.pid!))
    const p50 = lags.length ? pct(lags, 0.5) : NaN
    const p99 = lags.length ? pct(lags, 0.99) : NaN
    const ok = (x: boolean) => (x ? 'met' : 'NOT met')
    console.log(
      `wake-up lag, due → step committed        p50 ${p50} ms (goal ≤ 100: ${ok(p50 <= 100)}), p99 ${p99} ms (goal ≤ 1000: ${ok(p99 <= 1000)}), max ${lags.length ? Math.max(...lags) : NaN} ms (min ${Math.min(...lags)}, p10 ${pct(lags, 0.1)}, p90 ${pct(lags, 0.9)})`,
    )
    console.log(
      `  ${lines.length} wakes logged for ${ids.size} of ${DUE} due runs${lines.length === ids.size && ids.size === DUE ? ' (each once)' : ' (NOT each once)'}; inbound meanwhile ${Math.round(requests / seconds)} msg/s (${requests} in ${seconds} s, ${bad} not answered 200) over ${children.length} instance(s)`,
    )
    console.log(
      `  CPU of serve${target.dbPid === null ? '' : ' and PostgreSQL'} over the ${(wallMs / 1000).toFixed(1)} s window: ${(cpuMs / 1000).toFixed(1)} s (${((100 * cpuMs) / wallMs).toFixed(0)} % of one core of 2), ${(cpuMs / (requests + lines.length)).toFixed(2)} ms per step (inbound and wakes)`,
    )
    const ratio = Math.max(...waitingRss.map((r) => r / idle))
    console.log(
      `RSS of serve                             idle ${idle.toFixed(0)} MiB; with ${WAITING.toLocaleString('en')} waiting ${waitingRss.map((r) => r.toFixed(0)).join(' / ')} MiB: ${ratio.toFixed(2)}× idle (goal ≤ 1.20: ${ok(ratio <= 1.2)}); after the traffic ${afterRss.map((r) => r.toFixed(0)).join(' / ')} MiB`,
    )
    console.log(
      `  (${((performance.now() - t0) / 1000).toFixed(0)} s; load average ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}; ${gw.received()} messages at the gateway)`,
    )
  } finally {
    await Promise.all(children.map((c) => c.stop()))
    gw.close()
    await target.close()
  }
}

/** Moves the due runs' time (state and wake_at) by `ms`, while no serve runs. */
async function shiftDue(target: Target, ms: number): Promise<void> {
  if (target.args[0] === '--data-dir') {
    const db = new Database(path.join(target.args[1]!, 'studio.sqlite'))
    try {
      const rows = db.prepare("SELECT id, state, wake_at FROM runs WHERE id LIKE 'run_due%'").all() as Array<{
        id: string
        state: string
        wake_at: number
      }>
      const set = db.prepare('UPDATE runs SET state = ?, wake_at = ? WHERE id = ?')
      db.transaction(() => {
        for (const r of rows)
          set.run(r.state.replaceAll(String(r.wake_at), String(r.wake_at + ms)), r.wake_at + ms, r.id)
      })()
    } finally {
      db.close()
    }
  } else {
    const c = new pg.Client({ connectionString: target.args[1] })
    await c.connect()
    try {
      await c.query(
        `UPDATE runs SET state = replace(state, wake_at::text, (wake_at + $1)::text), wake_at = wake_at + $1 WHERE id LIKE 'run_due%'`,
        [ms],
      )
    } finally {
      await c.end()
    }
  }
}

async function post(hook: string, phone: string, text: string, id: string): Promise<void> {
  const res = await fetch(`${hook}/api/v1/inbound`, {
    method: 'POST',
    headers: { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' },
    body: JSON.stringify({ contact: { wa_id: phone.slice(1) }, message: { id, type: 'text', text: { body: text } } }),
  })
  if (res.status !== 200) throw new Error(`inbound answered ${res.status}: ${await res.text()}`)
}
