import { FLOW_FORMAT, type FlowDocument } from '../../../../shared/flow/document'

/**
 * The flow of bench/engine-flow.flow.json, used by this folder's tests and the benchmark when the engine's
 * bench/engine-flow.flow.json is not at hand: webhook trigger → condition on amount → one of two messages → end.
 */
export function orderTotalFlow(id: string, active = true): FlowDocument {
  const text = (suffix: string) =>
    `Hi {{trigger_1.data.name}}, your total is {{{{trigger_1.data.amount}} * 1.18}}${suffix}`
  const node = (
    nid: string,
    type: FlowDocument['nodes'][number]['type'],
    name: string,
    config: Record<string, unknown>,
  ) => ({
    id: nid,
    type,
    name,
    position: { x: 0, y: 0 },
    config,
  })
  return {
    format: FLOW_FORMAT,
    id,
    name: `Order total ${id}`,
    active,
    nodes: [
      node('n_trigger', 'trigger', 'trigger_1', {
        kind: 'webhook',
        keywords: [],
        matchMode: 'exact',
        payloadPrefix: '',
        targetVariable: '',
        dataFields: ['name', 'amount'],
      }),
      node('n_cond', 'condition', 'condition_1', {
        join: 'and',
        rules: [{ left: '{{trigger_1.data.amount}}', operator: 'greater_than', right: '100' }],
      }),
      node('n_msg1', 'message', 'message_1', { text: text(' (priority)'), previewUrl: false }),
      node('n_msg2', 'message', 'message_2', { text: text(''), previewUrl: false }),
      node('n_end', 'end', 'end_1', {}),
    ],
    edges: [
      { id: 'e1', source: 'n_trigger', sourcePort: 'out', target: 'n_cond' },
      { id: 'e2', source: 'n_cond', sourcePort: 'true', target: 'n_msg1' },
      { id: 'e3', source: 'n_cond', sourcePort: 'false', target: 'n_msg2' },
      { id: 'e4', source: 'n_msg1', sourcePort: 'out', target: 'n_end' },
      { id: 'e5', source: 'n_msg2', sourcePort: 'out', target: 'n_end' },
    ],
    samples: {},
    webhookSecretRef: null,
  }
}

/**
 * Webhook trigger → "Confirm your slot" with Yes/No buttons → a message per answer: a later request with
 * `button_id: "yes"` is the customer's tap on Yes (docs/webhook.md, "button_id").
 */
export function confirmFlow(id: string): FlowDocument {
  const node = (
    nid: string,
    type: FlowDocument['nodes'][number]['type'],
    name: string,
    config: Record<string, unknown>,
  ) => ({ id: nid, type, name, position: { x: 0, y: 0 }, config })
  const buttons = [
    { id: 'yes', title: 'Yes' },
    { id: 'no', title: 'No' },
  ]
  return {
    format: FLOW_FORMAT,
    id,
    name: `Confirm ${id}`,
    active: true,
    nodes: [
      node('n_trigger', 'trigger', 'trigger_1', { kind: 'webhook' }),
      node('n_ask', 'interactive_message', 'confirm', { body: 'Confirm your slot on {{day}}?', buttons }),
      node('n_yes', 'message', 'booked', { text: 'Booked for {{day}} ({{_last_button_text}}, {{button_id}})' }),
      node('n_no', 'message', 'cancelled', { text: 'Cancelled' }),
    ],
    edges: [
      { id: 'e1', source: 'n_trigger', sourcePort: 'out', target: 'n_ask' },
      { id: 'e2', source: 'n_ask', sourcePort: 'yes', target: 'n_yes' },
      { id: 'e3', source: 'n_ask', sourcePort: 'no', target: 'n_no' },
    ],
    samples: {},
    webhookSecretRef: null,
  }
}
