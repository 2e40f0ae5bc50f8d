// The call graph as the node types declare it (NodeBehaviour.calls, .returns), and what analysis reads of a callee:
// its interface and, for each output, the Ends a run can reach without returning it. Bound once here so the model's
// catalogue (shared/flow/catalogue.ts) stays free of node types. What is read of a document is cached per document
// object: documents are never changed in place (every edit in the editor makes a new one), so a catalogue of 200
// flows is read once however many of its flows are validated.
import type { FlowDocument, FlowNode } from '../flow/document'
import { callGraph, callersOf, withFlow, type CallGraph, type FlowCall, type FlowCatalogue } from '../flow/catalogue'
import { bound } from '../nodes/behaviour-of'
import type { NodeCalls } from '../nodes/behaviour'
import { buildPortGraph, describePath, walkFrom } from './paths/port-graph'

/** A call node with its parsed config's target. */
export interface BoundCall extends FlowCall {
  index: number
  node: FlowNode
  inputs: Record<string, string>
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  decl: NodeCalls<any>
}

const callsCache = new WeakMap<FlowDocument, BoundCall[]>()

/** The calls a document makes (nodes whose type declares `calls` and whose config parses), cached per document. */
export function boundCalls(doc: FlowDocument): BoundCall[] {
  let out = callsCache.get(doc)
  if (out) return out
  out = []
  doc.nodes.forEach((node, index) => {
    const b = bound(node, (x) => x.calls)
    if (!b) return
    const t = b.decl.target(b.config)
    out!.push({ nodeId: node.id, nodeName: node.name, flowId: t.flowId, index, node, inputs: t.inputs, decl: b.decl })
  })
  callsCache.set(doc, out)
  return out
}

export const flowCalls = (doc: FlowDocument): readonly FlowCall[] => boundCalls(doc)

/** The call graph of a catalogue, with `doc` (being edited or validated) in place of its stored copy. */
export function callGraphOf(flows: FlowCatalogue, doc?: FlowDocument): CallGraph {
  return callGraph(doc ? withFlow(flows, doc) : flows, flowCalls)
}

/** The flows that call `flowId`, with the call nodes' names: what renaming or deleting it would break. */
export function callersOfFlow(
  flows: FlowCatalogue,
  flowId: string,
): Array<{ flowId: string; flowName: string; nodes: string[] }> {
  return callersOf(callGraphOf(flows), flowId)
    .filter((c) => c.flow.id !== flowId)
    .map((c) => ({ flowId: c.flow.id, flowName: c.flow.name, nodes: c.calls.map((x) => x.nodeName) }))
}

/** An End a run of the flow can reach, with what it returns and the path to it as a person reads it. */
export interface ReachableEnd {
  node: FlowNode
  index: number
  returns: Record<string, string>
  path: string
}

const endsCache = new WeakMap<FlowDocument, ReachableEnd[]>()

/** The nodes that end the flow handing outputs back (NodeBehaviour.returns) that some path from the trigger reaches. */
export function reachableEnds(doc: FlowDocument): ReachableEnd[] {
  let out = endsCache.get(doc)
  if (out) return out
  out = []
  const ends = doc.nodes.flatMap((node, index) => {
    const b = bound(node, (x) => x.returns)
    return b ? [{ node, index, returns: b.decl(b.config) ?? {} }] : []
  })
  if (ends.length) {
    const g = buildPortGraph(doc)
    const walk = walkFrom(g)
    for (const e of ends) if (walk.seen[e.index]) out.push({ ...e, path: describePath(g, walk, e.index) })
  }
  endsCache.set(doc, out)
  return out
}

/** Whether an End returns the output: a template that is not blank. */
export const returnsOutput = (end: ReachableEnd, output: string): boolean =>
  Object.prototype.hasOwnProperty.call(end.returns, output) && end.returns[output]!.trim() !== ''
