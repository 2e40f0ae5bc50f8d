import { FLOW_FORMAT, type FlowDocument, type FlowEdge, type FlowNode } from '../../shared/flow/document'
import type { NodeType } from '../../shared/nodes/node-types'
import { knownType, NAME_PREFIX } from '../../shared/nodes/node-types'
import { NODE_DEFINITIONS } from '../../shared/nodes/registry'

// The canvas benchmark's flows: realistic cards with real configs (so some carry problem badges, e.g. an HTTP Call
// without a URL), in rows of COLUMNS, each node's first output wired to the next node.

const COLUMNS = 20
const MIX: NodeType[] = [
  'message',
  'question',
  'http_call',
  'condition',
  'interactive_message',
  'router',
  'script',
  'media_message',
]

export function benchFlow(id: string, n: number): FlowDocument {
  const counts = new Map<NodeType, number>()
  const nodes: FlowNode[] = Array.from({ length: n }, (_, i) => {
    const type: NodeType = i === 0 ? 'trigger' : i === n - 1 ? 'end' : MIX[i % MIX.length]!
    const k = (counts.get(type) ?? 0) + 1
    counts.set(type, k)
    const config = { ...(NODE_DEFINITIONS[type].defaults() as Record<string, unknown>) }
    if (type === 'message') config.text = `Hello {{customer_name}}, step ${i} of your order {{http_call_1.result.id}}`
    if (type === 'trigger') config.keywords = ['bench']
    return {
      id: `n${i}`,
      type,
      name: `${NAME_PREFIX[type]}${k}`,
      position: { x: (i % COLUMNS) * 320, y: Math.floor(i / COLUMNS) * 240 },
      config,
    }
  })
  const edges: FlowEdge[] = []
  for (let i = 0; i < n - 1; i++) {
    const node = nodes[i]!
    const port = NODE_DEFINITIONS[knownType(node.type)].ports(
      NODE_DEFINITIONS[knownType(node.type)].configSchema.parse(node.config),
    )[0]
    if (port) edges.push({ id: `e${i}`, source: node.id, sourcePort: port.id, target: nodes[i + 1]!.id })
  }
  return {
    format: FLOW_FORMAT,
    id,
    name: `Bench ${n}`,
    active: true,
    nodes,
    edges,
    samples: {},
    webhookSecretRef: null,
  }
}
