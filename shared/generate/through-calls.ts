// The generator through calls (docs/testing.md, "Through calls"): a flow and every flow it calls, directly or through
// others, explored as one. The engine runs the calls for real (the catalogue is its FlowSource); the generator reads
// a composite document in which each callee's nodes carry their flow in their id (`<flowId>\u0001<nodeId>`, node ids
// of two flows may be the same), and what a played run reports (its trace, where it waits) is read in those ids. Path
// analysis walks into a callee from the call node and back out to where `done` leads, so a branch inside a callee is a
// branch of the caller's exploration like any other, and coverage counts it for the callee's own flow.
import { calleesOf, type FlowCatalogue } from '../flow/catalogue'
import type { FlowDocument } from '../flow/document'
import type { FlowSource } from '../engine/deps'
import type { RunState, StepResult, TraceEvent } from '../engine/types'
import type { TestOutcome } from '../engine/conversation'
import { boundCalls, callGraphOf } from '../analysis/calls'
import { bound } from '../nodes/behaviour-of'

const SEP = '\u0001'

export const qualified = (flowId: string, nodeId: string): string => `${flowId}${SEP}${nodeId}`

/** The flow an event ran in, for an event as the engine reports it or as a scope read it. */
export function eventFlowId(e: TraceEvent, rootFlowId: string): string {
  const at = e.nodeId.indexOf(SEP)
  return at >= 0 ? e.nodeId.slice(0, at) : (e.flowId ?? rootFlowId)
}

/** A link analysis follows that no edge draws: into a callee's trigger, and from its Ends back to the caller. */
export interface CallLink {
  from: string
  to: string
}

export interface CallScope {
  root: FlowDocument
  /** The flows the root calls, directly or through others, as the catalogue holds them. */
  callees: FlowDocument[]
  /** The root's nodes, then each callee's with qualified ids: what the generator indexes. */
  composite: FlowDocument
  links: CallLink[]
  /** The flow a composite node id belongs to. */
  flowOf(nodeId: string): FlowDocument
  /** The node's id in its own flow. */
  ownId(nodeId: string): string
  /** The outcome with callee nodes in qualified ids. */
  read<T extends TestOutcome & { steps?: StepResult[] }>(outcome: T): T
  /** The engine's FlowSource over the catalogue: calls run for real, at the catalogue's copy. */
  source: FlowSource
}

export function flowSourceOf(flows: FlowCatalogue): FlowSource {
  return {
    load: async (flowId) => {
      const doc = flows.get(flowId)
      return doc ? { doc, revision: null } : null
    },
  }
}

/** The scope of `root` in the catalogue; null when it calls no flow the catalogue holds. */
export function callScope(root: FlowDocument, flows: FlowCatalogue): CallScope | null {
  const graph = callGraphOf(flows, root)
  const callees = [...calleesOf(graph, root.id)]
    .filter((id) => id !== root.id)
    .flatMap((id) => {
      const doc = graph.catalogue.get(id)
      return doc ? [doc] : []
    })
  if (!callees.length) return null
  const byId = new Map(callees.map((d) => [d.id, d]))
  const nodes = [...root.nodes]
  const edges = [...root.edges]
  for (const f of callees) {
    for (const n of f.nodes) nodes.push({ ...n, id: qualified(f.id, n.id) })
    for (const e of f.edges)
      edges.push({
        ...e,
        id: qualified(f.id, e.id),
        source: qualified(f.id, e.source),
        target: qualified(f.id, e.target),
      })
  }
  const composite: FlowDocument = { ...root, nodes, edges }
  const q = (flow: FlowDocument, id: string) => (flow === root ? id : qualified(flow.id, id))
  const links: CallLink[] = []
  for (const caller of [root, ...callees])
    for (const call of boundCalls(caller)) {
      const callee = byId.get(call.flowId)
      if (!callee) continue
      const trigger = callee.nodes.find((n) => bound(n, (b) => (b.starts ? true : undefined)))
      if (trigger) links.push({ from: q(caller, call.nodeId), to: qualified(callee.id, trigger.id) })
      const done = caller.edges.find((e) => e.source === call.nodeId && e.sourcePort === call.decl.done)
      if (!done) continue
      for (const end of callee.nodes)
        if (bound(end, (b) => b.returns)) links.push({ from: qualified(callee.id, end.id), to: q(caller, done.target) })
    }
  // A callee's event names its flow in its node id instead, so coverage of the composite counts it. A call enters
  // its callee where the callee's trigger leads, without running the trigger: the way out of the trigger is taken
  // all the same, so an event for it comes before the first of each call (as branchCoverage counts a called flow).
  const entries = new Map(
    callees.flatMap((f) => {
      const t = f.nodes.find((n) => bound(n, (b) => (b.starts ? true : undefined)))
      const e = t && f.edges.find((x) => x.source === t.id)
      return t && e ? [[f.id, { node: t, port: e.sourcePort }] as const] : []
    }),
  )
  const readTrace = (trace: readonly TraceEvent[]): TraceEvent[] => {
    const out: TraceEvent[] = []
    let depth = 0
    for (const e of trace) {
      const d = e.depth ?? 0
      if (!e.flowId || e.flowId === root.id || !byId.has(e.flowId)) {
        out.push(e)
        depth = d
        continue
      }
      const { flowId, depth: _depth, ...rest } = e
      const entry = d > depth ? entries.get(flowId) : undefined
      if (entry)
        out.push({
          ...rest,
          nodeId: qualified(flowId, entry.node.id),
          nodeName: entry.node.name,
          nodeType: entry.node.type,
          phase: 'run',
          input: null,
          output: null,
          port: entry.port,
          error: null,
          warnings: [],
          messageIds: [],
        })
      out.push({ ...rest, nodeId: qualified(flowId, e.nodeId) })
      depth = d
    }
    return out
  }
  const readState = (s: RunState | null): RunState | null => {
    const flowId = s?.calls?.at(-1)?.flowId
    if (!s?.waiting || !flowId || !byId.has(flowId)) return s
    return { ...s, waiting: { ...s.waiting, nodeId: qualified(flowId, s.waiting.nodeId) } }
  }
  return {
    root,
    callees,
    composite,
    links,
    flowOf: (id) => {
      const at = id.indexOf(SEP)
      return at < 0 ? root : (byId.get(id.slice(0, at)) ?? root)
    },
    ownId: (id) => id.slice(id.indexOf(SEP) + 1),
    read(outcome) {
      const out = { ...outcome, trace: readTrace(outcome.trace), final: readState(outcome.final) }
      if (outcome.steps)
        out.steps = outcome.steps.map((s) => ({ ...s, state: readState(s.state)!, trace: readTrace(s.trace) }))
      return out
    },
    source: flowSourceOf(flows),
  }
}
