import type { Database } from 'better-sqlite3'

// Synthetic Flow Logs at volume for the benchmark and the paging tests: rows shaped exactly as RunStore writes them
// (run row with serialised state, trace events, one message in and one out), in one transaction with prepared
// statements. Deterministic: run i's status, trigger, contact and times follow from i, so tests can count.

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

export function seedRuns(db: Database, o: SeedOptions): void {
  const contact = db.prepare(
    'INSERT OR IGNORE INTO contacts (id, name, phone, created_at, updated_at) VALUES (?, ?, ?, ?, ?)',
  )
  const run = db.prepare(`
    INSERT INTO runs (id, flow_id, flow_name, contact_id, status, trigger_kind, end_reason, error_code, error_message,
                      state, node_count, exec_ms, started_at, updated_at, ended_at)
    VALUES (?, ?, 'Seeded flow', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`)
  const trace = db.prepare(`
    INSERT INTO trace_events (run_id, seq, node_id, node_name, node_type, phase, input, output, port, started_at,
                              duration_ms, error_code, error_message, warnings)
    VALUES (?, ?, ?, ?, ?, 'run', ?, ?, ?, ?, ?, ?, ?, NULL)`)
  const message = db.prepare(
    'INSERT INTO messages (run_id, seq, contact_id, direction, type, payload, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
  )
  db.transaction(() => {
    for (let c = 0; c < o.contacts; c++) {
      contact.run(`c_seed_${c}`, `Seed Customer ${c}`, `+1555${String(c).padStart(7, '0')}`, o.t0, o.t0)
    }
    for (let i = 0; i < o.runs; i++) {
      const id = `r_seed_${o.flowId}_${i}`
      const status = seedStatus(i)
      const failed = status === 'failed'
      const startedAt = o.t0 + i * o.stepMs
      const contactId = seedContact(i, o.contacts)
      const vars = { order_id: `ORD-${i}`, amount: i % 1000 }
      const state = JSON.stringify({ id, flowId: o.flowId, contactId, status, trigger: { kind: seedTrigger(i) }, vars })
      const execMs = o.nodesPerRun * 1.5
      const ended = status === 'paused' ? null : startedAt + 20
      run.run(id, o.flowId, contactId, status, seedTrigger(i), status === 'ended' ? 'completed' : null,
        failed ? 'http_failed' : null, failed ? 'HTTP Call answered 500' : null, state, o.nodesPerRun, execMs,
        startedAt, startedAt + 20, ended)
      for (let n = 0; n < o.nodesPerRun; n++) {
        const last = n === o.nodesPerRun - 1
        const type = n === 0 ? 'trigger' : last && failed ? 'http_call' : 'message'
        trace.run(id, n, `n_${n}`, `node_${n}`, type, JSON.stringify({ step: n }), JSON.stringify({ ok: !(last && failed) }),
          last && failed ? null : 'out', startedAt + n * 2, 1.5, last && failed ? 'http_failed' : null,
          last && failed ? 'HTTP Call answered 500' : null)
      }
      message.run(id, 0, contactId, 'in', 'text', JSON.stringify({ type: 'text', text: `order ${i}` }), startedAt)
      message.run(id, 1, contactId, 'out', 'text', JSON.stringify({ type: 'text', text: { body: `Thanks ${i}` } }), startedAt)
    }
  })()
}
