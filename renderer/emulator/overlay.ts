import type { EmulatorSession, FlowCoverage } from '../../shared/api/commands/emulator'
import type { FlowDocument } from '../../shared/flow/document'

// What the canvas shows of testing: the current run's path and the flow's coverage. Computed from the same trace
// events as the Flow Logs, so the canvas, the logs and the coverage figure never disagree. The canvas draws it as
// classes on its cards, ports and edges (renderer/canvas/decor.ts).

export interface CanvasOverlay {
  /** The flow this overlay belongs to: the canvas of another flow ignores it. */
  flowId: string | null
  /** The node waiting for the customer (or the last one that ran). */
  currentNodeId: string | null
  pathNodeIds: string[]
  pathEdgeIds: string[]
  failedNodeIds: string[]
  /** Nodes no run has reached since coverage last reset: dimmed. */
  unreachedNodeIds: string[]
  coveredEdgeIds: string[]
  uncoveredEdgeIds: string[]
  /** Branches as `nodeId port`, connected or not: an unconnected port is a branch too (docs/coverage.md). */
  coveredPorts: string[]
  uncoveredPorts: string[]
}

export const EMPTY_OVERLAY: CanvasOverlay = {
  flowId: null,
  currentNodeId: null,
  pathNodeIds: [],
  pathEdgeIds: [],
  failedNodeIds: [],
  unreachedNodeIds: [],
  coveredEdgeIds: [],
  uncoveredEdgeIds: [],
  coveredPorts: [],
  uncoveredPorts: [],
}

export const portKey = (nodeId: string, port: string) => `${nodeId}\u0000${port}`

export function overlayOf(
  doc: FlowDocument,
  session: EmulatorSession | null,
  coverage: FlowCoverage | null,
): CanvasOverlay {
  // Only this flow's own steps: a callee's steps (TraceEvent.flowId set) may use the same node ids as the caller's.
  const trace = (session?.trace ?? []).filter((t) => t.flowId === undefined || t.flowId === doc.id)
  const pathNodeIds = [...new Set(trace.map((t) => t.nodeId))]
  const edgeByPort = new Map(doc.edges.map((e) => [portKey(e.source, e.sourcePort), e.id]))
  const pathEdgeIds = [
    ...new Set(
      trace
        .flatMap((t) => (t.port ? [edgeByPort.get(portKey(t.nodeId, t.port))] : []))
        .filter((id): id is string => !!id),
    ),
  ]
  const reached = new Set([...(coverage?.reachedNodeIds ?? []), ...pathNodeIds])
  const coveredEdges = new Set(coverage?.branches.filter((b) => b.covered && b.edgeId).map((b) => b.edgeId!) ?? [])
  for (const id of pathEdgeIds) coveredEdges.add(id)
  const coveredPorts = new Set(coverage?.branches.filter((b) => b.covered).map((b) => portKey(b.nodeId, b.port)) ?? [])
  for (const t of trace) if (t.port) coveredPorts.add(portKey(t.nodeId, t.port))
  return {
    flowId: doc.id,
    // A run waiting inside a call waits at a node of the callee: here, the call node (its last own step) is current.
    // Paused by the debugger, the node it stopped before is current (it has not run: it is on no path yet), and the
    // canvas centres it (useFollowRun).
    currentNodeId:
      (session?.debug?.paused && session.debug.paused.flowId === doc.id ? session.debug.paused.nodeId : null) ??
      (inCallee(session, doc.id) ? null : session?.run?.waitingNodeId) ??
      trace.at(-1)?.nodeId ??
      null,
    pathNodeIds,
    pathEdgeIds,
    failedNodeIds: [...new Set(trace.filter((t) => t.error).map((t) => t.nodeId))],
    unreachedNodeIds: coverage || session ? doc.nodes.filter((n) => !reached.has(n.id)).map((n) => n.id) : [],
    coveredEdgeIds: [...coveredEdges],
    uncoveredEdgeIds: coverage ? doc.edges.filter((e) => !coveredEdges.has(e.id)).map((e) => e.id) : [],
    coveredPorts: [...coveredPorts],
    uncoveredPorts:
      coverage?.branches
        .filter((b) => !coveredPorts.has(portKey(b.nodeId, b.port)))
        .map((b) => portKey(b.nodeId, b.port)) ?? [],
  }
}

/** The run waits in another flow than `flowId` (inside a call it made). */
function inCallee(session: EmulatorSession | null, flowId: string): boolean {
  const waitingIn = session?.run?.waitingFlowId
  return !!waitingIn && waitingIn !== flowId
}
