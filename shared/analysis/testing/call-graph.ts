// Small flows that call each other (Call Flow nodes), for the tests of export, import and publishing with callees.
import type { FlowDocument, FlowNode } from '../../flow/document'

/**
 * A valid flow: a keyword trigger (its id as keyword), a message, then one Call Flow node per callee in a row, then
 * an End. `text` changes the message (a new revision with the same calls); `callable: false` leaves out its
 * interface.
 */
export function callingFlow(
  id: string,
  calls: string[] = [],
  opts: { name?: string; text?: string; callable?: boolean } = {},
): FlowDocument {
  const nodes: FlowNode[] = [
    {
      id: 'n_trigger',
      type: 'trigger',
      typeVersion: 1,
      name: 'trigger_1',
      position: { x: 0, y: 0 },
      config: { kind: 'keyword', keywords: [id.replace(/\W/g, '')], matchMode: 'exact' },
    },
    {
      id: 'n_say',
      type: 'message',
      typeVersion: 1,
      name: 'say',
      position: { x: 300, y: 0 },
      config: { text: opts.text ?? `Hello from ${id}` },
    },
    ...calls.map((callee, i): FlowNode => ({
      id: `n_call_${i + 1}`,
      type: 'call_flow',
      typeVersion: 1,
      name: `call_${i + 1}`,
      position: { x: 600 + 300 * i, y: 0 },
      config: { flowId: callee, inputs: {} },
    })),
    {
      id: 'n_end',
      type: 'end',
      typeVersion: 1,
      name: 'end_1',
      position: { x: 600 + 300 * calls.length, y: 0 },
      config: {},
    },
  ]
  const chain = nodes.map((n) => n.id)
  const edges = chain.slice(1).map((target, i) => ({
    id: `e_${i + 1}`,
    source: chain[i]!,
    sourcePort: chain[i]!.startsWith('n_call_') ? 'done' : 'out',
    target,
  }))
  return {
    format: 'chatflow.flow/1',
    id,
    name: opts.name ?? `Flow ${id}`,
    active: true,
    nodes,
    edges,
    samples: {},
    webhookSecretRef: null,
    ...(opts.callable !== false ? { interface: { inputs: [], outputs: [] } } : {}),
  }
}
