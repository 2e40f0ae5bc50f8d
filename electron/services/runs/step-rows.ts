// A step as the rows both stores write for it (SQLite: run-store.ts; PostgreSQL: electron/runtime/pg-step.ts): its
// run row (with the serialised state), its trace events and its messages in both directions. One mapping, so a
// step reads back the same from either store (run-store.ts's toSummary, toTrace and toLoggedMessage).
import type { FlowDocument } from '../../../shared/flow/document'
import { dueAt, sentMessages, type StepResult, type TraceEvent } from '../../../shared/engine'
import type { RunRow, TraceRow } from './run-store'
import type { RunTraffic } from '../traffic/run-traffic'
import { splitVersionOf } from '../publish/split'

/** A message row of a step; `n` is its place in the step, added to the run's next message number when written. */
export interface StepMessageRow {
  run_id: string
  n: number
  contact_id: string
  direction: 'in' | 'out'
  type: string
  payload: string
  created_at: number
  message_id: string | null
}

export interface StepRows {
  run: RunRow
  trace: TraceRow[]
  messages: StepMessageRow[]
}

const json = (v: unknown): string | null => (v === undefined || v === null ? null : JSON.stringify(v))

/** `traffic`: the run's traffic record after this step (electron/services/traffic), kept in its stored state. */
export function stepRows(flow: Pick<FlowDocument, 'id' | 'name'>, step: StepResult, traffic?: RunTraffic): StepRows {
  return { run: runRowOf(flow, step, traffic), trace: step.trace.map(traceRowOf), messages: messageRowsOf(step) }
}

/** The step's messages: the customer's (when it brought one) then those the step sent, in order. */
export function messageRowsOf(step: StepResult): StepMessageRow[] {
  const s = step.state
  const rows: StepMessageRow[] = []
  const message = (direction: 'in' | 'out', type: string, payload: unknown, id: string | null) =>
    rows.push({
      run_id: s.id,
      n: rows.length,
      contact_id: s.contactId,
      direction,
      type,
      payload: JSON.stringify(payload),
      created_at: s.updatedAt,
      message_id: id,
    })
  if (step.inbound) message('in', step.inbound.type, step.inbound, null)
  for (const { id, message: m } of sentMessages(step)) message('out', m.type, m, id)
  return rows
}

/**
 * A step's row of `runs`; exec_ms is this step's share (the upsert adds it to the run's). `traffic` goes into the
 * stored state (every path that goes on with a paused run reads it back from there) and gives the version the run
 * started on (`flow_version`, written when the row is made, never changed).
 */
export function runRowOf(flow: Pick<FlowDocument, 'id' | 'name'>, step: StepResult, traffic?: RunTraffic): RunRow {
  const s = step.state
  return {
    id: s.id,
    flow_id: flow.id,
    flow_name: flow.name,
    contact_id: s.contactId,
    status: s.status,
    trigger_kind: s.trigger.kind,
    end_reason: s.endReason,
    error_code: s.error?.code ?? null,
    error_message: s.error?.message ?? null,
    state: JSON.stringify(traffic ? { ...s, traffic } : s),
    // A run started under a split keeps its version even with the aggregates off.
    flow_version: traffic?.v ?? splitVersionOf(s) ?? null,
    node_count: s.nodeCount,
    exec_ms: step.trace.reduce((sum, t) => sum + t.durationMs, 0),
    started_at: s.startedAt,
    updated_at: s.updatedAt,
    ended_at: s.endedAt,
    wake_at: dueAt(s),
  }
}

/**
 * Where a step ran inside a call (TraceEvent.flowId, depth: docs/engine.md, "Calls") is kept in the row's input JSON
 * under this key, which no engine input uses: both stores keep it with no schema change, and toTrace takes it back
 * out. Steps of the run's own flow carry nothing.
 */
export const CALL_KEY = 'call'

function inputOf(t: TraceEvent): unknown {
  if (t.flowId === undefined && t.depth === undefined) return t.input
  const base = typeof t.input === 'object' && t.input !== null && !Array.isArray(t.input) ? t.input : { value: t.input }
  return { ...base, [CALL_KEY]: { flowId: t.flowId, depth: t.depth } }
}

export function traceRowOf(t: TraceEvent): TraceRow {
  return {
    run_id: t.runId,
    seq: t.seq,
    node_id: t.nodeId,
    node_name: t.nodeName,
    node_type: t.nodeType,
    phase: t.phase,
    input: json(inputOf(t)),
    output: json(t.output),
    port: t.port,
    started_at: t.startedAt,
    duration_ms: t.durationMs,
    error_code: t.error?.code ?? null,
    error_message: t.error?.message ?? null,
    warnings: t.warnings.length ? JSON.stringify(t.warnings) : null,
    message_ids: t.messageIds.length ? JSON.stringify(t.messageIds) : null,
    detail: t.detail ? JSON.stringify(t.detail) : null,
  }
}
