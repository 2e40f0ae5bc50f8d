import type { Database, Statement } from 'better-sqlite3'
import type { FlowDocument } from '../../../shared/flow/document'
import type { LoggedMessage, OutboundMessage, RunState, StepResult, TraceEvent } from '../../../shared/engine'
import { CALL_KEY, messageRowsOf, runRowOf, traceRowOf } from './step-rows'
import { TrafficBatch, type RunTraffic } from '../traffic/run-traffic'
import { SqliteTrafficWriter } from '../traffic/sqlite-traffic'
import { startVersion } from '../publish/split'

// Flow Logs in SQLite. A step is written in one transaction: the run row (with its serialised state), the step's
// trace events and its messages in both directions (the rows step-rows.ts maps, as PostgreSQL writes them); so a crash never leaves a trace without its run or a message
// that the run does not know it sent.

export interface RunSummary {
  id: string
  flowId: string
  flowName: string
  contactId: string
  status: RunState['status']
  triggerKind: string
  endReason: string | null
  error: { code: string; message: string } | null
  nodeCount: number
  /** Sum of node durations across steps: the run's execution time, without the time spent waiting. */
  execMs: number
  startedAt: number
  updatedAt: number
  endedAt: number | null
}

export type { LoggedMessage }

export interface RunRow {
  id: string
  flow_id: string
  flow_name: string
  contact_id: string
  status: RunState['status']
  trigger_kind: string
  end_reason: string | null
  error_code: string | null
  error_message: string | null
  node_count: number
  exec_ms: number
  started_at: number
  updated_at: number
  ended_at: number | null
  state: string
  /** When the paused run must be woken (the engine's dueAt), null when it waits on no time (migration 019). */
  wake_at: number | null
  /** The version the run started on (migration 029); null for runs stored before it or not counted. */
  flow_version?: number | null
}

type StepOf = { flow: Pick<FlowDocument, 'id' | 'name'>; step: StepResult }

export interface RunStoreOptions {
  /**
   * The version a run starting now runs (kept as its `flow_version` and its traffic cohort): the studio's default is
   * the flow's saved revision; `chatflow serve` passes the published version it runs.
   */
  versionOf?: (flowId: string) => number | null
  /** Keep the traffic aggregates with every step (default); off only to measure what they cost (bench). */
  traffic?: boolean
  /**
   * The caller adds each write's counts to the aggregates itself, later in the same transaction (the runtime's group
   * commit: once per transaction, just before its COMMIT, the steps of a turn as one set of rows): writeSteps then
   * only counts and returns the batch.
   */
  deferTraffic?: boolean
}

export class RunStore {
  private readonly upsertRun: Statement
  private readonly insertTrace: Statement
  private readonly insertMessage: Statement
  private readonly nextMessageSeq: Statement
  private readonly paused: Statement
  readonly saveStep: (flow: Pick<FlowDocument, 'id' | 'name'>, step: StepResult) => void
  /** Several steps in one transaction (a run closed on the way, then the step that ran). */
  readonly saveSteps: (steps: readonly StepOf[]) => void
  readonly traffic: SqliteTrafficWriter | null
  private readonly deferTraffic: boolean
  private readonly versionOf: (flowId: string) => number | null

  constructor(
    private readonly db: Database,
    opts: RunStoreOptions = {},
  ) {
    this.traffic = opts.traffic === false ? null : new SqliteTrafficWriter(db)
    this.deferTraffic = opts.deferTraffic ?? false
    const revision = db.prepare('SELECT revision FROM flows WHERE id = ?').pluck()
    this.versionOf = opts.versionOf ?? ((id) => (revision.get(id) as number | undefined) ?? null)
    this.upsertRun = db.prepare(`
      INSERT INTO runs (id, flow_id, flow_name, contact_id, status, trigger_kind, end_reason, error_code, error_message,
                        state, node_count, exec_ms, started_at, updated_at, ended_at, wake_at, flow_version)
      VALUES (@id, @flow_id, @flow_name, @contact_id, @status, @trigger_kind, @end_reason, @error_code, @error_message,
              @state, @node_count, @exec_ms, @started_at, @updated_at, @ended_at, @wake_at, @flow_version)
      ON CONFLICT (id) DO UPDATE SET status = excluded.status, end_reason = excluded.end_reason,
        error_code = excluded.error_code, error_message = excluded.error_message, state = excluded.state,
        node_count = excluded.node_count, exec_ms = runs.exec_ms + excluded.exec_ms,
        updated_at = excluded.updated_at, ended_at = excluded.ended_at, wake_at = excluded.wake_at`)
    this.insertTrace = db.prepare(`
      INSERT INTO trace_events (run_id, seq, node_id, node_name, node_type, phase, input, output, port, started_at,
                                duration_ms, error_code, error_message, warnings, message_ids, detail)
      VALUES (@run_id, @seq, @node_id, @node_name, @node_type, @phase, @input, @output, @port, @started_at,
              @duration_ms, @error_code, @error_message, @warnings, @message_ids, @detail)`)
    this.insertMessage = db.prepare(
      'INSERT INTO messages (run_id, seq, contact_id, direction, type, payload, created_at, message_id) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
    )
    this.nextMessageSeq = db.prepare('SELECT COALESCE(MAX(seq), -1) + 1 AS n FROM messages WHERE run_id = ?').pluck()
    this.paused = db
      .prepare("SELECT state FROM runs WHERE contact_id = ? AND status = 'paused' ORDER BY started_at DESC LIMIT 1")
      .pluck()
    this.saveStep = db.transaction((flow: Pick<FlowDocument, 'id' | 'name'>, step: StepResult) =>
      this.write(flow, step),
    )
    this.saveSteps = db.transaction((steps: readonly StepOf[]) => this.writeSteps(steps))
  }

