// Memory of `chatflow serve` under a long load (docs/runtime.md, "Memory"): one SQLite instance started from the
// build, the age-gate example published, an HTTP channel gateway in this process. Its resident set is read from
// /proc when it has started (idle), then while autocannon posts inbound messages: RUNS runs started ("wine") and
// resumed to their end ("34"), spread over CONTACTS contacts so that anything kept per contact, per run or per
// message would show, every step sending one message through the outbox. The goal: RSS after the load at most
// 1.5× the idle RSS, for serve as the image and the systemd unit run it (NODE_OPTIONS=--max-semi-space-size=4,
// Dockerfile and docs/runtime.md); then, for comparison, a fifth of the load on plain `node` (V8's default young
// generation of 2 × 16 MiB). The growth from the first tenth to the end is printed too: a leak grows with the runs,
// a warm-up (JIT code, the V8 heap reaching its working size, SQLite's page cache) does not. Bounded: each load
// stops after MAX_SECONDS whatever the count, and says how far it got.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import autocannon, { type AutocannonRequest } from 'autocannon'
import { startServe } from '../../electron/runtime/testing/serve-child'
import { countingGateway, rssMiB } from '../counting-gateway'

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')
const KEY = 'k_bench_0123456789abcdef'
const RUNS = Number(process.env.CHATFLOW_BENCH_RUNS ?? 100_000)
const CONTACTS = 20_000
const MAX_SECONDS = 480
/** What the Dockerfile and the systemd unit of docs/runtime.md give serve. */
const DEPLOYED_NODE_OPTIONS = '--max-semi-space-size=4'
const SAMPLES = 10

export async function run(): Promise<void> {
  if (!fs.existsSync('/proc/self/status')) return void console.log('memory: not measured (reads /proc, Linux only)')
  await measure(
    `serve as deployed (NODE_OPTIONS=${DEPLOYED_NODE_OPTIONS})`,
    { NODE_OPTIONS: DEPLOYED_NODE_OPTIONS },
    RUNS,
    true,
  )
  await measure('serve on plain node (V8 defaults)', {}, Math.round(RUNS / 5), false)
}

async function measure(label: string, env: Record<string, string>, runsWanted: number, goal: boolean): Promise<void> {
  console.log(label)
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'chatflow-bench-memory-'))
  const gw = await countingGateway()
  const serve = await startServe(['--data-dir', dir, '--port', '0', '--publish-port', '0', '--outbound-url', gw.url], {
    CHATFLOW_PUBLISH_KEY: KEY,
    CHATFLOW_INBOUND_KEY: KEY,
    // Not inherited from this process: only what is given here.
    NODE_OPTIONS: '',
    ...env,
  })
  const pid = serve.child.pid!
  try {
    const document = JSON.parse(fs.readFileSync(path.join(ROOT, 'resources/examples/age-gate.flow.json'), 'utf8')) as {
      id: string
    }
    const res = await fetch(`${serve.api}/flows/${document.id}/versions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' },
      body: JSON.stringify({ document }),
    })
    if (res.status !== 201) throw new Error(`publish answered ${res.status}`)
    await new Promise((r) => setTimeout(r, 2000))
    const idle = rssMiB(pid)

    // Message k goes to contact k mod CONTACTS; a contact's rounds alternate "wine" (starts a run, which pauses at
    // its question) and "34" (resumes it to its end). Consecutive messages are for different contacts, so the ten
    // connections never hold two messages of one contact at once.
    let k = 0
    const request = {
      method: 'POST' as const,
      path: '/api/v1/inbound',
      headers: { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' },
      setupRequest: (req: AutocannonRequest): AutocannonRequest => {
        const n = k++
        const contact = n % CONTACTS
        const text = Math.floor(n / CONTACTS) % 2 ? '34' : 'wine'
        const body = {
          contact: { wa_id: `4917${String(contact).padStart(8, '0')}` },
          message: { id: `wamid.mem.${n}`, type: 'text', text: { body: text } },
        }
        return { ...req, body: JSON.stringify(body) }
      },
    }
    const messages = 2 * runsWanted
    const chunk = messages / SAMPLES
    const samples: Array<{ runs: number; rss: number }> = []
    let bad = 0
    const t0 = performance.now()
    while (k < messages && performance.now() - t0 < MAX_SECONDS * 1000) {
      const r = await autocannon({ url: serve.hook, connections: 10, amount: chunk, timeout: 30, requests: [request] })
      bad += r.non2xx + r.errors + r.timeouts
      samples.push({ runs: Math.floor(k / 2), rss: rssMiB(pid) })
    }
    const seconds = (performance.now() - t0) / 1000
    const until = performance.now() + 30_000
    while (gw.received() < k && performance.now() < until) await new Promise((r) => setTimeout(r, 100))
    await new Promise((r) => setTimeout(r, 2000)) // the search indexer and the outbox catch up, as after a busy hour
    const after = rssMiB(pid)
    const first = samples[0]!
    const runs = Math.floor(k / 2)
    console.log(`${'serve idle (started, flow published)'.padEnd(46)} ${idle.toFixed(0).padStart(5)} MiB`)
    console.log(`${`after ${first.runs} runs`.padEnd(46)} ${first.rss.toFixed(0).padStart(5)} MiB`)
    console.log(
      `${`after ${runs} runs (${(k / seconds).toFixed(0)} msg/s, ${seconds.toFixed(0)} s)`.padEnd(46)} ${after.toFixed(0).padStart(5)} MiB`,
    )
    console.log(`  samples (runs: MiB) ${samples.map((s) => `${s.runs}: ${s.rss.toFixed(0)}`).join(', ')}`)
    const label2 = goal ? 'ratio RSS after / idle' : '  (plain node) RSS after / idle'
    console.log(
      `${label2.padEnd(46)} ${(after / idle).toFixed(2)}×${goal ? ' (goal ≤ 1.50)' : ''}${runs < runsWanted ? ` (stopped at ${runs} of ${runsWanted} runs after ${MAX_SECONDS} s)` : ''}; ` +
        `growth from ${first.runs} to ${runs} runs: ${((after - first.rss) / ((runs - first.runs) / 100_000)).toFixed(1)} MiB per 100,000 runs`,
    )
    console.log(`  ${k} messages, ${bad} not answered 200, ${gw.received()} received by the gateway`)
  } finally {
    await serve.stop()
    gw.close()
    fs.rmSync(dir, { recursive: true, force: true })
  }
}
