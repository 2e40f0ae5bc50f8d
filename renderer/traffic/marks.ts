import type { TrafficNode, TrafficReport } from '../../shared/api/commands/traffic'
import type { FlowDocument } from '../../shared/flow/document'
import { count, duration, percent, runs } from './format'

// What the Traffic overlay draws on the canvas (renderer/canvas/decor.ts hands it to the cards and connections): per
// card how many runs reached it and stopped there, with the breakdown and the median answer time; per connection the
// runs that took it and their share of the runs that reached its source, as thickness and colour. Two versions side by
// side: every figure for both, thickness and colour by the first. Pure, from the reports and the document.

/** One version's figures of a node. */
export interface NodeSide {
  /** 'v3' when two versions are side by side, '' alone. */
  label: string
  reached: number
  stopped: number
  ended: number
  waiting: number
  abandoned: number
  expired: number
  failed: number
  answers: number
  medianAnswerMs: number | null
}

export interface NodeTraffic {
  /** Equal keys, equal marks (the canvas re-renders a card only when its decor key changes). */
  key: string
  sides: NodeSide[]
  goal: boolean
  /** Every figure in words: the card's tooltip and what a screen reader hears. */
  description: string
}

/** Share bands for colour: 'none' for a connection no run took. */
export type TrafficBand = 'none' | 0 | 1 | 2 | 3 | 4

export interface EdgeTraffic {
  key: string
  runs: number
  share: number
  band: TrafficBand
  /** Stroke width in flow units: thicker as more of the source's runs take it. */
  width: number
  /** The exact numbers, shown on hover and focus. */
  label: string
  description: string
}

export interface TrafficMarks {
  nodes: ReadonlyMap<string, NodeTraffic>
  edges: ReadonlyMap<string, EdgeTraffic>
}

export const NO_TRAFFIC: TrafficMarks = { nodes: new Map(), edges: new Map() }

const ZERO: Omit<NodeSide, 'label'> = {
  reached: 0,
  stopped: 0,
  ended: 0,
  waiting: 0,
  abandoned: 0,
  expired: 0,
  failed: 0,
  answers: 0,
  medianAnswerMs: null,
}

export const edgeKey = (from: string, port: string, to: string) => `${from}\u0000${port}\u0000${to}`

export function bandOf(runCount: number, share: number): TrafficBand {
  if (runCount <= 0) return 'none'
  if (share < 0.1) return 0
  if (share < 0.25) return 1
  if (share < 0.5) return 2
  if (share < 0.75) return 3
  return 4
}

export const widthOf = (share: number): number => Math.round((1.5 + 6.5 * Math.min(1, Math.max(0, share))) * 10) / 10

/** "10 waiting, 5 expired" of what is not zero; "" for none. */
function stops(s: NodeSide): string {
  const parts: [number, string][] = [
    [s.waiting, 'waiting'],
    [s.abandoned, 'abandoned'],
    [s.expired, 'expired'],
    [s.failed, 'failed'],
  ]
  return parts
    .filter(([n]) => n > 0)
    .map(([n, what]) => `${count(n)} ${what}`)
    .join(', ')
}

export function describeSide(s: NodeSide): string {
  const who = s.label ? `${s.label}: ` : ''
  if (!s.reached) return `${who}no run reached it`
  const stopped = s.stopped ? `; ${count(s.stopped)} stopped here (${stops(s)})` : '; none stopped here'
  const ended = s.ended ? `; ${count(s.ended)} ended here` : ''
  const answer =
    s.medianAnswerMs !== null ? `; median answer time ${duration(s.medianAnswerMs)} (${count(s.answers)} answers)` : ''
  return `${who}${count(s.reached)} reached${stopped}${ended}${answer}`
}

/** Per-version node figures from a report, by node id. */
function nodesOf(r: TrafficReport): Map<string, TrafficNode> {
  return new Map(r.nodes.map((n) => [n.nodeId, n]))
}

export function trafficMarks(
  doc: Pick<FlowDocument, 'nodes' | 'edges'>,
  primary: TrafficReport,
  other: TrafficReport | null,
  goal: string | null,
): TrafficMarks {
  const reports = other ? [primary, other] : [primary]
  const label = (r: TrafficReport) => (other ? `v${r.version ?? '?'}` : '')
  const byNode = reports.map(nodesOf)
  const nodes = new Map<string, NodeTraffic>()
  for (const n of doc.nodes) {
    const sides = reports.map((r, i) => {
      const t = byNode[i]!.get(n.id)
      const { nodeId: _id, ...figures } = t ?? { nodeId: '', ...ZERO }
      return { label: label(r), ...figures }
    })
    const isGoal = goal === n.id
    nodes.set(n.id, {
      key: `${isGoal ? 'g' : ''}|${sides.map((s) => Object.values(s).join(',')).join('|')}`,
      sides,
      goal: isGoal,
      description: `${isGoal ? 'Goal. ' : ''}${sides.map(describeSide).join('. ')}`,
    })
  }
  const byEdge = reports.map((r) => new Map(r.edges.map((e) => [edgeKey(e.from, e.port, e.to), e])))
  const edges = new Map<string, EdgeTraffic>()
  for (const e of doc.edges) {
    const k = edgeKey(e.source, e.sourcePort, e.target)
    const taken = byEdge.map((m) => m.get(k) ?? { runs: 0, share: 0 })
    const first = taken[0]!
    const text = taken.map((t, i) => `${label(reports[i]!)}${other ? ' ' : ''}${runs(t.runs)}, ${percent(t.share)}`)
    edges.set(e.id, {
      key: taken.map((t) => `${t.runs}/${t.share}`).join('|'),
      runs: first.runs,
      share: first.share,
      band: bandOf(first.runs, first.share),
      width: widthOf(first.share),
      label: text.join(' · '),
      description: `${text.join('; ')} of the runs that reached its source`,
    })
  }
  return { nodes, edges }
}
