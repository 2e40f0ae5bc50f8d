// Runtime benchmark (docs/runtime.md): inbound messages over HTTP to `chatflow serve` child processes, each message
// a full step (contact lock, dedupe record, route, run the engine, commit run + trace + messages, log adapter to
// /dev/null). Every simulated contact alternates "wine" (starts the age-gate example, pauses) and "34" (resumes, ends)
// with fresh message ids, waiting for each answer as a gateway does per conversation. 16 contacts at once, 3 s per
// measure after a 1 s warm-up: SQLite (one instance), then PostgreSQL (a throwaway server; 1, 2 and 4 instances on
// a fresh database each, contacts spread over them, and what each added instance adds, as a share of one's rate). Answers other than "processed" are counted as errors. Then the outbox: the same load on SQLite
// with an HTTP channel gateway in this process (--outbound-url), reporting the delay from the step's commit to the
// gateway's receipt and checking every message arrived once (docs/runtime.md, "Outbound messages").
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { pgUnavailableReason, startTestPg } from '../../electron/runtime/testing/pg-server'
import { startServe, type ServeChild } from '../../electron/runtime/testing/serve-child'

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')
const KEY = 'k_bench_0123456789abcdef'
const CONTACTS = 16
const SECONDS = 3

type Instance = ServeChild

const startInstance = (state: string[], outbound = ['--outbound-log', '/dev/null']): Promise<Instance> =>
  startServe([...state, '--port', '0', '--publish-port', '0', ...outbound], { CHATFLOW_PUBLISH_KEY: KEY, CHATFLOW_INBOUND_KEY: KEY })

const stop = async (i: Instance): Promise<void> => void (await i.stop())

async function publish(api: string): Promise<void> {
  const document = JSON.parse(fs.readFileSync(path.join(ROOT, 'resources/examples/age-gate.flow.json'), 'utf8')) as { id: string }
  const res = await fetch(`${api}/flows/${document.id}/versions`, {
    method: 'POST',
    headers: { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' },
    body: JSON.stringify({ document }),
  })
  if (res.status !== 201) throw new Error(`publish answered ${res.status}`)
}

/** Drives the contacts against the instances (contact n → instance n mod count) for `seconds`. */
async function load(instances: Instance[], seconds: number, tag: string) {
  const latencies: number[] = []
  let errors = 0
  const until = performance.now() + seconds * 1000
  const contact = async (n: number) => {
    const base = instances[n % instances.length]!.hook
    const wa = `49170${tag}${String(n).padStart(4, '0')}`
    for (let i = 0; performance.now() < until; i++) {
      const body = { contact: { wa_id: wa, name: 'Bench' }, message: { id: `wamid.${tag}.${n}.${i}`, type: 'text', text: { body: i % 2 ? '34' : 'wine' } } }
      const t0 = performance.now()
      const res = await fetch(`${base}/api/v1/inbound`, {
        method: 'POST',
        headers: { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      })
      const answer = (await res.json()) as { status?: string }
      latencies.push(performance.now() - t0)
      if (res.status !== 200 || answer.status !== 'processed') errors++
    }
  }
  const t0 = performance.now()
  await Promise.all(Array.from({ length: CONTACTS }, (_, n) => contact(n)))
  const elapsed = (performance.now() - t0) / 1000
  latencies.sort((a, b) => a - b)
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0
  return { rate: latencies.length / elapsed, p50: at(0.5), p95: at(0.95), count: latencies.length, errors }
}

async function measure(label: string, instances: Instance[]): Promise<number> {
  return (await measureRate(label, instances)).count
}

async function measureRate(label: string, instances: Instance[]): Promise<{ count: number; rate: number }> {
  await publish(instances[0]!.api)
  const warm = await load(instances, 1, '1') // warm-up: JIT, connections, flow caches
  const r = await load(instances, SECONDS, '2')
  console.log(
    `${label.padEnd(40)} ${r.rate.toFixed(0).padStart(6)} msg/s   p50 ${r.p50.toFixed(1).padStart(6)} ms   p95 ${r.p95.toFixed(1).padStart(6)} ms   (${r.count} messages, ${r.errors} errors, ${CONTACTS} contacts)`,
  )
  return { count: warm.count + r.count, rate: r.rate }
}

/** A channel gateway: answers 200 and keeps, per message id, how long after its step it arrived. */
async function gateway() {
  const delays = new Map<string, number>()
  let duplicates = 0
  const server = http.createServer((req, res) => {
    let body = ''
    req.on('data', (c: Buffer) => (body += c.toString()))
    req.on('end', () => {
      const e = JSON.parse(body) as { id: string; created_at: number }
      if (delays.has(e.id)) duplicates++
      else delays.set(e.id, Date.now() - e.created_at)
      res.writeHead(200).end()
    })
  })
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/send`, delays, duplicates: () => duplicates, close: () => server.close() }
}

/** Inbound load with an HTTP gateway; every processed message (a "wine" or a "34") sends exactly one message. */
async function measureOutbound(dir: string): Promise<void> {
  const gw = await gateway()
  const instance = await startInstance(['--data-dir', dir], ['--outbound-url', gw.url])
  try {
    const expected = await measure('inbound, SQLite, HTTP gateway', [instance])
    const until = performance.now() + 30_000
    while (gw.delays.size < expected && performance.now() < until) await new Promise((r) => setTimeout(r, 50))
    const d = [...gw.delays.values()].sort((a, b) => a - b)
    const at = (q: number) => d[Math.min(d.length - 1, Math.floor(q * d.length))] ?? 0
    console.log(
      `${'  outbox: step to gateway'.padEnd(40)} ${String(gw.delays.size).padStart(6)} msgs    p50 ${at(0.5).toFixed(1).padStart(6)} ms   p95 ${at(0.95).toFixed(1).padStart(6)} ms   (${expected} expected, ${gw.duplicates()} duplicates)`,
    )
  } finally {
    await stop(instance)
    gw.close()
  }
}

export async function run(): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'chatflow-bench-runtime-'))
  try {
    const sqlite = await startInstance(['--data-dir', dir])
    try {
      await measure('inbound, SQLite, 1 instance', [sqlite])
    } finally {
      await stop(sqlite)
    }
    const outboxDir = fs.mkdtempSync(path.join(os.tmpdir(), 'chatflow-bench-outbox-'))
    try {
      await measureOutbound(outboxDir)
    } finally {
      fs.rmSync(outboxDir, { recursive: true, force: true })
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true })
  }
  const why = pgUnavailableReason()
  if (why) {
    console.log(`inbound, PostgreSQL: not measured (${why})`)
    return
  }
  const pg = await startTestPg()
  try {
    const rates: number[] = []
    for (const n of [1, 2, 4]) {
      const url = await pg.freshDatabase()
      const instances: Instance[] = []
      try {
        for (let i = 0; i < n; i++) instances.push(await startInstance(['--database-url', url]))
        rates.push((await measureRate(`inbound, PostgreSQL, ${n} instance${n > 1 ? 's' : ''}`, instances)).rate)
      } finally {
        await Promise.all(instances.map(stop))
      }
    }
    const [one, two, four] = rates as [number, number, number]
    console.log(
      `${'  each added PostgreSQL instance adds'.padEnd(40)} 1→2: ${((two - one) / one).toFixed(2)}× one instance's rate, 2→4: ${((four - two) / 2 / one).toFixed(2)}× (goal ≥ 0.60 while cores are free)`,
    )
  } finally {
    await pg.stop()
  }
}
