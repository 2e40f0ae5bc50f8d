// Branch coverage of a flow from trace events: which output ports of which nodes were ever taken. The canvas
// overlay and `chatflow test` read the same numbers.
import type { FlowDocument } from '../../flow/document'
import { NODE_DEFINITIONS } from '../../nodes/registry'
import type { TraceEvent } from '../types'
import { isNodeType } from '../../nodes/node-types'

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

export function branchCoverage(flow: FlowDocument, trace: readonly TraceEvent[]): Coverage {
  const hit = new Set<string>()
  for (const t of trace) {
    if (t.port !== null) hit.add(`${t.nodeId}\u0000${t.port}`)
    // A failure with no failure edge still exercised the failure branch: the run failed there.
    else if (t.error) hit.add(`${t.nodeId}\u0000failure`)
  }
  const taken: Branch[] = []
  const missed: Branch[] = []
  for (const node of flow.nodes) {
    if (!isNodeType(node.type)) continue
    const def = NODE_DEFINITIONS[node.type]
    const parsed = def.configSchema.safeParse(node.config)
    if (!parsed.success) continue
    for (const p of def.ports(parsed.data)) {
      const b = { nodeId: node.id, nodeName: node.name, port: p.id }
      ;(hit.has(`${node.id}\u0000${p.id}`) ? taken : missed).push(b)
    }
  }
  return { total: taken.length + missed.length, taken, missed }
}
