// Branch coverage of a flow from trace events: which output ports of which nodes were ever taken. The canvas
// overlay and `chatflow test` read the same numbers. A flow's branches count wherever its nodes ran: in runs of the
// flow itself, and inside the runs of flows that call it (events carry the flow they ran in, `flowId`).
import type { FlowDocument } from '../../flow/document'
import { NODE_DEFINITIONS } from '../../nodes/registry'
import type { TraceEvent } from '../types'
import { isNodeType } from '../../nodes/node-types'
import { behaviourOfType, startsFlow } from '../../nodes/behaviour-of'
import type { Port } from '../../nodes/types'

export interface Branch {
  nodeId: string
  nodeName: string
  port: string
}

export interface Coverage {
  total: number
  taken: Branch[]
  missed: Branch[]
}

/**
 * `rootFlowId`: the flow the trace's runs started in (its events carry no `flowId`); by default `flow` itself. Events
 * of other flows (a callee's, or the caller's when `flow` is the callee) are not `flow`'s branches.
 */
export function branchCoverage(flow: FlowDocument, trace: readonly TraceEvent[], rootFlowId = flow.id): Coverage {
  const hit = new Set<string>()
  let called = false
  for (const t of trace) {
    if ((t.flowId ?? rootFlowId) !== flow.id) continue
    if ((t.depth ?? 0) > 0) called = true
    if (t.port !== null) hit.add(`${t.nodeId}\u0000${t.port}`)
    // A failure with no failure edge still exercised the failure branch: the run failed there.
    else if (t.error) hit.add(`${t.nodeId}\u0000failure`)
  }
  // A called flow is entered where its (first) trigger leads, without running the trigger (docs/engine.md, "Calls"):
  // that way out of the trigger was taken all the same.
  const trigger = called ? flow.nodes.find((n) => startsFlow(n.type)) : undefined
  if (trigger) for (const e of flow.edges) if (e.source === trigger.id) hit.add(`${trigger.id}\u0000${e.sourcePort}`)
  const taken: Branch[] = []
  const missed: Branch[] = []
  for (const node of flow.nodes) {
    for (const p of branchPorts(flow, node)) {
      const b = { nodeId: node.id, nodeName: node.name, port: p.id }
      ;(hit.has(`${node.id}\u0000${p.id}`) ? taken : missed).push(b)
    }
  }
  return { total: taken.length + missed.length, taken, missed }
}

/**
 * The ports of a node that are branches to test: every output port its config gives, except one the node type proves
 * it never takes for that config (NodeBehaviour.idlePorts: an offline Intent's `failed`) while nothing is connected
 * to it. A connected idle port stays a branch, left untaken, beside validation's warning about it. [] when the
 * node's type is unknown or its config does not parse. The studio's coverage and `chatflow test` both count these.
 */
export function branchPorts(flow: Pick<FlowDocument, 'edges'>, node: FlowDocument['nodes'][number]): Port[] {
  if (!isNodeType(node.type)) return []
  const def = NODE_DEFINITIONS[node.type]
  const parsed = def.configSchema.safeParse(node.config)
  if (!parsed.success) return []
  const idle = behaviourOfType(node.type).idlePorts?.(parsed.data) ?? []
  if (!idle.length) return def.ports(parsed.data)
  const connected = new Set(flow.edges.filter((e) => e.source === node.id).map((e) => e.sourcePort))
  const skipped = new Set(idle.map((d) => d.port).filter((p) => !connected.has(p)))
  return def.ports(parsed.data).filter((p) => !skipped.has(p.id))
}