  /** saveStep without its own transaction, for a caller that holds one (the runtime's group commit). */
  write(flow: Pick<FlowDocument, 'id' | 'name'>, step: StepResult): void {
    this.writeSteps([{ flow, step }])
  }

  /**
   * saveSteps without its own transaction. Two steps of one run count on from each other (TrafficBatch). Returns the
   * steps' traffic counts, already added to the aggregates unless the store defers them (`deferTraffic`).
   */
  writeSteps(steps: readonly StepOf[]): TrafficBatch | null {
    const batch = this.traffic ? new TrafficBatch() : null
    for (const { flow, step } of steps) {
      const started = batch?.priorOf(step.state) ? null : startVersion(step.state, this.versionOf(flow.id))
      const traffic = batch?.add(flow.id, step, started)
      this.writeOne(flow, step, traffic)
    }
    if (batch && !batch.empty && !this.deferTraffic) this.traffic!.add(batch.rows())
    return batch
  }

  private writeOne(flow: Pick<FlowDocument, 'id' | 'name'>, step: StepResult, traffic: RunTraffic | undefined): void {
    // Row by row, in this order (the rows of step-rows.ts): a step that cannot be written fails at its first bad row.
    this.upsertRun.run(runRowOf(flow, step, traffic))
    for (const t of step.trace) this.insertTrace.run(traceRowOf(t))
    const next = this.nextMessageSeq.get(step.state.id) as number
    for (const m of messageRowsOf(step))
      this.insertMessage.run(
        m.run_id,
        next + m.n,
        m.contact_id,
        m.direction,
        m.type,
        m.payload,
        m.created_at,
        m.message_id,
      )
  }

  state(runId: string): RunState | null {
    const raw = this.db.prepare('SELECT state FROM runs WHERE id = ?').pluck().get(runId) as string | undefined
    return raw ? (JSON.parse(raw) as RunState) : null
  }

  /** The contact's paused run, newest first (there is at most one when runs go through RunService). */
  pausedOf(contactId: string): RunState | null {
    const raw = this.paused.get(contactId) as string | undefined
    return raw ? (JSON.parse(raw) as RunState) : null
  }

  /** Paused runs whose last activity is older than `before` (candidates for expiry). */
  pausedBefore(before: number): RunState[] {
    const rows = this.db
      .prepare("SELECT state FROM runs WHERE status = 'paused' AND updated_at < ?")
      .pluck()
      .all(before) as string[]
    return rows.map((r) => JSON.parse(r) as RunState)
  }

  summary(runId: string): RunSummary | null {
    const row = this.db.prepare('SELECT * FROM runs WHERE id = ?').get(runId) as RunRow | undefined
    return row ? toSummary(row) : null
  }

  /** A flow's runs, newest first; `before` pages by start time. */
  list(flowId: string, opts: { limit?: number; before?: number; status?: RunState['status'] } = {}): RunSummary[] {
    const rows = this.db
      .prepare(
        `SELECT * FROM runs WHERE flow_id = ? AND started_at < ? AND (? IS NULL OR status = ?)
         ORDER BY started_at DESC LIMIT ?`,
      )
      .all(
        flowId,
        opts.before ?? Number.MAX_SAFE_INTEGER,
        opts.status ?? null,
        opts.status ?? null,
        opts.limit ?? 50,
      ) as RunRow[]
    return rows.map(toSummary)
  }

  trace(runId: string): TraceEvent[] {
    const rows = this.db.prepare('SELECT * FROM trace_events WHERE run_id = ? ORDER BY seq').all(runId) as TraceRow[]
    return rows.map(toTrace)
  }

  /**
   * The person's reply during a takeover, among the messages of the conversation's run (Flow Logs mark it as the
   * person's): after what the run sent so far, with an id no node's trace names. Inside the caller's transaction.
   */
  personSaid(runId: string, contactId: string, message: OutboundMessage, at: number): LoggedMessage {
    const seq = this.nextMessageSeq.get(runId) as number
    const id = `${runId}:person:${seq}`
    this.db
      .prepare(
        `INSERT INTO messages (run_id, seq, contact_id, direction, type, payload, created_at, message_id, author)
         VALUES (?, ?, ?, 'out', ?, ?, ?, ?, 'person')`,
      )
      .run(runId, seq, contactId, message.type, JSON.stringify(message), at, id)
    return { seq, id, type: message.type, createdAt: at, author: 'person', direction: 'out', payload: message }
  }

