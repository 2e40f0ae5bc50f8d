// Main-thread samples of a serve .cpuprofile (bench/profile/webhook.ts) by what the request path does: each sample goes
// to the first frame, from the leaf up, that a rule names (the bundle mapped back to sources through its source map).
//   node bench/profile/categories.mjs <out-dir>/serve-10.cpuprofile …
import fs from 'node:fs'
import path from 'node:path'
import { SourceMapConsumer } from 'source-map-js'
const files = process.argv.slice(2)
const RULES = [
  ['search index (behind the writes)', /search-index\.ts/],
  ['logging (pino, redaction, write)', /pino|sonic-boom|redact|logging\.ts/],
  ['metrics', /prom-client|metrics\.ts|instrument\.ts/],
  [
    'outbox: claim, send, sent mark',
    /^(claim|sent|unlease)@.*sqlite-outbox|claimOutbound|outboundSent|log-adapter|electron\/runtime\/outbox\.ts|chain-worker/,
  ],
  ['COMMIT (group commit, WAL)', /^(flush|syncBehind)@.*group-commit|fdatasync|^open$|^close$/],
  [
    'step writes (run, trace, messages, outbox row, contact)',
    /run-store|step-rows|sqlite-step|sqlite-outbox|contacts\.ts|sqlite-store/,
  ],
  ['key check', /secrets\.ts|sqlite-flows/],
  ['body validation (zod)', /zod|webhook\/request\.ts/],
  ['engine (flow, expressions)', /shared\//],
  [
    'HTTP, routing, JSON',
    /fastify|find-my-way|secure-json-parse|node:_http|node:net|writev|webhook\/server|avvio|light-my-request/,
  ],
  ['GC', /\(garbage collector\)/],
  ['idle', /\(idle\)/],
  ['profiler', /probe\.cjs|dispatch/],
]
for (const file of files) {
  const prof = JSON.parse(fs.readFileSync(file, 'utf8'))
  const mapFile = fs.existsSync(path.join(path.dirname(file), 'chatflow.mjs.map'))
    ? path.join(path.dirname(file), 'chatflow.mjs.map')
    : path.join(import.meta.dirname, '..', '..', '.tmp', 'server-build', 'chatflow.mjs.map')
  const smc = new SourceMapConsumer(JSON.parse(fs.readFileSync(mapFile, 'utf8')))
  const byId = new Map(prof.nodes.map((n) => [n.id, n]))
  const parent = new Map()
  for (const n of prof.nodes) for (const c of n.children ?? []) parent.set(c, n.id)
  const label = new Map()
  const lab = (id) => {
    if (label.has(id)) return label.get(id)
    const cf = byId.get(id).callFrame
    let l = `${cf.functionName}@${cf.url}`
    if (cf.url?.includes('chatflow.mjs')) {
      const o = smc.originalPositionFor({ line: cf.lineNumber + 1, column: cf.columnNumber })
      l = `${cf.functionName}@${o.source}:${o.line}`
    } else if (!cf.url) l = cf.functionName
    label.set(id, l)
    return l
  }
  const cat = new Map()
  const catOf = new Map()
  let total = 0
  prof.samples.forEach((s, i) => {
    const ms = (prof.timeDeltas[i] ?? 0) / 1000
    total += ms
    let c = catOf.get(s)
    if (!c) {
      c = 'other'
      for (let id = s; id; id = parent.get(id)) {
        const l = lab(id)
        const hit = RULES.find(([, re]) => re.test(l))
        if (hit) {
          c = hit[0]
          break
        }
      }
      catOf.set(s, c)
    }
    cat.set(c, (cat.get(c) ?? 0) + ms)
  })
  const busy = total - (cat.get('idle') ?? 0) - (cat.get('profiler') ?? 0)
  console.log(`${file}: ${total.toFixed(0)} ms sampled, ${busy.toFixed(0)} ms busy (share of busy)`)
  for (const [c, ms] of [...cat].sort((a, b) => b[1] - a[1]))
    if (c !== 'idle' && c !== 'profiler') console.log(`  ${((100 * ms) / busy).toFixed(1).padStart(5)}%  ${c}`)
}
