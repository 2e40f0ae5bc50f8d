// The flow as the engine walks it: nodes by index, each output port with the node it leads to. Path questions
// (which paths leave a variable unset, which branches no run can take) walk this, with flat arrays so a
// 1000-node flow stays in the low milliseconds (`npm run bench -- flow`).
import type { FlowDocument, FlowNode } from '../../flow/document'
import { NODE_DEFINITIONS, parseConfig } from '../../nodes/registry'
import type { Port } from '../../nodes/types'
import { isNodeType } from '../../nodes/node-types'
import { startsFlow } from '../../nodes/behaviour-of'

export interface PortEdge {
  port: string
  to: number
}

export interface PortGraph {
  nodes: readonly FlowNode[]
  index: ReadonlyMap<string, number>
  /** Output ports of each node by its definition (empty when its config does not parse). */
  ports: readonly Port[][]
  /** Connected outputs only; an edge from a port the node does not have is never taken, so it is left out. */
  out: readonly PortEdge[][]
  /** Reverse of `out`: for each node, the (node, port) pairs that lead into it. */
  into: ReadonlyArray<ReadonlyArray<{ from: number; port: string }>>
  waits: Uint8Array
  triggers: readonly number[]
  config(i: number): unknown
}

export function buildPortGraph(doc: FlowDocument): PortGraph {
  const nodes = doc.nodes
  const index = new Map<string, number>()
  nodes.forEach((n, i) => index.set(n.id, i))
  const configs: unknown[] = []
  const ports: Port[][] = []
  const waits = new Uint8Array(nodes.length)
  nodes.forEach((n, i) => {
    // A node of an unknown type (validation reports it) has no ports and does not wait.
    if (!isNodeType(n.type)) return void (configs.push(undefined), ports.push([]))
    const parsed = parseConfig(n.type, n.config)
    configs.push(parsed.success ? parsed.data : undefined)
    ports.push(parsed.success ? NODE_DEFINITIONS[n.type].ports(parsed.data) : [])
    if (parsed.success && NODE_DEFINITIONS[n.type].waits(parsed.data)) waits[i] = 1
  })
  const out: PortEdge[][] = nodes.map(() => [])
  const into: Array<Array<{ from: number; port: string }>> = nodes.map(() => [])
  for (const e of doc.edges) {
    const from = index.get(e.source)
    const to = index.get(e.target)
    if (from === undefined || to === undefined || !ports[from]!.some((p) => p.id === e.sourcePort)) continue
    // A port connected twice is an error reported elsewhere; the engine follows the first edge.
    if (out[from]!.some((x) => x.port === e.sourcePort)) continue
    out[from]!.push({ port: e.sourcePort, to })
    into[to]!.push({ from, port: e.sourcePort })
  }
  const triggers = nodes.flatMap((n, i) => (startsFlow(n.type) ? [i] : []))
  return { nodes, index, ports, out, into, waits, triggers, config: (i) => configs[i] }
}

export interface Walk {
  /** 1 for every node some path from a trigger reaches. */
  seen: Uint8Array
  /** The node and port each reached node was first entered from (-1 for triggers). */
  fromNode: Int32Array
  fromPort: Array<string | undefined>
}

/** Breadth first from the triggers, never leaving a node by a port `blocked` names: shortest paths. */
export function walkFrom(g: PortGraph, blocked?: (node: number, port: string) => boolean): Walk {
  const n = g.nodes.length
  const seen = new Uint8Array(n)
  const fromNode = new Int32Array(n).fill(-1)
  const fromPort: Array<string | undefined> = new Array(n)
  const queue: number[] = []
  for (const t of g.triggers) {
    seen[t] = 1
    queue.push(t)
  }
  for (let head = 0; head < queue.length; head++) {
    const at = queue[head]!
    for (const e of g.out[at]!) {
      if (seen[e.to] || (blocked && blocked(at, e.port))) continue
      seen[e.to] = 1
      fromNode[e.to] = at
      fromPort[e.to] = e.port
      queue.push(e.to)
    }
  }
  return { seen, fromNode, fromPort }
}

/** The path a walk took to `target`, as a person reads it: node names, with the port after a node that branches. */
export function describePath(g: PortGraph, w: Walk, target: number): string {
  const steps: string[] = []
  for (let at = target, via: string | undefined; at !== -1; at = w.fromNode[at]!) {
    const label =
      via !== undefined && g.ports[at]!.length > 1 ? ` (${g.ports[at]!.find((p) => p.id === via)?.label ?? via})` : ''
    steps.push(g.nodes[at]!.name + label)
    via = w.fromPort[at]
  }
  return steps.reverse().join(' → ')
}
