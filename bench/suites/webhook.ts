// Webhook benchmark (../shared/bench/engine-flow.md): `chatflow serve` in a child process runs the flow of
// bench/engine-flow.flow.json for every request (key check, body validation, contact, run, condition, nested
// expression, end; run + 4-node trace + message committed before the answer). autocannon drives it on 127.0.0.1 at
// 1 and 10 connections, bodies alternating amount 250 / 40. The floor: a bare node:http server in its own process
// answering the same JSON. Afterwards every 200 is checked against the database. Bounded: 2 s per measure, ~20 s.
import { spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import autocannon, { type AutocannonResult } from 'autocannon'
import { parseFlow } from '../../shared/flow/serialise'
import { storeFlow } from '../../electron/cli/commands/import'
import { openDatabase } from '../../electron/studio/db/open'
import { SecretStore } from '../../electron/studio/webhook/secrets'
import { startServe } from '../../electron/runtime/testing/serve-child'

const SECONDS = 2
const here = path.dirname(fileURLToPath(import.meta.url))
const EXPECTED = ['Hi Asha, your total is 295 (priority)', 'Hi Asha, your total is 47.2']
const bodies = [250, 40].map((amount) => JSON.stringify({ phone_number: '+919800000001', data: { name: 'Asha', amount } }))

// The floor parses the body and answers the same shape, so it pays for HTTP and JSON but not for the work.
const FLOOR = `
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

async function measure(url: string, connections: number, headers: Record<string, string>, seconds = SECONDS): Promise<AutocannonResult> {
  const requests = bodies.map((body) => ({ method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body }))
  return autocannon({ url, connections, duration: seconds, timeout: 10, requests })
}

const line = (label: string, r: AutocannonResult) =>
  `${label.padEnd(44)} ${r.requests.average.toFixed(0).padStart(6)} req/s   p50 ${r.latency.p50.toFixed(1).padStart(5)} ms   p99 ${r.latency.p99.toFixed(1).padStart(6)} ms   (${r['2xx']} ok, ${r.non2xx + r.errors + r.timeouts} other)`

export async function run(): Promise<void> {
  const loaded = parseFlow(fs.readFileSync(path.join(here, '..', 'engine-flow.flow.json'), 'utf8'))
  if (!loaded.ok) throw new Error(loaded.error.message)
  const flow = loaded.document
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'chatflow-bench-webhook-'))
  try {
    const setup = openDatabase(path.join(dir, 'studio.sqlite'))
    storeFlow(setup, flow)
    const secret = new SecretStore(setup).ensure(flow.id).secret
    setup.close()

    const floorChild = spawn(process.execPath, ['-e', FLOOR], { stdio: ['ignore', 'pipe', 'inherit'] })
    const floorUrl = await new Promise<string>((resolve) => floorChild.stdout!.once('data', (c: Buffer) => resolve(c.toString().trim())))
    const serve = await startServe(['--data-dir', dir, '--port', '0'], { CHATFLOW_WEBHOOK_RATE: '1000000' })
    const endpoint = `${serve.hook}/chatbot-webhook/${flow.id}/trigger`
    const results: Record<string, AutocannonResult> = {}
    try {
      await measure(endpoint, 1, { 'x-api-key': secret }, 1) // warm-up
      for (const c of [1, 10]) {
        results[`webhook ${c}`] = await measure(endpoint, c, { 'x-api-key': secret })
        results[`floor ${c}`] = await measure(floorUrl, c, {})
      }
    } finally {
      serve.child.kill('SIGTERM')
      floorChild.kill('SIGTERM')
      await serve.exited
    }

    for (const c of [1, 10]) {
      console.log(line(`webhook, traces persisted, ${c} conn`, results[`webhook ${c}`]!))
      console.log(line(`floor: bare node:http, ${c} conn`, results[`floor ${c}`]!))
      const ratio = results[`webhook ${c}`]!.requests.average / results[`floor ${c}`]!.requests.average
      console.log(`${'ratio webhook / floor'.padEnd(44)} ${(ratio * 100).toFixed(1)} % of the floor's requests/s`)
    }
    verify(dir, Object.entries(results).filter(([k]) => k.startsWith('webhook')).reduce((n, [, r]) => n + r['2xx'], 0))
  } finally {
    fs.rmSync(dir, { recursive: true, force: true })
  }
}

/** Every 200 of the measured runs (plus the warm-up) is a run with its 4-node trace and one of the two texts. */
function verify(dir: string, measuredOk: number): void {
  const db = openDatabase(path.join(dir, 'studio.sqlite'))
  try {
    const runs = db.prepare('SELECT count(*) AS n FROM runs').get() as { n: number }
    const short = db.prepare('SELECT count(*) AS n FROM runs r WHERE (SELECT count(*) FROM trace_events e WHERE e.run_id = r.id) <> 4').get() as { n: number }
    const texts = (db.prepare("SELECT DISTINCT json_extract(payload, '$.text.body') AS t FROM messages WHERE direction = 'out'").all() as { t: string }[]).map((r) => r.t).sort()
    if (runs.n < measuredOk) throw new Error(`only ${runs.n} runs stored for ${measuredOk} accepted requests`)
    if (short.n > 0) throw new Error(`${short.n} runs without their 4-node trace`)
    if (JSON.stringify(texts) !== JSON.stringify([...EXPECTED].sort())) throw new Error(`unexpected texts: ${JSON.stringify(texts)}`)
    console.log(`checked: ${runs.n} runs stored (${measuredOk} measured 200s + warm-up), each with a 4-node trace; texts as expected`)
  } finally {
    db.close()
  }
}
