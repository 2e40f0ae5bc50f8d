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

  // Rows are built field by field (no spreads) and keyed by a plain join: this runs for every step of every run.
  run(c: Cohort, field: keyof typeof zeroRuns, by = 1): void {
    const k = key(c)
    let row = this.runs.get(k)
    if (!row) {
      row = {
        flowId: c.flowId,
        day: c.day,
        version: c.version,
        started: 0,
        ended: 0,
        failed: 0,
        expired: 0,
        abandoned: 0,
        turns: 0,
      }
      this.runs.set(k, row)
    }
    row[field] += by
  }

  node(c: Cohort, nodeId: string, field: keyof typeof zeroNode, by = 1): void {
    const k = key(c) + SEP + nodeId
    let row = this.nodes.get(k)
    if (!row) {
      row = {
        flowId: c.flowId,
        day: c.day,
        version: c.version,
        nodeId,
        reached: 0,
        ended: 0,
        failed: 0,
        expired: 0,
        abandoned: 0,
        waiting: 0,
      }
      this.nodes.set(k, row)
    }
    row[field] += by
  }

  edge(c: Cohort, from: string, port: string, to: string): void {
    const k = key(c) + SEP + from + SEP + port + SEP + to
    let row = this.edges.get(k)
    if (!row) {
      row = { flowId: c.flowId, day: c.day, version: c.version, from, port, to, runs: 0 }
      this.edges.set(k, row)
    }
    row.runs += 1
  }

  answer(c: Cohort, nodeId: string, ms: number): void {
    const bucket = bucketOf(ms)
    const k = key(c) + SEP + nodeId + SEP + bucket
    let row = this.answers.get(k)
    if (!row) {
      row = { flowId: c.flowId, day: c.day, version: c.version, nodeId, bucket, answers: 0 }
      this.answers.set(k, row)
    }
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

  /** The rows to add, in key order (`ordered`: false for a store with one writer); rows that add nothing (a run that left and came back to wait) are left out. */
  rows(ordered = true): TrafficRows {
    const sorted = <T>(m: Map<string, T>) =>
      ordered ? [...m.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)) : [...m.entries()]
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

/** Any fixed order of the keys will do for the locks: the plain join's. */
const key = (c: Cohort): string => c.flowId + SEP + c.day + SEP + c.version

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
  // The lists are copied only when they grow (the prior record may be the stored state's own).
  const r: RunTraffic = prior ? { ...prior } : { v: version ?? 0, d: dayOf(s.startedAt), n: [], e: [] }
  const c: Cohort = { flowId, day: r.d, version: r.v }
  if (!prior) batch.run(c, 'started')
  if (step.inbound) batch.run(c, 'turns')
  const events = step.trace.some((t) => t.depth || (t.flowId !== undefined && t.flowId !== s.flowId))
    ? rootEvents(s, step.trace)
    : step.trace
  // The customer's answer to the node the run waited at: the time since it paused there.
  const first = events[0]
  if (step.inbound && first?.phase === 'resume' && r.w === first.nodeId && r.t !== undefined)
    batch.answer(c, first.nodeId, Math.max(0, first.startedAt - r.t))
  let last = r.l
  for (const t of events) {
    if (!r.n.includes(t.nodeId)) {
      r.n = [...r.n, t.nodeId]
      batch.node(c, t.nodeId, 'reached')
    }
    if (last && last[1] !== null && !(t.phase === 'resume' && t.nodeId === last[0])) {
      const k = last[0] + SEP + last[1] + SEP + t.nodeId
      if (!r.e.includes(k)) {
        r.e = [...r.e, k]
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
