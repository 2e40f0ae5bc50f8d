// Test helper: a flow written compactly, nodes and edges by name, parsed like a file so defaults fill the configs.
import { FLOW_FORMAT, type FlowDocument } from '../../flow/document'
import type { NodeType } from '../../nodes/node-types'
import { loadFlow } from '../../nodes/load-flow'

export type NodeSpec = [type: NodeType, name: string, config?: Record<string, unknown>]
export type EdgeSpec = [from: string, port: string, to: string]

export function buildFlow(nodes: NodeSpec[], edges: EdgeSpec[], extra: Partial<FlowDocument> = {}): FlowDocument {
  const doc = {
    format: FLOW_FORMAT,
    id: 'flw_test',
    name: 'Test flow',
    active: true,
    nodes: nodes.map(([type, name, config], i) => ({
      id: `n_${name}`,
      type,
      name,
      position: { x: 0, y: i * 100 },
      config: config ?? {},
    })),
    edges: edges.map(([from, port, to], i) => ({
      id: `e${i}`,
      source: `n_${from}`,
      sourcePort: port,
      target: `n_${to}`,
    })),
    samples: {},
    webhookSecretRef: null,
    ...extra,
  }
  const r = loadFlow(doc)
  if (!r.ok) throw new Error(`test flow: ${r.error.message}`)
  return r.document
}
