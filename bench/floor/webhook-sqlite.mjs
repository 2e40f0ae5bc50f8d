// The webhook benchmark's floor (bench/suites/webhook.ts): a bare node:http server that parses the request body
// and, in one SQLite transaction, writes what a webhook run of the benchmark flow writes (a run row with its state,
// 4 trace rows, 1 outbound message) into a database with the studio's schema (argv[2], migrated by the bench),
// with the studio's connection settings (docs/storage.md); then answers the same JSON. No key check, no engine,
// no validation: what is left is HTTP, JSON and the storage, the least any server doing this work pays.
import http from 'node:http'
import { randomUUID } from 'node:crypto'
import Database from 'better-sqlite3'

const db = new Database(process.argv[2])
db.pragma('locking_mode = EXCLUSIVE')
db.pragma('journal_mode = WAL')
db.pragma('synchronous = NORMAL')
db.pragma('foreign_keys = ON')
const now = Date.now()
db.prepare(
  "INSERT OR IGNORE INTO contacts (id, name, phone, created_at, updated_at) VALUES ('ct_floor', 'Asha', '+919800000001', ?, ?)",
).run(now, now)
const run =
  db.prepare(`INSERT INTO runs (id, flow_id, flow_name, contact_id, status, trigger_kind, end_reason, state, node_count, exec_ms, started_at, updated_at, ended_at)
  VALUES (?, 'flw_bench_engine', 'Engine benchmark', 'ct_floor', 'ended', 'webhook', 'completed', ?, 4, 0.1, ?, ?, ?)`)
const trace =
  db.prepare(`INSERT INTO trace_events (run_id, seq, node_id, node_name, node_type, phase, input, output, port, started_at, duration_ms)
  VALUES (?, ?, ?, ?, ?, 'run', ?, ?, ?, ?, 0.02)`)
const message = db.prepare(
  "INSERT INTO messages (run_id, seq, contact_id, direction, type, payload, created_at) VALUES (?, 0, 'ct_floor', 'out', 'text', ?, ?)",
)
const NODES = [
  ['n_trigger_1', 'trigger_1', 'trigger'],
  ['n_condition_1', 'condition_1', 'condition'],
  ['n_message_1', 'message_1', 'message'],
  ['n_end_1', 'end_1', 'end'],
]

const write = db.transaction((body) => {
  const at = Date.now()
  // The runtime's id form (shared/engine/ids.ts): time first, so the id indexes take inserts at their ends.
  const id = `run_${at.toString(16).padStart(11, '0')}${randomUUID().replace(/-/g, '').slice(0, 9)}`
  const text = `Hi ${body.data.name}, your total is ${body.data.amount * 1.18}`
  const trigger = { kind: 'webhook', phone_number: body.phone_number, data: body.data }
  const vars = {
    trigger_1: { data: body.data, phone_number: body.phone_number, message_text: '', button_id: '' },
    customer_phone: body.phone_number,
    customer_name: 'Asha',
  }
  const state = {
    id,
    flowId: 'flw_bench_engine',
    contactId: 'ct_floor',
    status: 'ended',
    trigger,
    vars,
    currentNodeId: null,
    waiting: null,
    startedAt: at,
    updatedAt: at,
    endedAt: at,
    endReason: 'completed',
    error: null,
    nodeCount: 4,
  }
  run.run(id, JSON.stringify(state), at, at, at)
  NODES.forEach(([nodeId, name, type], seq) =>
    trace.run(
      id,
      seq,
      nodeId,
      name,
      type,
      JSON.stringify({ data: body.data }),
      JSON.stringify({ text }),
      seq === 3 ? null : 'out',
      at,
    ),
  )
  message.run(id, JSON.stringify({ type: 'text', text: { body: text, preview_url: false } }), at)
  return id
})

const server = http.createServer((req, res) => {
  let body = ''
  req.on('data', (c) => (body += c))
  req.on('end', () => {
    const runId = write(JSON.parse(body))
    const out = JSON.stringify({ run_id: runId, state: 'ended', flow_id: 'flw_bench_engine', contact_id: 'ct_floor' })
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(out) })
    res.end(out)
  })
})
server.listen(0, '127.0.0.1', () => console.log('http://127.0.0.1:' + server.address().port))
process.on('SIGTERM', () => server.close(() => (db.close(), process.exit(0))))
