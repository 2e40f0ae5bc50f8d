import type { EmulatorSession, FlowCoverage } from '../../shared/api/commands/emulator'
import type { FlowDocument } from '../../shared/flow/document'
import type { TraceEvent } from '../../shared/engine'
import { startsFlow } from '../../shared/nodes/behaviour-of'

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

const KEYS = Object.keys(EMPTY_OVERLAY) as (keyof CanvasOverlay)[]

/** Whether two overlays draw the same canvas: the same flow and current node, the same ids in the same order. */
export function sameOverlay(a: CanvasOverlay, b: CanvasOverlay): boolean {
  return KEYS.every((k) => {
    const x = a[k]
    const y = b[k]
    if (!Array.isArray(x) || !Array.isArray(y)) return x === y
    return x.length === y.length && x.every((v, i) => v === y[i])
  })
}

export const portKey = (nodeId: string, port: string) => `${nodeId}\u0000${port}`

export function overlayOf(
  doc: FlowDocument,
  session: EmulatorSession | null,
  coverage: FlowCoverage | null,
): CanvasOverlay {
  // Only this flow's own steps, whichever flow's run it is: an event without `flowId` ran in the session's own flow,
  // so the canvas of a flow the run called draws the steps the run took in it (node ids of two flows may be equal).
  const trace = (session?.trace ?? []).filter((t) => (t.flowId ?? session?.flowId) === doc.id)
  // A call enters the flow where its trigger leads, without running the trigger: that way in is drawn as taken.
  const entry = session && session.flowId !== doc.id && trace.length ? entryOf(doc) : null
  const pathNodeIds = [...new Set([...(entry ? [entry.source] : []), ...trace.map((t) => t.nodeId)])]
  const edgeByPort = new Map(doc.edges.map((e) => [portKey(e.source, e.sourcePort), e.id]))
  const pathEdgeIds = [
    ...new Set(
      [
        ...(entry ? [entry.id] : []),
        ...trace.flatMap((t) => (t.port ? [edgeByPort.get(portKey(t.nodeId, t.port))] : [])),
      ].filter((id): id is string => !!id),
    ),
  ]
  const reached = new Set([...(coverage?.reachedNodeIds ?? []), ...pathNodeIds])
  const coveredEdges = new Set(coverage?.branches.filter((b) => b.covered && b.edgeId).map((b) => b.edgeId!) ?? [])
  for (const id of pathEdgeIds) coveredEdges.add(id)
  const coveredPorts = new Set(coverage?.branches.filter((b) => b.covered).map((b) => portKey(b.nodeId, b.port)) ?? [])
  for (const t of trace) if (t.port) coveredPorts.add(portKey(t.nodeId, t.port))
  return {
    flowId: doc.id,
    currentNodeId: currentOf(session, doc.id, trace),
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

/**
 * The node to mark current on the canvas of `flowId`: where the run waits when it waits in this flow; in the run's own
 * flow, while it waits inside a call it made, the call node (its last own step), else the last step; in a flow the run
 * called and has left, none (the run is elsewhere).
 */
function currentOf(session: EmulatorSession | null, flowId: string, trace: TraceEvent[]): string | null {
  if (!session) return null
  // Paused by the debugger, the node it stopped before is current (it has not run: it is on no path yet), and the
  // canvas centres it (useFollowRun).
  const paused = session.debug?.paused
  if (paused?.flowId === flowId) return paused.nodeId
  const run = session.run
  const waitingIn = run?.waitingNodeId ? (run.waitingFlowId ?? session.flowId) : null
  if (waitingIn === flowId) return run!.waitingNodeId
  return session.flowId === flowId ? (trace.at(-1)?.nodeId ?? null) : null
}

/** The edge a call enters the flow by: the first one leaving its (first) trigger. */
function entryOf(doc: FlowDocument): FlowDocument['edges'][number] | null {
  const trigger = doc.nodes.find((n) => startsFlow(n.type))
  return (trigger && doc.edges.find((e) => e.source === trigger.id)) ?? null
}
