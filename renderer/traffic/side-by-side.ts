import type { TrafficSide } from '../../shared/api/commands/traffic'
import type { FlowDocument } from '../../shared/flow/document'
import { count, percent } from './format'

// Two versions side by side in the Traffic panel: the figures a designer weighs a change by (conversion to the goal,
// how runs ended, turns per run) and the drop-off per node, each for both versions. Pure, from traffic.compare.

export interface CompareRow {
  label: string
  a: string
  b: string
}

export function summaryRows(a: TrafficSide, b: TrafficSide): CompareRow[] {
  const rows: CompareRow[] = []
  if (a.funnel && b.funnel) {
    const conv = (s: TrafficSide) =>
      `${percent(s.funnel!.share)} (${count(s.funnel!.reached)} of ${count(s.funnel!.runs)})`
    rows.push({ label: 'Conversion to the goal', a: conv(a), b: conv(b) })
  }
  const of = (s: TrafficSide, n: number) => (s.runs.started ? `${count(n)} (${percent(n / s.runs.started)})` : count(n))
  rows.push({ label: 'Runs started', a: count(a.runs.started), b: count(b.runs.started) })
  for (const [label, k] of [
    ['Ended', 'ended'],
    ['Failed', 'failed'],
    ['Expired', 'expired'],
    ['Abandoned', 'abandoned'],
    ['Waiting now', 'waiting'],
  ] as const)
    rows.push({ label, a: of(a, a.runs[k]), b: of(b, b.runs[k]) })
  const turns = (s: TrafficSide) => (Math.round(s.runs.turnsPerRun * 10) / 10).toLocaleString('en-US')
  rows.push({ label: 'Turns per run', a: turns(a), b: turns(b) })
  return rows
}

export interface DropOffRow {
  nodeId: string
  name: string
  /** Runs that stopped at the node of those that reached it, per version; null where none reached it. */
  a: { stopped: number; reached: number; share: number } | null
  b: { stopped: number; reached: number; share: number } | null
}

/** The nodes where runs of either version stopped, biggest drop-off first (by the larger of the two shares). */
export function dropOffRows(doc: Pick<FlowDocument, 'nodes'>, a: TrafficSide, b: TrafficSide): DropOffRow[] {
  const side = (s: TrafficSide, id: string) => {
    const n = s.nodes.find((x) => x.nodeId === id)
    return n && n.reached ? { stopped: n.stopped, reached: n.reached, share: n.stopped / n.reached } : null
  }
  return doc.nodes
    .map((n) => ({ nodeId: n.id, name: n.name, a: side(a, n.id), b: side(b, n.id) }))
    .filter((r) => (r.a?.stopped ?? 0) + (r.b?.stopped ?? 0) > 0)
    .sort((x, y) => Math.max(y.a?.share ?? 0, y.b?.share ?? 0) - Math.max(x.a?.share ?? 0, x.b?.share ?? 0))
}

export const dropOffText = (d: DropOffRow['a']): string =>
  d ? `${percent(d.share)} (${count(d.stopped)} of ${count(d.reached)})` : 'not reached'
