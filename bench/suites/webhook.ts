// Webhook benchmark: `chatflow serve` in a child process runs the flow of
// bench/engine-flow.flow.json for every request (key check, body validation, contact, run, condition, nested
// expression, end; run + 4-node trace + message committed before the answer). autocannon drives it on 127.0.0.1 at
// 1 and 10 connections, bodies alternating amount 250 / 40. Two floors, each a bare node:http server in its own
// process: the one the goals are set against (bench/floor/webhook-sqlite.mjs) parses the body and writes the same
// rows (a run with its state, 4 trace rows, 1 message) in one transaction into a database with the studio's schema;
// the other only answers the same JSON (what HTTP alone costs). Three rounds, the three servers in turn within each,
// so a load change on this shared machine hits all three; medians are printed, and the ratios to the SQLite floor
// per round, then their median. Afterwards every 200 is checked against the databases. Bounded: about 45 s.
import { spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import autocannon, { type AutocannonResult } from 'autocannon'
import { parseFlow } from '../../shared/nodes/load-flow'
import { storeFlow } from '../../electron/cli/commands/import'
import { openDatabase } from '../../electron/services/db/open'
import { SecretStore } from '../../electron/services/webhook/secrets'
import { startServe } from '../../electron/runtime/testing/serve-child'

const SECONDS = 2
const ROUNDS = 3
const here = path.dirname(fileURLToPath(import.meta.url))
const EXPECTED = ['Hi Asha, your total is 295 (priority)', 'Hi Asha, your total is 47.2']
const bodies = [250, 40].map((amount) =>
  JSON.stringify({ phone_number: '+919800000001', data: { name: 'Asha', amount } }),
)

// The HTTP-only floor parses the body and answers the same shape: HTTP and JSON, no work, no storage.
const HTTP_FLOOR = `
const http = require('node:http')
const server = http.createServer((req, res) => {
  let body = ''
  req.on('data', (c) => (body += c))
  req.on('end', () => {
    JSON.parse(body)
    const out = JSON.stringify({ run_id: 'run_0123456789abcdef0123', state: 'ended', flow_id: 'flw_bench_engine', contact_id: 'ct_0123456789abcdef0123' })
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(out) })
    res.end(out)
  })
})
server.listen(0, '127.0.0.1', () => console.log('http://127.0.0.1:' + server.address().port))
process.on('SIGTERM', () => server.close(() => process.exit(0)))
`

async function measure(
  url: string,
  connections: number,
  headers: Record<string, string>,
  seconds = SECONDS,
): Promise<AutocannonResult> {
  const requests = bodies.map((body) => ({
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body,
  }))
  return autocannon({ url, connections, duration: seconds, timeout: 10, requests })
}

/** Starts a floor process (its first stdout line is its URL). */
async function floor(args: string[]): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, args, {
    stdio: ['ignore', 'pipe', 'inherit'],
    cwd: path.join(here, '..', '..'),
  })
  const url = await new Promise<string>((resolve) =>
    child.stdout!.once('data', (c: Buffer) => resolve(c.toString().trim())),
  )
  return { child, url }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1]!
const ok = (r: AutocannonResult) => r['2xx']
const other = (r: AutocannonResult) => r.non2xx + r.errors + r.timeouts

function line(label: string, rs: AutocannonResult[]): string {
  const rate = median(rs.map((r) => r.requests.average))
  const p50 = median(rs.map((r) => r.latency.p50))
  const p99 = median(rs.map((r) => r.latency.p99))
  const n = rs.reduce((s, r) => s + ok(r), 0)
  const bad = rs.reduce((s, r) => s + other(r), 0)
  return `${label.padEnd(46)} ${rate.toFixed(0).padStart(6)} req/s   p50 ${p50.toFixed(1).padStart(5)} ms   p99 ${p99.toFixed(1).padStart(6)} ms   (${n} ok, ${bad} other)`
}

