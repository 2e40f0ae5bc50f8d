// Broadcasts (docs/runtime.md, "Broadcasts"): `chatflow serve` from the build, `--channel cloud-api` against the fake
// Cloud API (a real HTTP server in this process), a broadcast planned in the store before serve starts (a template
// flow, every recipient due now, the daily limit off). Counted at the fake, per contact: no duplicates (a second
// accepted send to a contact), no gaps (a contact with none). Runs:
// - pace: 50,000 recipients at --send-rate 80 on SQLite; the pace is the accepted sends over the time from the
//   first to the last, goal within 5 % of 80/s;
// - 1,000/s: 20,000 recipients at --send-rate 1000 on one SQLite instance, and on two PostgreSQL instances sharing
//   the work (each given the number's --send-rate 1000: they share one pace in the database); goal: the rate held
//   within 5 % with no duplicates and no gaps (the line says met or NOT met). CHATFLOW_BENCH_BROADCAST_SPLIT=1 gives each instance its share instead (500 each, as
//   before the shared pace).
// Each instance sends to a fake Cloud API of its own, so the run prints each one's share of the sends and its pace;
// duplicates and gaps are counted over all of them. The CPU each process used per recipient (serve, and PostgreSQL's
// server with its backends) is printed too: on a shared two-core machine the load average says what the rate is
// worth, while CPU per start holds under load.
// CHATFLOW_BENCH_BROADCAST_N / _FAST_N change the sizes; CHATFLOW_BENCH_BROADCAST_RUNS picks runs (pace,sqlite,pg).
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { openDatabase } from '../../electron/services/db/open'
import { PgRuntimeStore } from '../../electron/runtime/pg-store'
import { SqliteRuntimeStore } from '../../electron/runtime/sqlite-store'
import type { RuntimeStore } from '../../electron/runtime/store'
import { startFakeCloudApi, type FakeCloudApi } from '../../electron/runtime/testing/fake-cloud-api'
import { pgUnavailableReason, startTestPg } from '../../electron/runtime/testing/pg-server'
import { startServe, type ServeChild } from '../../electron/runtime/testing/serve-child'
import { cpuMsOf, treeCpuMsOf } from '../http-post'
import { PROMO_TEMPLATE as promo, promoFlow } from '../../electron/runtime/testing/promo-broadcast'

const PACE_N = Number(process.env.CHATFLOW_BENCH_BROADCAST_N ?? 50_000)
const FAST_N = Number(process.env.CHATFLOW_BENCH_BROADCAST_FAST_N ?? 20_000)
const SPLIT = process.env.CHATFLOW_BENCH_BROADCAST_SPLIT === '1'
const PHONE_NUMBER_ID = '106540352242922'
const flow = promoFlow('flw_bench_promo', 'Bench promo')
const phone = (i: number) => `+9197${String(i).padStart(8, '0')}`
const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

interface Run {
  label: string
  n: number
  /** The rate the number allows, over all instances. */
  rate: number
  instances: number
  /** The server's process (PostgreSQL's postmaster), whose CPU per start is printed; null: none of its own. */
  serverPid: number | null
  /** serve arguments naming the state. */
  args: string[]
  open(): Promise<RuntimeStore>
}

export async function run(): Promise<void> {
  const runs = (process.env.CHATFLOW_BENCH_BROADCAST_RUNS ?? 'pace,sqlite,pg').split(',')
  console.log(`load average at start: ${load()}`)
  if (runs.includes('pace'))
    await measure(sqliteRun(`SQLite, 1 instance, ${PACE_N.toLocaleString('en')} at 80/s`, PACE_N, 80))
  if (runs.includes('sqlite'))
    await measure(sqliteRun(`SQLite, 1 instance, ${FAST_N.toLocaleString('en')} at 1,000/s`, FAST_N, 1000))
  if (runs.includes('pg')) {
    const reason = pgUnavailableReason()
    if (reason) console.log(`PostgreSQL: not measured (${reason})`)
    else {
      const server = await startTestPg()
      try {
        const url = await server.freshDatabase()
        await measure({
          label: `PostgreSQL, 2 instances, ${FAST_N.toLocaleString('en')} at 1,000/s (${SPLIT ? '--send-rate 500 each' : 'each --send-rate 1000, one shared pace'})`,
          n: FAST_N,
          rate: 1000,
          instances: 2,
          serverPid: server.serverPid,
          args: ['--database-url', url],
          open: () => PgRuntimeStore.open(url),
        })
      } finally {
        await server.stop()
      }
    }
  }
  console.log(`load average at end: ${load()}`)
}

