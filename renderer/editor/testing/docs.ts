import { FLOW_FORMAT, type FlowDocument, type FlowNode } from '../../../shared/flow/document'
import type { NodeType } from '../../../shared/nodes/node-types'
import { NODE_DEFINITIONS } from '../../../shared/nodes/registry'

// Flow documents for editor tests, built from the real node definitions.

export function node(
  id: string,
  type: NodeType,
  name: string,
  config: Record<string, unknown> = {},
  x = 0,
  y = 0,
): FlowNode {
  return { id, type, name, position: { x, y }, config: { ...(NODE_DEFINITIONS[type].defaults() as object), ...config } }
}

export function flow(nodes: FlowNode[], edges: FlowDocument['edges'] = []): FlowDocument {
  return {
    format: FLOW_FORMAT,
    id: 'flw_test',
    name: 'Test flow',
    active: false,
    nodes,
    edges,
    samples: {},
    webhookSecretRef: null,
  }
}

/** trigger → buttons (yes/no) → yes: message, no: http_call (success → end). */
export function branchingFlow(): FlowDocument {
  return flow(
    [
      node('t', 'trigger', 'trigger_1', { keywords: ['hi'] }),
      node('b', 'interactive_message', 'interactive_message_1', { body: 'Continue?' }),
      node('m', 'message', 'message_1', { text: 'Status: {{http_call_1.status}}' }),
      node('h', 'http_call', 'http_call_1', { url: 'https://example.com/{{customer_phone}}' }),
      node('e', 'end', 'end_1'),
    ],
    [
      { id: 'e1', source: 't', sourcePort: 'out', target: 'b' },
      { id: 'e2', source: 'b', sourcePort: 'yes', target: 'm' },
      { id: 'e3', source: 'b', sourcePort: 'no', target: 'h' },
      { id: 'e4', source: 'h', sourcePort: 'success', target: 'e' },
    ],
  )
}
