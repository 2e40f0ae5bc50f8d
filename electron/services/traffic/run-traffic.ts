// What one step adds to the traffic aggregates (migration 029, docs/logs.md "Traffic aggregates"), and what the run
// carries of its own counting so that it stays exact without reading its earlier trace.
//
// The rule: every count of a run belongs to its cohort, the version it started on and the UTC day it started. A run
// that crosses midnight or a publish (a paused run resumes on the newly published document) keeps counting in the
// cohort it started in, so the runs of a period are counted once, each with all it did.
//
// "Runs that took an edge" counts a run once however often it loops: the run keeps the nodes and edges it was
// counted for in its stored state (`traffic`, below: read back with the paused run by every path that goes on with
// it, carried by the engine, which clones the state it goes on from), and a step counts only what is not there yet.
// Nothing scans a trace: a step reads only its own events and the record.
import type { RunState, StepResult, TraceEvent } from '../../../shared/engine'
import { bucketOf } from './answer-buckets'

/** The run's own record, kept in its stored state under `traffic`. */
export interface RunTraffic {
  /** The cohort: the version the run started on and its start day (UTC days since 1970-01-01). */
  v: number
  d: number
  /** Nodes and edges (from, port, to joined by SEP) this run was counted for. */
  n: string[]
  e: string[]
  /** The last event of the root flow: its node and the port it left by (null: it paused, failed or ended there). */
  l?: [string, string | null]
  /** Where the run waits (a node of the root flow; a call node while the wait is inside a call) and since when. */
  w?: string
  t?: number
}

export const SEP = '\u001f'
export const DAY_MS = 86_400_000
export const dayOf = (ms: number): number => Math.floor(ms / DAY_MS)

export type StateWithTraffic = RunState & { traffic?: RunTraffic }

export const trafficOf = (s: RunState): RunTraffic | undefined => (s as StateWithTraffic).traffic

interface Cohort {
  flowId: string
  day: number
  version: number
}

export interface RunsRow extends Cohort {
  started: number
  ended: number
  failed: number
  expired: number
  abandoned: number
  turns: number
}
export interface NodeRow extends Cohort {
  nodeId: string
  reached: number
  ended: number
  failed: number
  expired: number
  abandoned: number
  waiting: number
}
export interface EdgeRow extends Cohort {
  from: string
  port: string
  to: string
  runs: number
}
export interface AnswerRow extends Cohort {
  nodeId: string
  bucket: number
  answers: number
}

export interface TrafficRows {
  runs: RunsRow[]
  nodes: NodeRow[]
  edges: EdgeRow[]
  answers: AnswerRow[]
}

const zeroRuns = { started: 0, ended: 0, failed: 0, expired: 0, abandoned: 0, turns: 0 }
const zeroNode = { reached: 0, ended: 0, failed: 0, expired: 0, abandoned: 0, waiting: 0 }

/**
 * The increments of one write (one or several steps, of one or several runs), added up per row. Rows come out in
 * key order, so every writer locks aggregate rows in one order (PostgreSQL: no two transactions wait on each other
 * in a circle).
 */
export class TrafficBatch {
  private readonly runs = new Map<string, RunsRow>()
  private readonly nodes = new Map<string, NodeRow>()
  private readonly edges = new Map<string, EdgeRow>()
  private readonly answers = new Map<string, AnswerRow>()
  /** The record each run has after the steps added so far: two steps of one run in one write go on from it. */
  private readonly records = new Map<string, RunTraffic>()

  priorOf(state: RunState): RunTraffic | undefined {
    return this.records.get(state.id) ?? trafficOf(state)
  }

  /** Adds one step; returns the run's record to store with it (undefined: the run is not counted). */
  add(flowId: string, step: StepResult, version: number | null): RunTraffic | undefined {
    const next = countStep(this, flowId, this.priorOf(step.state), step, version)
    if (next) this.records.set(step.state.id, next)
    return next
  }

  run(c: Cohort, field: keyof typeof zeroRuns, by = 1): void {
    const k = key(c)
    const row = this.runs.get(k) ?? this.runs.set(k, { ...c, ...zeroRuns }).get(k)!
    row[field] += by
  }

  node(c: Cohort, nodeId: string, field: keyof typeof zeroNode, by = 1): void {
    const k = key(c, nodeId)
    const row = this.nodes.get(k) ?? this.nodes.set(k, { ...c, nodeId, ...zeroNode }).get(k)!
    row[field] += by
  }

  edge(c: Cohort, from: string, port: string, to: string): void {
    const k = key(c, from, port, to)
    const row = this.edges.get(k) ?? this.edges.set(k, { ...c, from, port, to, runs: 0 }).get(k)!
    row.runs += 1
  }

  answer(c: Cohort, nodeId: string, ms: number): void {
    const bucket = bucketOf(ms)
    const k = key(c, nodeId, String(bucket).padStart(3, '0'))
    const row = this.answers.get(k) ?? this.answers.set(k, { ...c, nodeId, bucket, answers: 0 }).get(k)!
    row.answers += 1
  }