function sqliteRun(label: string, n: number, rate: number): Run {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'chatflow-bench-broadcast-'))
  return {
    label,
    n,
    rate,
    instances: 1,
    serverPid: null,
    args: ['--data-dir', dir],
    open: async () => new SqliteRuntimeStore(openDatabase(path.join(dir, 'studio.sqlite'))),
  }
}

async function measure(r: Run): Promise<void> {
  const fakes: FakeCloudApi[] = []
  const children: ServeChild[] = []
  try {
    const store = await r.open()
    await store.publish(flow, { templates: [promo as never], catalog: [] })
    const planned = Date.now()
    await store.broadcasts.create(
      { name: r.label, flowId: flow.id, variables: { code: 'B1' } },
      Array.from({ length: r.n }, (_, i) => ({ phone: phone(i), dueAt: planned })),
      planned,
    )
    await store.close()
    const loadBefore = load()
    const perInstance = String(SPLIT ? Math.round(r.rate / r.instances) : r.rate)
    for (let i = 0; i < r.instances; i++) {
      const fake = await startFakeCloudApi()
      fakes.push(fake)
      children.push(
        await startServe(
          [...r.args, '--port', '0', '--channel', 'cloud-api', '--cloud-phone-number-id', PHONE_NUMBER_ID],
          {
            CHATFLOW_CLOUD_API_URL: fake.url,
            CHATFLOW_CLOUD_API_TOKEN: 'EAAG-bench-token-0123456789',
            CHATFLOW_CLOUD_APP_SECRET: 'bench-app-secret',
            CHATFLOW_CLOUD_VERIFY_TOKEN: 'bench-verify',
            CHATFLOW_SEND_RATE: perInstance,
            CHATFLOW_CONVERSATION_LIMIT: 'unlimited',
            CHATFLOW_LOG_LEVEL: 'warn',
          },
        ),
      )
    }
    const database = r.args[0] === '--database-url' ? new URL(r.args[1]!).pathname.slice(1) : null
    const cpu = () => ({
      serves: children.map((c) => (c.child.pid ? (treeCpuMsOf(c.child.pid) ?? 0) : 0)),
      server: r.serverPid ? (treeCpuMsOf(r.serverPid) ?? 0) : 0,
      backends: r.serverPid && database ? backendsCpuMs(r.serverPid, database) : 0,
      bench: cpuMsOf(process.pid) ?? 0,
    })
    const cpuBefore = cpu()
    const deadline = Date.now() + (r.n / r.rate) * 3000 + 120_000
    const accepted = () => fakes.flatMap((f) => f.sends.filter((s) => s.status === 200))
    while (Date.now() < deadline) {
      if (new Set(accepted().map((s) => s.body.to)).size >= r.n) break
      await sleep(500)
    }
    const cpuAfter = cpu()
    if (new Set(accepted().map((s) => s.body.to)).size < r.n) {
      for (const c of children) console.log(`serve said: ${c.output().split('\n').slice(-15).join('\n')}`)
      // PostgreSQL can be read while serve runs (SQLite's file is held by serve).
      if (r.args[0] === '--database-url') {
        const s = await r.open()
        const [b] = await s.broadcasts.list(1)
        console.log(JSON.stringify(b), JSON.stringify(await s.broadcasts.recipients(b!.id, { limit: 3 })))
        await s.close()
      }
    }
    // A moment for anything sent twice to arrive too.
    await sleep(2000)
    const ok = accepted()
    const per = new Map<string, number>()
    for (const s of ok) per.set(s.body.to, (per.get(s.body.to) ?? 0) + 1)
    const duplicates = [...per.values()].reduce((n, k) => n + Math.max(0, k - 1), 0)
    const gaps = r.n - per.size
    const { rate, seconds } = paceOf(ok.map((s) => s.at))
    const off = (rate / r.rate - 1) * 100
    const others = fakes.reduce((n, f) => n + f.sends.length, 0) - ok.length
    console.log(
      `${r.label}: ${ok.length.toLocaleString('en')} accepted in ${seconds.toFixed(1)} s = ${rate.toFixed(1)}/s ` +
        `(asked ${r.rate}/s: ${off >= 0 ? '+' : ''}${off.toFixed(1)} %; goal within 5 % with no duplicates or gaps: ` +
        `${off >= -5 && duplicates === 0 && gaps === 0 ? 'met' : 'NOT met'}), ` +
        `duplicates ${duplicates}, gaps ${gaps}, other answers ${others}; ` +
        `load average before ${loadBefore}, after ${load()}`,
    )
    const perStart = (ms: number) => `${((ms / r.n) * 1000).toFixed(0)} µs`
    for (const [i, f] of fakes.entries()) {
      const mine = f.sends.filter((s) => s.status === 200)
      const p = paceOf(mine.map((s) => s.at))
      console.log(
        `  instance ${i + 1} (--send-rate ${perInstance}): ${mine.length.toLocaleString('en')} sent ` +
          `(${((mine.length / Math.max(1, ok.length)) * 100).toFixed(1)} %) at ${p.rate.toFixed(1)}/s over ${p.seconds.toFixed(1)} s; ` +
          `CPU ${perStart(cpuAfter.serves[i]! - cpuBefore.serves[i]!)} per recipient`,
      )
    }
    if (r.serverPid) {
      const all = cpuAfter.server - cpuBefore.server
      const backends = cpuAfter.backends - cpuBefore.backends
      console.log(
        `  PostgreSQL: CPU ${perStart(all)} per recipient, of which the serve instances' connections ${perStart(backends)} ` +
          `(the rest: checkpointer, WAL writer, autovacuum, which grow with the run's length, so with the load)`,
      )
      // What two cores must fit for the rate asked: every process's CPU per recipient under 2 s / rate.
      const serves = cpuAfter.serves.reduce((n, ms, i) => n + ms - cpuBefore.serves[i]!, 0)
      const bench = cpuAfter.bench - cpuBefore.bench
      console.log(
        `  all processes: CPU ${perStart(serves + all + bench)} per recipient (two cores at ${r.rate}/s allow ` +
          `${((2 / r.rate) * 1e6).toFixed(0)} µs)`,
      )
    }
    console.log(`  the bench and its fake Cloud API: CPU ${perStart(cpuAfter.bench - cpuBefore.bench)} per recipient`)
  } finally {
    await Promise.all(children.map((c) => c.stop()))
    await Promise.all(fakes.map((f) => f.close()))
  }
}

/**
 * CPU so far (ms) of the server's live backends connected to `database` (their command line names it): the work the
 * serve instances asked for, without the server's background processes. Connections held for the whole run (serve's
 * pools) are counted whole; one closed meanwhile is not (Linux /proc).
 */
function backendsCpuMs(serverPid: number, database: string): number {
  let ms = 0
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8').split(') ')[1]!.split(' ')
      if (Number(stat[1]) !== serverPid) continue
      if (!fs.readFileSync(`/proc/${entry}/cmdline`, 'utf8').includes(database)) continue
      ms += (Number(stat[11]) + Number(stat[12])) * 10
    } catch {
      // gone meanwhile
    }
  }
  return ms
}

/** Sends per second from the first to the last of `at` (epoch ms). */
function paceOf(at: number[]): { rate: number; seconds: number } {
  if (at.length < 2) return { rate: 0, seconds: 0 }
  const first = Math.min(...at)
  const last = Math.max(...at)
  return { rate: ((at.length - 1) * 1000) / Math.max(1, last - first), seconds: (last - first) / 1000 }
}
