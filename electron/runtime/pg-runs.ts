// Runs, trace and messages in PostgreSQL: the same rows RunStore writes in SQLite (electron/studio/runs/run-store.ts),
// written on the caller's transaction client and read back in the same shapes.
import type { PoolClient } from 'pg'
import { sentMessages, type Contact, type StepResult, type TraceEvent } from '../../shared/engine'
import type { FlowDocument } from '../../shared/flow/document'
import { toSummary, toTrace, type LoggedMessage, type RunRow, type TraceRow } from '../studio/runs/run-store'

type Queryable = Pick<PoolClient, 'query'>
const json = (v: unknown): string | null => (v === undefined || v === null ? null : JSON.stringify(v))

export async function writeStep(c: Queryable, flow: Pick<FlowDocument, 'id' | 'name'>, step: StepResult): Promise<void> {
  const s = step.state
  const execMs = step.trace.reduce((sum, t) => sum + t.durationMs, 0)
  await c.query(
    `INSERT INTO runs (id, flow_id, flow_name, contact_id, status, trigger_kind, end_reason, error_code, error_message,
                       state, node_count, exec_ms, started_at, updated_at, ended_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15)
     ON CONFLICT (id) DO UPDATE SET status = excluded.status, end_reason = excluded.end_reason,
       error_code = excluded.error_code, error_message = excluded.error_message, state = excluded.state,
       node_count = excluded.node_count, exec_ms = runs.exec_ms + excluded.exec_ms,
       updated_at = excluded.updated_at, ended_at = excluded.ended_at`,
    [s.id, flow.id, flow.name, s.contactId, s.status, s.trigger.kind, s.endReason, s.error?.code ?? null, s.error?.message ?? null,
      JSON.stringify(s), s.nodeCount, execMs, s.startedAt, s.updatedAt, s.endedAt],
  )
  // One statement for the step's trace and one for its messages: each round trip is paid with the contact locked.
  if (step.trace.length) {
    const rows = step.trace.map((t) => [t.runId, t.seq, t.nodeId, t.nodeName, t.nodeType, t.phase, json(t.input), json(t.output), t.port,
      t.startedAt, t.durationMs, t.error?.code ?? null, t.error?.message ?? null, t.warnings.length ? JSON.stringify(t.warnings) : null,
      t.messageIds.length ? JSON.stringify(t.messageIds) : null])
    await c.query(
      `INSERT INTO trace_events (run_id, seq, node_id, node_name, node_type, phase, input, output, port, started_at,
                                 duration_ms, error_code, error_message, warnings, message_ids) VALUES ${placeholders(rows.length, 15)}`,
      rows.flat(),
    )
  }
  const { rows } = await c.query<{ n: number }>('SELECT COALESCE(MAX(seq), -1) + 1 AS n FROM messages WHERE run_id = $1', [s.id])
  let seq = Number(rows[0]!.n)
  const messages: unknown[][] = []
  if (step.inbound) messages.push([s.id, seq++, s.contactId, 'in', step.inbound.type, JSON.stringify(step.inbound), s.updatedAt, null])
  for (const { id, message: m } of sentMessages(step)) messages.push([s.id, seq++, s.contactId, 'out', m.type, JSON.stringify(m), s.updatedAt, id])
  if (messages.length) {
    await c.query(
      `INSERT INTO messages (run_id, seq, contact_id, direction, type, payload, created_at, message_id) VALUES ${placeholders(messages.length, 8)}`,
      messages.flat(),
    )
  }
}

/** `($1, $2), ($3, $4)` for 2 rows of 2 columns. */
function placeholders(rows: number, columns: number): string {
  return Array.from({ length: rows }, (_, r) => `(${Array.from({ length: columns }, (_, c) => `$${r * columns + c + 1}`).join(', ')})`).join(', ')
}

export async function readRuns(c: Queryable, where: string, args: unknown[], tail = ''): Promise<ReturnType<typeof toSummary>[]> {
  const { rows } = await c.query<RunRow>(`SELECT * FROM runs WHERE ${where} ${tail}`, args)
  return rows.map(toSummary)
}

export async function readTrace(c: Queryable, runId: string): Promise<TraceEvent[]> {
  const { rows } = await c.query<TraceRow>('SELECT * FROM trace_events WHERE run_id = $1 ORDER BY seq', [runId])
  return rows.map(toTrace)
}

export async function readMessages(c: Queryable, runId: string): Promise<LoggedMessage[]> {
  const { rows } = await c.query('SELECT * FROM messages WHERE run_id = $1 ORDER BY seq', [runId])
  return rows.map((r) => ({ seq: r.seq, id: r.message_id, direction: r.direction, type: r.type, payload: JSON.parse(r.payload), createdAt: r.created_at }))
}

export interface ContactRow {
  id: string
  name: string
  phone: string
  opted_in: boolean
  last_inbound_at: number | null
  fields: string
}

export function toContact(r: ContactRow): Contact {
  return { id: r.id, name: r.name, phone: r.phone, optedIn: r.opted_in, lastInboundAt: r.last_inbound_at, fields: JSON.parse(r.fields) as Record<string, unknown> }
}
