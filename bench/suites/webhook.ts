// Webhook benchmark (issue 40's goals): `chatflow serve` in a child process runs the flow of
// bench/engine-flow.flow.json for every request (key check, body validation, contact, run, condition, nested
// expression, end; run + 4-node trace + message committed before the answer). autocannon drives it on 127.0.0.1 at
// 1 and 10 connections, bodies alternating amount 250 / 40. References, each in its own process: the floor the goals
// are set against (bench/floor/webhook-sqlite.mjs), a bare node:http server that parses the body and writes the same
// rows (a run with its state, 4 trace rows, 1 message) in one transaction into a database with the studio's schema;
// Node-RED (the pinned dev dependency, bench/reference/node-red) doing the same work without storing anything; and
// a node:http server that only answers the same JSON (what HTTP alone costs). Before timing, every reference's answer
// to both bodies is checked against ours (and Node-RED's text). Three rounds per connection count, the servers in
// turn within each, so a load change on this shared machine hits all of them; each round's line gives the load
// average and each server's CPU time per request (from /proc, which depends far less on the load than req/s), then
// the medians and the goals' ratios, met or not. Afterwards every 200 is checked against the databases. About 60 s.
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
import { cpuMsOf } from '../http-post'
import { nodeRedEntry, startNodeRed, type NodeRed } from '../reference/node-red/start'

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

/** One server under test: where to POST, with which headers, and the process whose CPU time is read. */
interface Target {
  key: string
  label: string
  url: string
  headers: Record<string, string>
  pid: number
}

/** A timed run: autocannon's figures and the server's CPU time per answered request (null without /proc). */
interface Sample {
  r: AutocannonResult
  cpuMs: number | null
}

async function timed(t: Target, connections: number): Promise<Sample> {
  const before = cpuMsOf(t.pid)
  const r = await measure(t.url, connections, t.headers)
  const after = cpuMsOf(t.pid)
  const n = ok(r)
  return { r, cpuMs: before === null || after === null || n === 0 ? null : (after - before) / n }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1]!
const ok = (r: AutocannonResult) => r['2xx']
const other = (r: AutocannonResult) => r.non2xx + r.errors + r.timeouts
const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')
const cpu = (ms: number | null) => (ms === null ? '   n/a' : ms.toFixed(3).padStart(6))

function sampleLine(label: string, s: Sample): string {
  const { r } = s
  return `  ${label.padEnd(44)} ${r.requests.average.toFixed(0).padStart(6)} req/s   p50 ${r.latency.p50.toFixed(1).padStart(5)} ms   p99 ${r.latency.p99.toFixed(1).padStart(6)} ms   CPU ${cpu(s.cpuMs)} ms/req`
}

function line(label: string, ss: Sample[]): string {
  const rs = ss.map((s) => s.r)
  const rate = median(rs.map((r) => r.requests.average))
  const p50 = median(rs.map((r) => r.latency.p50))
  const p99 = median(rs.map((r) => r.latency.p99))
  const cpus = ss.map((s) => s.cpuMs).filter((c): c is number => c !== null)
  const n = rs.reduce((s, r) => s + ok(r), 0)
  const bad = rs.reduce((s, r) => s + other(r), 0)
  return `${label.padEnd(46)} ${rate.toFixed(0).padStart(6)} req/s   p50 ${p50.toFixed(1).padStart(5)} ms   p99 ${p99.toFixed(1).padStart(6)} ms   CPU ${cpu(cpus.length ? median(cpus) : null)} ms/req   (${n} ok, ${bad} other)`
}

/** A goal's line: the median of the per-round ratios, each round's, the goal and whether it is met. */
function goal(label: string, ratios: number[], atLeast: boolean, target: number, unit: string): string {
  const m = median(ratios)
  const met = atLeast ? m >= target : m <= target
  return `${label.padEnd(46)} ${m.toFixed(2)}× ${unit} (rounds ${ratios.map((x) => x.toFixed(2)).join(', ')}; goal ${atLeast ? '≥' : '≤'} ${target.toFixed(2)}): ${met ? 'met' : 'NOT met'}`
}

/** Our answer to each body, for the references' answers to be compared with. */
async function answers(url: string, headers: Record<string, string>): Promise<unknown[]> {
  const out: unknown[] = []
  for (const body of bodies) {
    const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body })
    const text = await res.text()
    if (res.status !== 200) throw new Error(`${url} answered ${res.status}: ${text}`)
    out.push(JSON.parse(text))
  }
  return out
}