  /** Adds another batch's counts to this one (not its records): a transaction's steps written as one set of rows. */
  absorb(other: TrafficBatch): void {
    for (const [k, r] of other.runs) {
      const have = this.runs.get(k)
      if (!have) this.runs.set(k, { ...r })
      else for (const f of Object.keys(zeroRuns) as Array<keyof typeof zeroRuns>) have[f] += r[f]
    }
    for (const [k, r] of other.nodes) {
      const have = this.nodes.get(k)
      if (!have) this.nodes.set(k, { ...r })
      else for (const f of Object.keys(zeroNode) as Array<keyof typeof zeroNode>) have[f] += r[f]
    }
    for (const [k, r] of other.edges) {
      const have = this.edges.get(k)
      if (!have) this.edges.set(k, { ...r })
      else have.runs += r.runs
    }
    for (const [k, r] of other.answers) {
      const have = this.answers.get(k)
      if (!have) this.answers.set(k, { ...r })
      else have.answers += r.answers
    }
  }

  get empty(): boolean {
    return !this.runs.size && !this.nodes.size && !this.edges.size && !this.answers.size
  }

  /** The rows to add, in key order; rows that add nothing (a run that left and came back to wait) are left out. */
  rows(): TrafficRows {
    const sorted = <T>(m: Map<string, T>) => [...m.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    return {
      runs: sorted(this.runs).map(([, r]) => r),
      nodes: sorted(this.nodes)
        .map(([, r]) => r)
        .filter((r) => r.reached || r.ended || r.failed || r.expired || r.abandoned || r.waiting),
      edges: sorted(this.edges).map(([, r]) => r),
      answers: sorted(this.answers).map(([, r]) => r),
    }
  }
}

const key = (c: Cohort, ...rest: string[]): string =>
  [c.flowId, String(c.day).padStart(8, '0'), String(c.version).padStart(10, '0'), ...rest].join(SEP)

/** Events of the run's root flow: a call's own events count for the flow called, not here. */
const rootEvents = (s: RunState, trace: TraceEvent[]): TraceEvent[] =>
  trace.filter((t) => !t.depth && (t.flowId === undefined || t.flowId === s.flowId))

/** The node of the root flow the run waits at: the Call Flow node while it waits inside a call. */
function waitingNode(s: RunState): string | undefined {
  if (s.status !== 'paused' || !s.waiting) return undefined
  return s.calls?.length ? s.calls[0]!.callNodeId : s.waiting.nodeId
}

function countStep(
  batch: TrafficBatch,
  flowId: string,
  prior: RunTraffic | undefined,
  step: StepResult,
  version: number | null,
): RunTraffic | undefined {
  const s = step.state
  // A run stored before aggregates existed has no record: it is left uncounted rather than counted from its middle.
  if (!prior && step.trace[0]?.seq !== 0) return undefined
  const r: RunTraffic = prior
    ? { ...prior, n: [...prior.n], e: [...prior.e] }
    : { v: version ?? 0, d: dayOf(s.startedAt), n: [], e: [] }
  const c: Cohort = { flowId, day: r.d, version: r.v }
  if (!prior) batch.run(c, 'started')
  if (step.inbound) batch.run(c, 'turns')
  const nodes = new Set(r.n)
  const edges = new Set(r.e)
  const events = rootEvents(s, step.trace)
  // The customer's answer to the node the run waited at: the time since it paused there.
  const first = events[0]
  if (step.inbound && first?.phase === 'resume' && r.w === first.nodeId && r.t !== undefined)
    batch.answer(c, first.nodeId, Math.max(0, first.startedAt - r.t))
  let last = r.l
  for (const t of events) {
    if (!nodes.has(t.nodeId)) {
      nodes.add(t.nodeId)
      r.n.push(t.nodeId)
      batch.node(c, t.nodeId, 'reached')
    }
    if (last && last[1] !== null && !(t.phase === 'resume' && t.nodeId === last[0])) {
      const k = [last[0], last[1], t.nodeId].join(SEP)
      if (!edges.has(k)) {
        edges.add(k)
        r.e.push(k)
        batch.edge(c, last[0], last[1], t.nodeId)
      }
    }
    last = [t.nodeId, t.port]
  }
  if (last) r.l = last
  const waitedAt = r.w
  if (waitedAt !== undefined) batch.node(c, waitedAt, 'waiting', -1)
  const now = waitingNode(s)
  if (now !== undefined) {
    batch.node(c, now, 'waiting')
    r.w = now
    r.t = s.updatedAt
  } else {
    delete r.w
    delete r.t
  }
  const here = waitedAt ?? last?.[0]
  if (s.status === 'failed') {
    batch.run(c, 'failed')
    if (last) batch.node(c, last[0], 'failed')
  } else if (s.status === 'ended') {
    const reason = s.endReason ?? 'completed'
    const field = reason === 'completed' ? 'ended' : reason === 'expired' ? 'expired' : 'abandoned'
    batch.run(c, field)
    const at = reason === 'completed' ? last?.[0] : here
    if (at !== undefined) batch.node(c, at, field)
  }
  return r
}
