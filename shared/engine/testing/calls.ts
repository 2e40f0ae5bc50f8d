// Flows that call each other, for the call stack's tests (machine, core, hosts): a caller `f_shop` whose Call Flow
// node `call_verify` calls `f_verify`, which asks for a code and returns it.
import type { FlowDocument, FlowInterface } from '../../flow/document'
import { buildFlow, type NodeSpec } from './fixtures'

export function callable(
  nodes: NodeSpec[],
  edges: Array<[string, string, string]>,
  opts: { id: string; name?: string; active?: boolean },
  iface: FlowInterface,
): FlowDocument {
  return { ...buildFlow(nodes, edges, { name: opts.id, ...opts }), interface: iface }
}

/** Asks for a code; returns it, and the phone it was given. Reads {{secret}} to show the caller's is out of reach. */
export const verify = callable(
  [
    { type: 'trigger', name: 'trigger_1', config: { kind: 'keyword', keywords: ['verify'] } },
    { type: 'message', name: 'hello', config: { text: '{{greeting}} {{phone}}; secret: {{secret}}.' } },
    { type: 'question', name: 'ask', config: { prompt: 'Code?', saveTo: 'code' } },
    { type: 'end', name: 'end_ok', config: { returns: { code: '{{code}}', phone: '{{phone}}' } } },
  ],
  [
    ['trigger_1', 'out', 'hello'],
    ['hello', 'out', 'ask'],
    ['ask', 'out', 'end_ok'],
  ],
  { id: 'f_verify', name: 'Verify', active: false },
  {
    inputs: [
      { name: 'phone', required: true },
      { name: 'greeting', required: false, default: 'Hello' },
    ],
    outputs: [{ name: 'code' }, { name: 'phone' }],
  },
)

/** Calls `flowId` with `inputs`; done says what came back, failed says why. */
export function caller(flowId: string, inputs: Record<string, string>, id = 'f_shop'): FlowDocument {
  return buildFlow(
    [
      { type: 'trigger', name: 'trigger_1', config: { kind: 'keyword', keywords: ['shop'] } },
      { type: 'call_flow', name: 'call_verify', config: { flowId, inputs } },
      {
        type: 'message',
        name: 'done',
        config: { text: 'Got {{call_verify.code}} for {{call_verify.phone}} ({{code}}{{secret}})' },
      },
      { type: 'message', name: 'failed', config: { text: 'Failed: {{call_verify.error.code}}' } },
    ],
    [
      ['trigger_1', 'out', 'call_verify'],
      ['call_verify', 'done', 'done'],
      ['call_verify', 'failed', 'failed'],
    ],
    { id, name: id },
  )
}

export const shop = caller('f_verify', { phone: '{{customer_phone}}' })
