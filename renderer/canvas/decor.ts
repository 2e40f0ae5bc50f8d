import type { FlowNode } from '../../shared/flow/document'
import type { ProblemCount } from '../editor/store'
import type { CanvasOverlay } from '../emulator/overlay'
import type { CompareView, DiffMark } from '../compare/view'
import type { EdgeTraffic, NodeTraffic, TrafficMarks } from '../traffic/marks'

// What the canvas draws over the document: each card's problem counts, its place in the test run and the coverage
// of its ports, and each edge's coverage. One value per node with a key, so the canvas hands a card a new `data`
// object only when something it shows changed (renderer/canvas/adapter.ts).

export type RunState = 'current' | 'failed' | 'path' | 'unreached'
/** A breakpoint's look: on, on with a condition, or switched off. */
export type BreakpointMark = 'on' | 'conditional' | 'off'

/** The breakpoints drawn on the canvas, by node id and by edge id (breakpointMarks). */
export interface BreakpointMarks {
  nodes: ReadonlyMap<string, BreakpointMark>
  edges: ReadonlyMap<string, BreakpointMark>
}

export const NO_BREAKPOINTS: BreakpointMarks = { nodes: new Map(), edges: new Map() }

/** The marks of a list of breakpoints (renderer/editor/breakpoints.ts). */
export function breakpointMarks(
  list: readonly {
    at: { kind: 'node'; nodeId: string } | { kind: 'edge'; edgeId: string }
    enabled: boolean
    condition?: string
  }[],
): BreakpointMarks {
  if (!list.length) return NO_BREAKPOINTS
  const nodes = new Map<string, BreakpointMark>()
  const edges = new Map<string, BreakpointMark>()
  for (const b of list) {
    const mark: BreakpointMark = !b.enabled ? 'off' : b.condition?.trim() ? 'conditional' : 'on'
    if (b.at.kind === 'node') nodes.set(b.at.nodeId, mark)
    else edges.set(b.at.edgeId, mark)
  }
  return { nodes, edges }
}
export type PortState = 'covered' | 'uncovered'
export type EdgeState = 'path' | 'covered' | 'uncovered' | 'added' | 'removed'

export interface NodeDecor {
  /** Equal keys, equal decor. */
  key: string
  errors: number
  warnings: number
  run: RunState | null
  ports: Readonly<Record<string, PortState>>
  /** While comparing two versions (renderer/compare/view.ts): what happened to the node, and in words. */
  diff: DiffMark | null
  diffNote: string
  /** A breakpoint on the card (the run stops before the node runs). */
  breakpoint?: BreakpointMark
  /** A node that calls another flow (a Call Flow): the flow, with its name when the studio has it (null: unknown). */
  callee?: Callee
  /** Shown in another language (the Language switch): the texts of the card with no translation into it. */
  missing?: MissingMark
  /** The Traffic overlay's figures of the card (renderer/traffic/marks.ts), while it is on. */
  traffic?: NodeTraffic
}

export interface MissingMark {
  language: string
  /** The labels of the texts (as the type names them: 'Body', 'Button 2 title'). */
  fields: string[]
}

export interface Callee {
  flowId: string
  name: string | null
}

export const NO_DECOR: NodeDecor = { key: '', errors: 0, warnings: 0, run: null, ports: {}, diff: null, diffNote: '' }

export interface Decor {
  nodes: ReadonlyMap<string, NodeDecor>
  edges: ReadonlyMap<string, EdgeState>
  /** Breakpoints on connections, by edge id. */
  edgeBreakpoints?: ReadonlyMap<string, BreakpointMark>
  /** The Traffic overlay's figures of connections, by edge id, while it is on. */
  edgeTraffic?: ReadonlyMap<string, EdgeTraffic>
}

export function decorate(
  docNodes: readonly FlowNode[],
  problems: Readonly<Record<string, ProblemCount>>,
  overlay: CanvasOverlay | null,
  compare: CompareView | null = null,
  callees: ReadonlyMap<string, Callee> = new Map(),
  breakpoints: BreakpointMarks = NO_BREAKPOINTS,
  missing: ReadonlyMap<string, MissingMark> = new Map(),
  traffic: TrafficMarks | null = null,
): Decor {
  const run = new Map<string, RunState>()
  const ports = new Map<string, Record<string, PortState>>()
  const edges = new Map<string, EdgeState>()
  if (overlay) {
    // Later wins: a failed node is on the path too, the waiting node is the path's end.
    for (const id of overlay.unreachedNodeIds) run.set(id, 'unreached')
    for (const id of overlay.pathNodeIds) run.set(id, 'path')
    if (overlay.currentNodeId) run.set(overlay.currentNodeId, 'current')
    for (const id of overlay.failedNodeIds) run.set(id, 'failed')
    const ids = new Set(docNodes.map((n) => n.id))
    const mark = (keys: string[], state: PortState) => {
      for (const k of keys) {
        const [nodeId = '', port = ''] = k.split('\u0000')
        if (!ids.has(nodeId)) continue
        const m = ports.get(nodeId) ?? {}
        m[port] = state
        ports.set(nodeId, m)
      }
    }
    mark(overlay.uncoveredPorts, 'uncovered')
    mark(overlay.coveredPorts, 'covered')
    for (const id of overlay.uncoveredEdgeIds) edges.set(id, 'uncovered')
    for (const id of overlay.coveredEdgeIds) edges.set(id, 'covered')
    for (const id of overlay.pathEdgeIds) edges.set(id, 'path')
  }
  if (compare) for (const [id, mark] of compare.edgeMarks) edges.set(id, mark)
  const nodes = new Map<string, NodeDecor>()
  for (const n of docNodes) {
    const p = problems[n.id]
    const r = run.get(n.id) ?? null
    const ps = ports.get(n.id)
    const m = compare?.marks.get(n.id)
    const callee = callees.get(n.id)
    const bp = breakpoints.nodes.get(n.id)
    const gap = missing.get(n.id)
    const tr = traffic?.nodes.get(n.id)
    if (!p && !r && !ps && !m && !callee && !bp && !gap && !tr) continue
    const errors = p?.error ?? 0
    const warnings = p?.warning ?? 0
    const portList = ps ? Object.entries(ps).sort(([a], [b]) => (a < b ? -1 : 1)) : []
    nodes.set(n.id, {
      key: `${errors}|${warnings}|${r ?? ''}|${portList.map(([k, v]) => `${k}=${v}`).join(',')}|${m ? `${m.status}:${m.note}` : ''}|${callee ? `${callee.flowId}\u0000${callee.name ?? ''}` : ''}|${bp ?? ''}|${gap ? `${gap.language}:${gap.fields.join('\u0000')}` : ''}|${tr?.key ?? ''}`,
      errors,
      warnings,
      run: r,
      ports: ps ?? {},
      diff: m?.status ?? null,
      diffNote: m?.note ?? '',
      ...(callee ? { callee } : {}),
      ...(bp ? { breakpoint: bp } : {}),
      ...(gap ? { missing: gap } : {}),
      ...(tr ? { traffic: tr } : {}),
    })
  }
  return { nodes, edges, edgeBreakpoints: breakpoints.edges, ...(traffic ? { edgeTraffic: traffic.edges } : {}) }
}