export async function run(): Promise<void> {
  const loaded = parseFlow(fs.readFileSync(path.join(here, '..', 'engine-flow.flow.json'), 'utf8'))
  if (!loaded.ok) throw new Error(loaded.error.message)
  const flow = loaded.document
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'chatflow-bench-webhook-'))
  const floorDb = path.join(dir, 'floor.sqlite')
  try {
    const setup = openDatabase(path.join(dir, 'studio.sqlite'))
    storeFlow(setup, flow)
    const secret = new SecretStore(setup).rotate(flow.id).secret
    setup.close()
    openDatabase(floorDb).close()

    const sqliteFloor = await floor([path.join(here, '..', 'floor', 'webhook-sqlite.mjs'), floorDb])
    const httpFloor = await floor(['-e', HTTP_FLOOR])
    // The outbound message goes through the outbox to the log adapter, into /dev/null: on stdout it would fill
    // this process's copy of serve's output and make serve wait on the pipe (the floors send nothing).
    const serve = await startServe(['--data-dir', dir, '--port', '0', '--outbound-log', '/dev/null'], {
      CHATFLOW_WEBHOOK_RATE: '1000000',
    })
    const endpoint = `${serve.hook}/chatbot-webhook/${flow.id}/trigger`
    const results: Record<string, AutocannonResult[]> = {}
    const add = (key: string, r: AutocannonResult) => (results[key] ??= []).push(r)
    try {
      await measure(endpoint, 1, { 'x-api-key': secret }, 1) // warm-up: JIT, statement caches
      await measure(sqliteFloor.url, 1, {}, 1)
      for (const c of [1, 10]) {
        for (let round = 0; round < ROUNDS; round++) {
          add(`webhook ${c}`, await measure(endpoint, c, { 'x-api-key': secret }))
          add(`sqlite ${c}`, await measure(sqliteFloor.url, c, {}))
          add(`http ${c}`, await measure(httpFloor.url, c, {}))
        }
      }
    } finally {
      for (const f of [sqliteFloor, httpFloor]) f.child.kill('SIGTERM')
      await serve.stop()
      await Promise.all(
        [sqliteFloor, httpFloor].map(
          (f) => new Promise((r) => (f.child.exitCode !== null ? r(null) : f.child.once('exit', r))),
        ),
      )
    }

    for (const c of [1, 10]) {
      const hook = results[`webhook ${c}`]!
      const base = results[`sqlite ${c}`]!
      console.log(line(`webhook, run + trace persisted, ${c} conn`, hook))
      console.log(line(`floor: node:http + the same SQLite writes, ${c} conn`, base))
      console.log(line(`  (node:http answering, no storage, ${c} conn)`, results[`http ${c}`]!))
      const rate = median(hook.map((r, i) => r.requests.average / base[i]!.requests.average))
      const p99 = median(hook.map((r, i) => r.latency.p99 / Math.max(1, base[i]!.latency.p99)))
      console.log(
        `${'ratio webhook / floor'.padEnd(46)} ${rate.toFixed(2)}× the floor's req/s (goal ≥ 0.70), p99 ${p99.toFixed(2)}× the floor's (goal ≤ 1.50; p99 under 1 ms counted as 1 ms)`,
      )
    }
    const count = (key: string) => results[key]!.reduce((n, r) => n + ok(r), 0)
    verify(dir, count('webhook 1') + count('webhook 10'))
    const floorRuns = openDatabase(floorDb)
    const stored = floorRuns.prepare('SELECT count(*) FROM runs').pluck().get() as number
    floorRuns.close()
    if (stored < count('sqlite 1') + count('sqlite 10'))
      throw new Error(`the floor stored ${stored} runs for more 200s`)
  } finally {
    fs.rmSync(dir, { recursive: true, force: true })
  }
}

/** Every 200 of the measured runs (plus the warm-up) is a run with its 4-node trace and one of the two texts. */
function verify(dir: string, measuredOk: number): void {
  const db = openDatabase(path.join(dir, 'studio.sqlite'))
  try {
    const runs = db.prepare('SELECT count(*) AS n FROM runs').get() as { n: number }
    const short = db
      .prepare(
        'SELECT count(*) AS n FROM runs r WHERE (SELECT count(*) FROM trace_events e WHERE e.run_id = r.id) <> 4',
      )
      .get() as { n: number }
    const texts = (
      db
        .prepare("SELECT DISTINCT json_extract(payload, '$.text.body') AS t FROM messages WHERE direction = 'out'")
        .all() as { t: string }[]
    )
      .map((r) => r.t)
      .sort()
    if (runs.n < measuredOk) throw new Error(`only ${runs.n} runs stored for ${measuredOk} accepted requests`)
    if (short.n > 0) throw new Error(`${short.n} runs without their 4-node trace`)
    if (JSON.stringify(texts) !== JSON.stringify([...EXPECTED].sort()))
      throw new Error(`unexpected texts: ${JSON.stringify(texts)}`)
    console.log(
      `checked: ${runs.n} runs stored (${measuredOk} measured 200s + warm-up), each with a 4-node trace; texts as expected`,
    )
  } finally {
    db.close()
  }
}