/** The same keys and values, ids compared by their form (prefix and characters), not their value. */
function sameAnswer(ours: unknown, theirs: unknown): boolean {
  const form = (v: unknown) => (typeof v === 'string' && /^(run|ct)_[0-9a-z]+$/.test(v) ? v.split('_')[0] + '_…' : v)
  const shape = (o: unknown) =>
    JSON.stringify(
      Object.entries(o as Record<string, unknown>)
        .map(([k, v]) => [k, form(v)])
        .sort(),
    )
  return typeof theirs === 'object' && theirs !== null && shape(ours) === shape(theirs)
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
    const entry = nodeRedEntry()
    const nodeRed: NodeRed | null = 'missing' in entry ? null : await startNodeRed(secret)
    // The outbound message goes through the outbox to the log adapter, into /dev/null: on stdout it would fill
    // this process's copy of serve's output and make serve wait on the pipe (the floors send nothing).
    const serve = await startServe(['--data-dir', dir, '--port', '0', '--outbound-log', '/dev/null'], {
      CHATFLOW_WEBHOOK_RATE: '1000000',
    })
    const hookPath = `/chatbot-webhook/${flow.id}/trigger`
    const key = { 'x-api-key': secret }
    const ours: Target = {
      key: 'webhook',
      label: 'webhook (ours)',
      url: serve.hook + hookPath,
      headers: key,
      pid: serve.child.pid!,
    }
    const targets: Target[] = [
      ours,
      {
        key: 'sqlite',
        label: 'floor: node:http + the same SQLite writes',
        url: sqliteFloor.url,
        headers: {},
        pid: sqliteFloor.child.pid!,
      },
      ...(nodeRed
        ? [
            {
              key: 'node-red',
              label: `Node-RED ${nodeRed.version}, no storage`,
              url: nodeRed.url + hookPath,
              headers: key,
              pid: nodeRed.child.pid!,
            },
          ]
        : []),
      {
        key: 'http',
        label: '(node:http answering, no storage)',
        url: httpFloor.url,
        headers: {},
        pid: httpFloor.child.pid!,
      },
    ]
    console.log(`load average at the start ${load()}`)
    if (nodeRed) console.log(`Node-RED ${nodeRed.version} (node-red/red.js, its own process) at ${nodeRed.url}`)
    else console.log(`Node-RED: not measured, ${'missing' in entry ? entry.missing : ''}`)
    const results: Record<string, Sample[]> = {}
    try {
      // The references must do what ours does: the same answer to both bodies, and Node-RED the same texts.
      const expected = await answers(ours.url, ours.headers)
      for (const t of targets.slice(1)) {
        const got = await answers(t.url, t.headers)
        got.forEach((a, i) => {
          if (!sameAnswer(expected[i], a))
            throw new Error(`${t.label} answered ${JSON.stringify(a)} where ours was ${JSON.stringify(expected[i])}`)
        })
      }
      if (nodeRed) {
        for (const [i, body] of bodies.entries()) {
          await fetch(nodeRed.url + hookPath, {
            method: 'POST',
            headers: { 'content-type': 'application/json', ...key },
            body,
          })
          const text = await (await fetch(nodeRed.url + '/bench/last-text')).text()
          if (text !== EXPECTED[i]) throw new Error(`Node-RED's text was "${text}", not "${EXPECTED[i]}"`)
        }
      }
      console.log(
        'checked: every reference answers both bodies as ours does (ids by their form), Node-RED with the same texts',
      )
      for (const t of targets.slice(0, 3)) await measure(t.url, 1, t.headers, 1) // warm-up: JIT, statement caches
      for (const c of [1, 10]) {
        for (let round = 0; round < ROUNDS; round++) {
          console.log(`${c} conn, round ${round + 1}, load average ${load()}`)
          for (const t of targets) {
            const s = await timed(t, c)
            ;(results[`${t.key} ${c}`] ??= []).push(s)
            console.log(sampleLine(t.label, s))
          }
        }
      }
    } finally {
      for (const f of [sqliteFloor, httpFloor]) f.child.kill('SIGTERM')
      await serve.stop()
      await nodeRed?.stop()
      await Promise.all(
        [sqliteFloor, httpFloor].map(
          (f) => new Promise((r) => (f.child.exitCode !== null ? r(null) : f.child.once('exit', r))),
        ),
      )
    }

    console.log(`medians of ${ROUNDS} rounds of ${SECONDS} s (load average at the end ${load()}):`)
    for (const c of [1, 10])
      for (const t of targets) console.log(line(`${t.label}, ${c} conn`, results[`${t.key} ${c}`]!))
    const perRound = (c: number, ref: string, f: (a: AutocannonResult, b: AutocannonResult) => number) =>
      results[`webhook ${c}`]!.map((s, i) => f(s.r, results[`${ref} ${c}`]![i]!.r))
    const rate = (a: AutocannonResult, b: AutocannonResult) => a.requests.average / b.requests.average
    const p99 = (a: AutocannonResult, b: AutocannonResult) => a.latency.p99 / Math.max(1, b.latency.p99)
    if (nodeRed)
      console.log(
        goal(
          `goal: webhook / Node-RED ${nodeRed.version}, 10 conn`,
          perRound(10, 'node-red', rate),
          true,
          1.2,
          "Node-RED's req/s",
        ),
      )
    else console.log('goal: webhook / Node-RED, 10 conn: not measured (Node-RED missing)')
    console.log(
      goal('goal: webhook / SQLite floor, 10 conn', perRound(10, 'sqlite', rate), true, 0.7, "the floor's req/s"),
    )
    console.log(
      goal(
        'goal: webhook p99 / floor p99, 10 conn',
        perRound(10, 'sqlite', p99),
        false,
        1.5,
        "the floor's p99 (under 1 ms counted as 1 ms)",
      ),
    )
    console.log(
      goal('goal: webhook / SQLite floor, 1 conn', perRound(1, 'sqlite', rate), true, 0.5, "the floor's req/s"),
    )
    const count = (key: string) => results[key]!.reduce((n, s) => n + ok(s.r), 0)
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
