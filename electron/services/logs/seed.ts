import type { Database } from 'better-sqlite3'

// Synthetic Flow Logs at volume for the benchmark and the paging tests: rows shaped exactly as RunStore writes them
// (run row with serialised state, trace events, one message in and one out). Deterministic: run i's status,
// trigger, contact and times follow from i, so tests can count. The rows are made by SQLite itself (one
// INSERT … SELECT per table over a counter), not bound one by one from JavaScript: a million runs with their trace
// and messages are then a matter of seconds, which the benchmark at 1,000,000 runs needs. Trace and messages are
// inserted in their primary key's order (the runs' ids as text), so each is an append to its b-tree.

export interface SeedOptions {
  flowId: string
  runs: number
  nodesPerRun: number
  contacts: number
  /** Start time of run 0; run i starts `stepMs * i` later. */
  t0: number
  stepMs: number
}

export const SEED_STATUSES = ['ended', 'ended', 'ended', 'failed', 'paused'] as const
export const SEED_TRIGGERS = ['keyword', 'webhook', 'manual'] as const

export const seedStatus = (i: number): string => SEED_STATUSES[i % SEED_STATUSES.length] as string
export const seedTrigger = (i: number): string => SEED_TRIGGERS[i % SEED_TRIGGERS.length] as string
export const seedContact = (i: number, contacts: number): string => `c_seed_${i % contacts}`

/** `values[expr % values.length]` as SQL. */
const pick = (expr: string, values: readonly string[]) =>
  `CASE ${expr} % ${values.length} ${values.map((v, i) => `WHEN ${i} THEN '${v}'`).join(' ')} END`

const COUNT = (limit: string) =>
  `WITH RECURSIVE i(n) AS (SELECT 0 WHERE ${limit} > 0 UNION ALL SELECT n + 1 FROM i WHERE n + 1 < ${limit})`

const CONTACTS = `${COUNT('@contacts')}
  INSERT OR IGNORE INTO contacts (id, name, phone, created_at, updated_at)
  SELECT 'c_seed_' || n, 'Seed Customer ' || n, '+1555' || printf('%07d', n), @t0, @t0 FROM i`

const RUNS = `${COUNT('@runs')}
  INSERT INTO runs (id, flow_id, flow_name, contact_id, status, trigger_kind, end_reason, error_code, error_message,
                    state, node_count, exec_ms, started_at, updated_at, ended_at)
  SELECT id, @flow, 'Seeded flow', contact, status, tk, CASE status WHEN 'ended' THEN 'completed' END,
         CASE status WHEN 'failed' THEN 'http_failed' END, CASE status WHEN 'failed' THEN 'HTTP Call answered 500' END,
         json_object('id', id, 'flowId', @flow, 'contactId', contact, 'status', status, 'trigger', json_object('kind', tk),
                     'vars', json_object('order_id', 'ORD-' || n, 'amount', n % 1000)),
         @nodes, @nodes * 1.5, started, started + 20, CASE WHEN status <> 'paused' THEN started + 20 END
    FROM (SELECT n, 'r_seed_' || @flow || '_' || n AS id, 'c_seed_' || (n % @contacts) AS contact, @t0 + n * @step AS started,
                 ${pick('n', SEED_STATUSES)} AS status, ${pick('n', SEED_TRIGGERS)} AS tk FROM i)`

/** The flow's seeded runs in id order, with their counter: what trace and messages hang off. */
const SEEDED = `SELECT id, contact_id, status, started_at, CAST(substr(id, length(@prefix) + 1) AS INTEGER) AS n
                  FROM runs WHERE id > @prefix AND id < @prefix || '~' ORDER BY id`

/** The run's last node failed (its HTTP Call), in the trace query below. */
const FAILING = "(k.last AND r.status = 'failed')"

const TRACE = `${COUNT('@nodes')}
  INSERT INTO trace_events (run_id, seq, node_id, node_name, node_type, phase, input, output, port, started_at,
                            duration_ms, error_code, error_message, warnings)
  SELECT r.id, k.n, 'n_' || k.n, 'node_' || k.n,
         CASE WHEN k.n = 0 THEN 'trigger' WHEN ${FAILING} THEN 'http_call' ELSE 'message' END,
         'run', json_object('step', k.n), json_object('ok', json(CASE WHEN ${FAILING} THEN 'false' ELSE 'true' END)),
         CASE WHEN NOT ${FAILING} THEN 'out' END, r.started_at + k.n * 2, 1.5,
         CASE WHEN ${FAILING} THEN 'http_failed' END, CASE WHEN ${FAILING} THEN 'HTTP Call answered 500' END, NULL
    FROM (${SEEDED}) r CROSS JOIN (SELECT n, n = @nodes - 1 AS last FROM i) k
   ORDER BY r.id, k.n`

const MESSAGES = `
  INSERT INTO messages (run_id, seq, contact_id, direction, type, payload, created_at)
  SELECT r.id, m.seq, r.contact_id, m.dir, 'text',
         CASE m.seq WHEN 0 THEN json_object('type', 'text', 'text', 'order ' || r.n)
                    ELSE json_object('type', 'text', 'text', json_object('body', 'Thanks ' || r.n)) END, r.started_at
    FROM (${SEEDED}) r CROSS JOIN (SELECT 0 AS seq, 'in' AS dir UNION ALL SELECT 1, 'out') m
   ORDER BY r.id, m.seq`

export function seedRuns(db: Database, o: SeedOptions): void {
  // Bound as integers (better-sqlite3 binds a number as REAL, and 'c_seed_' || (7 % 3.0) is 'c_seed_1.0').
  const int = BigInt
  const common = { t0: int(o.t0), contacts: int(o.contacts) }
  const prefix = `r_seed_${o.flowId}_`
  db.transaction(() => {
    db.prepare(CONTACTS).run(common)
    db.prepare(RUNS).run({
      ...common,
      runs: int(o.runs),
      flow: o.flowId,
      nodes: int(o.nodesPerRun),
      step: int(o.stepMs),
    })
    db.prepare(TRACE).run({ prefix, nodes: int(o.nodesPerRun) })
    db.prepare(MESSAGES).run({ prefix })
  })()
}
