// The traffic report and the goal funnel from summed aggregate rows: the same code for both stores, each of which
// only sums its rows over the period (sqlite-traffic.ts, electron/runtime/pg-traffic.ts).
import type {
  FunnelQuery,
  FunnelReport,
  FunnelStep,
  TrafficEdge,
  TrafficNode,
  TrafficQuery,
  TrafficReport,
} from '../../../shared/api/commands/traffic'
import { medianOf } from './answer-buckets'
import { DAY_MS } from './run-traffic'

/** The period's days as the stores key them (UTC days since 1970-01-01), both ends included. */
export function daysOf(q: Pick<TrafficQuery, 'from' | 'to'>): { first: number; last: number } {
  return { first: Date.parse(`${q.from}T00:00:00Z`) / DAY_MS, last: Date.parse(`${q.to}T00:00:00Z`) / DAY_MS }
}

/** What a store sums over the period (and the version, when given). */
export interface TrafficSums {
  versions: number[]
  runs: { started: number; ended: number; failed: number; expired: number; abandoned: number; turns: number }
  nodes: Array<{
    nodeId: string
    reached: number
    ended: number
    failed: number
    expired: number
    abandoned: number
    waiting: number
  }>
  edges: Array<{ from: string; port: string; to: string; runs: number }>
  answers: Array<{ nodeId: string; bucket: number; answers: number }>
}

const share = (n: number, of: number): number => (of > 0 ? n / of : 0)

export function trafficReport(q: TrafficQuery, sums: TrafficSums): TrafficReport {
  const buckets = new Map<string, Map<number, number>>()
  for (const a of sums.answers) {
    const m = buckets.get(a.nodeId) ?? buckets.set(a.nodeId, new Map()).get(a.nodeId)!
    m.set(a.bucket, (m.get(a.bucket) ?? 0) + a.answers)
  }
  const nodes: TrafficNode[] = sums.nodes.map((n) => {
    const b = buckets.get(n.nodeId)
    let answers = 0
    for (const v of b?.values() ?? []) answers += v
    return {
      ...n,
      stopped: n.waiting + n.abandoned + n.expired + n.failed,
      answers,
      medianAnswerMs: b ? medianOf(b) : null,
    }
  })
  const reached = new Map(nodes.map((n) => [n.nodeId, n.reached]))
  const edges: TrafficEdge[] = sums.edges.map((e) => ({ ...e, share: share(e.runs, reached.get(e.from) ?? 0) }))
  const r = sums.runs
  const waiting = nodes.reduce((sum, n) => sum + n.waiting, 0)
  return {
    flowId: q.flowId,
    from: q.from,
    to: q.to,
    version: q.version ?? null,
    versions: sums.versions,
    runs: { ...r, waiting, turnsPerRun: share(r.turns, r.started) },
    nodes,
    edges,
  }
}

/**
 * The funnel to `goal`: the runs that reached it of the period's runs, and the path most runs took to it, found
 * backwards from the goal by the busiest connection into each node (never a node twice), up to where runs start.
 */
export function funnelReport(q: FunnelQuery, sums: Pick<TrafficSums, 'runs' | 'nodes' | 'edges'>): FunnelReport {
  const runs = sums.runs.started
  const reached = new Map(sums.nodes.map((n) => [n.nodeId, n.reached]))
  const into = new Map<string, Array<{ from: string; runs: number }>>()
  for (const e of sums.edges) {
    if (e.from === e.to) continue
    const list = into.get(e.to) ?? into.set(e.to, []).get(e.to)!
    list.push({ from: e.from, runs: e.runs })
  }
  const step = (nodeId: string): FunnelStep => {
    const n = reached.get(nodeId) ?? 0
    return { nodeId, reached: n, share: share(n, runs) }
  }
  const path: FunnelStep[] = []
  const seen = new Set<string>()
  let at: string | undefined = reached.has(q.goal) ? q.goal : undefined
  while (at !== undefined && !seen.has(at)) {
    seen.add(at)
    path.unshift(step(at))
    const best = (into.get(at) ?? [])
      .filter((e) => !seen.has(e.from))
      .sort((a, b) => b.runs - a.runs || (a.from < b.from ? -1 : 1))[0]
    at = best?.from
  }
  const goal = reached.get(q.goal) ?? 0
  return {
    flowId: q.flowId,
    from: q.from,
    to: q.to,
    version: q.version ?? null,
    goal: q.goal,
    reached: goal,
    runs,
    share: share(goal, runs),
    path,
  }
}
