import type { EmulatorSession, FlowCoverage } from '../../shared/api/commands/emulator'
import type { FlowDocument } from '../../shared/flow/document'

// What the canvas shows while testing: the current run's path and the flow's coverage. Computed from the same
// trace events as the Flow Logs, so the canvas, the logs and the coverage figure never disagree.

export interface CanvasOverlay {
  /** The node waiting for the customer (or the last one that ran). */
  currentNodeId: string | null
  pathNodeIds: string[]
  pathEdgeIds: string[]
  failedNodeIds: string[]
  /** Nodes no run has reached since coverage last reset: dimmed. */
  unreachedNodeIds: string[]
  coveredEdgeIds: string[]
  uncoveredEdgeIds: string[]
}

export const EMPTY_OVERLAY: CanvasOverlay = {
  currentNodeId: null,
  pathNodeIds: [],
  pathEdgeIds: [],
  failedNodeIds: [],
  unreachedNodeIds: [],
  coveredEdgeIds: [],
  uncoveredEdgeIds: [],
}

export function overlayOf(doc: FlowDocument, session: EmulatorSession | null, coverage: FlowCoverage | null): CanvasOverlay {
  const trace = session?.trace ?? []
  const pathNodeIds = [...new Set(trace.map((t) => t.nodeId))]
  const edgeByPort = new Map(doc.edges.map((e) => [`${e.source}\u0000${e.sourcePort}`, e.id]))
  const pathEdgeIds = [
    ...new Set(trace.flatMap((t) => (t.port ? [edgeByPort.get(`${t.nodeId}\u0000${t.port}`)] : [])).filter((id): id is string => !!id)),
  ]
  const reached = new Set([...(coverage?.reachedNodeIds ?? []), ...pathNodeIds])
  const coveredEdges = new Set(coverage?.branches.filter((b) => b.covered && b.edgeId).map((b) => b.edgeId!) ?? [])
  for (const id of pathEdgeIds) coveredEdges.add(id)
  return {
    currentNodeId: session?.run?.waitingNodeId ?? trace.at(-1)?.nodeId ?? null,
    pathNodeIds,
    pathEdgeIds,
    failedNodeIds: [...new Set(trace.filter((t) => t.error).map((t) => t.nodeId))],
    unreachedNodeIds: coverage || session ? doc.nodes.filter((n) => !reached.has(n.id)).map((n) => n.id) : [],
    coveredEdgeIds: [...coveredEdges],
    uncoveredEdgeIds: coverage ? doc.edges.filter((e) => !coveredEdges.has(e.id)).map((e) => e.id) : [],
  }
}

const esc = (id: string) => id.replace(/["\\]/g, '\\$&')
const nodeSel = (ids: string[]) => ids.map((id) => `.react-flow__node[data-id="${esc(id)}"]`).join(',\n')
const edgeSel = (ids: string[], part: string) => ids.map((id) => `.react-flow__edge[data-id="${esc(id)}"] ${part}`).join(',\n')

/**
 * The overlay as CSS over React Flow's own node and edge elements (they carry data-id), so the canvas needs no
 * change to show it. Later rules win: failed over current over path over covered.
 */
export function overlayCss(o: CanvasOverlay): string {
  const rules: string[] = []
  const add = (selector: string, body: string) => selector && rules.push(`${selector} {${body}}`)
  add(nodeSel(o.unreachedNodeIds), 'opacity: 0.45;')
  add(edgeSel(o.uncoveredEdgeIds, 'path.react-flow__edge-path'), 'stroke-dasharray: 6 4; stroke: #9aa3ad;')
  add(edgeSel(o.coveredEdgeIds, 'path.react-flow__edge-path'), 'stroke: #2e9d5b;')
  add(edgeSel(o.pathEdgeIds, 'path.react-flow__edge-path'), 'stroke: #1f6feb; stroke-width: 3;')
  add(nodeSel(o.pathNodeIds), 'box-shadow: 0 0 0 2px #1f6feb; border-radius: 8px;')
  if (o.currentNodeId) add(nodeSel([o.currentNodeId]), 'box-shadow: 0 0 0 4px #f2a900; border-radius: 8px;')
  add(nodeSel(o.failedNodeIds), 'box-shadow: 0 0 0 4px #d1242f; border-radius: 8px;')
  return rules.join('\n')
}