  /** Runs `fn` in one transaction of this database (with the handovers, which share it). */
  atomically<T>(fn: () => T): T {
    return this.db.transaction(fn)()
  }

  /** The contact's newest run (of any flow), or null. */
  newestOf(contactId: string): string | null {
    const id = this.db
      .prepare('SELECT id FROM runs WHERE contact_id = ? ORDER BY started_at DESC, rowid DESC LIMIT 1')
      .pluck()
      .get(contactId) as string | undefined
    return id ?? null
  }

  messages(runId: string): LoggedMessage[] {
    const rows = this.db.prepare('SELECT * FROM messages WHERE run_id = ? ORDER BY seq').all(runId) as MessageRow[]
    return rows.map(toLoggedMessage)
  }
}

export interface TraceRow {
  run_id: string
  seq: number
  node_id: string
  node_name: string
  node_type: TraceEvent['nodeType']
  phase: TraceEvent['phase']
  input: string | null
  output: string | null
  port: string | null
  started_at: number
  duration_ms: number
  error_code: string | null
  error_message: string | null
  warnings: string | null
  message_ids: string | null
  /** Added by migration 025; absent from rows read by a query that does not select it. */
  detail?: string | null
}

export interface MessageRow {
  seq: number
  message_id: string | null
  direction: 'in' | 'out'
  type: string
  payload: string
  created_at: number
  /** Migration 033: 'person' for the person's reply during a takeover; absent from rows of older queries. */
  author?: string | null
}

const parse = (s: string | null): unknown => (s === null ? null : JSON.parse(s))

/**
 * A message row as stored (SQLite here, PostgreSQL in electron/runtime). The payload was written from the engine's
 * typed events and messages in the same row as its direction, so it is read back as that type without parsing it.
 */
export function toLoggedMessage(r: MessageRow): LoggedMessage {
  const base = {
    seq: r.seq,
    id: r.message_id,
    type: r.type,
    createdAt: r.created_at,
    ...(r.author === 'person' ? { author: 'person' as const } : {}),
  }
  return r.direction === 'in'
    ? {
        ...base,
        direction: 'in',
        payload: JSON.parse(r.payload) as Extract<LoggedMessage, { direction: 'in' }>['payload'],
      }
    : {
        ...base,
        direction: 'out',
        payload: JSON.parse(r.payload) as Extract<LoggedMessage, { direction: 'out' }>['payload'],
      }
}

/** A trace row as stored (SQLite here, PostgreSQL in electron/runtime) to the engine's TraceEvent. */
export function toTrace(r: TraceRow): TraceEvent {
  const { input, where } = callOf(parse(r.input))
  return {
    runId: r.run_id,
    seq: r.seq,
    nodeId: r.node_id,
    nodeName: r.node_name,
    nodeType: r.node_type,
    phase: r.phase,
    input,
    output: parse(r.output),
    port: r.port,
    startedAt: r.started_at,
    durationMs: r.duration_ms,
    error: r.error_code
      ? { code: r.error_code, message: r.error_message ?? '', nodeId: r.node_id, nodeName: r.node_name }
      : null,
    warnings: r.warnings ? (JSON.parse(r.warnings) as string[]) : [],
    messageIds: r.message_ids ? (JSON.parse(r.message_ids) as string[]) : [],
    ...(r.detail ? { detail: JSON.parse(r.detail) as NonNullable<TraceEvent['detail']> } : {}),
    ...where,
  }
}

/** The step's place in the call stack, taken back out of its stored input (step-rows.ts, CALL_KEY). */
function callOf(input: unknown): { input: unknown; where: Pick<TraceEvent, 'flowId' | 'depth'> } {
  if (typeof input !== 'object' || input === null || !(CALL_KEY in input)) return { input, where: {} }
  const { [CALL_KEY]: call, ...rest } = input as Record<string, unknown>
  const { flowId, depth } = (call ?? {}) as { flowId?: unknown; depth?: unknown }
  const where = {
    ...(typeof flowId === 'string' ? { flowId } : {}),
    ...(typeof depth === 'number' ? { depth } : {}),
  }
  return { input: rest, where }
}

/** The run's columns as the API shows them; the Flow Logs list builds on it (it selects everything but `state`). */
export function toSummary(r: Omit<RunRow, 'state'>): RunSummary {
  return {
    id: r.id,
    flowId: r.flow_id,
    flowName: r.flow_name,
    contactId: r.contact_id,
    status: r.status,
    triggerKind: r.trigger_kind,
    endReason: r.end_reason,
    error: r.error_code ? { code: r.error_code, message: r.error_message ?? '' } : null,
    nodeCount: r.node_count,
    execMs: r.exec_ms,
    startedAt: r.started_at,
    updatedAt: r.updated_at,
    endedAt: r.ended_at,
  }
}
