// Lookups over one flow document, built once per step: node by id, edge by (source, port).
import type { FlowDocument, FlowNode } from '../flow/document'
import { triggerKindOf } from '../nodes/trigger/kind'
import type { TriggerInput } from './types'
import { startsFlow } from '../nodes/behaviour-of'

export interface FlowGraph {
  flow: FlowDocument
  node(id: string): FlowNode | undefined
  /** The node an output port leads to, or null when the port is not connected (a dead end ends the run). */
  next(nodeId: string, port: string): string | null
  triggers(): FlowNode[]
}

export function buildGraph(flow: FlowDocument): FlowGraph {
  const nodes = new Map(flow.nodes.map((n) => [n.id, n]))
  const edges = new Map<string, string>()
  for (const e of flow.edges) {
    const key = `${e.source}\u0000${e.sourcePort}`
    // The first edge out of a port wins; validation reports a port with two edges.
    if (!edges.has(key)) edges.set(key, e.target)
  }
  return {
    flow,
    node: (id) => nodes.get(id),
    next: (nodeId, port) => edges.get(`${nodeId}\u0000${port}`) ?? null,
    triggers: () => flow.nodes.filter((n) => startsFlow(n.type)),
  }
}

/**
 * The trigger node a start goes through: the one named by the caller, else the first whose kind matches,
 * else (manual and webhook starts of a flow whose trigger is of another kind) the first trigger node.
 */
export function pickTriggerNode(graph: FlowGraph, trigger: TriggerInput, triggerNodeId?: string): FlowNode | undefined {
  const all = graph.triggers()
  if (triggerNodeId) return all.find((n) => n.id === triggerNodeId)
  return all.find((n) => triggerKindOf(n) === trigger.kind) ?? all[0]
}
