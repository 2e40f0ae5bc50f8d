// Test helper: flows that call each other, for the checks over the call graph and the generator through calls.
// "Verify phone" is callable: it asks for the phone and returns it, or, when the customer gives up, returns only
// `verified` (so reading {{call_verify.phone}} is unset on that path). "Orders" calls it and reads its outputs.
import type { FlowDocument, FlowInterface } from '../../flow/document'
import { buildFlow, type EdgeSpec, type NodeSpec } from './build'

export const VERIFY_INTERFACE: FlowInterface = {
  inputs: [
    { name: 'customer', required: true, description: "The customer's name, for the greeting" },
    { name: 'country', required: true, default: 'IN' },
    { name: 'note', required: false },
  ],
  outputs: [{ name: 'phone', description: 'The phone number given' }, { name: 'verified' }],
}

export function verifyFlow(extra: Partial<FlowDocument> = {}): FlowDocument {
  return buildFlow(
    [
      ['trigger', 'trigger_1', { kind: 'manual' }],
      ['question', 'ask_phone', { prompt: 'Hi {{customer}}, your phone number?', saveTo: 'phone_given' }],
      ['end', 'end_ok', { returns: { phone: '{{phone_given}}', verified: 'true' } }],
      ['end', 'end_gave_up', { returns: { verified: 'false' } }],
    ],
    [
      ['trigger_1', 'out', 'ask_phone'],
      ['ask_phone', 'out', 'end_ok'],
      ['ask_phone', 'failure', 'end_gave_up'],
    ],
    { id: 'flw_verify', name: 'Verify phone', active: false, interface: VERIFY_INTERFACE, ...extra },
  )
}

/** A flow calling `flowId` from `call_verify` and reading what `reads` says after it returns. */
export function callerFlow(
  opts: {
    id?: string
    name?: string
    flowId?: string
    inputs?: Record<string, string>
    reads?: string
    more?: NodeSpec[]
    moreEdges?: EdgeSpec[]
  } = {},
): FlowDocument {
  return buildFlow(
    [
      ['trigger', 'trigger_1', { keywords: ['orders'] }],
      [
        'call_flow',
        'call_verify',
        { flowId: opts.flowId ?? 'flw_verify', inputs: opts.inputs ?? { customer: '{{customer_name}}' } },
      ],
      ['message', 'thanks', { text: opts.reads ?? 'Thanks, we will text {{call_verify.phone}}.' }],
      ['message', 'sorry', { text: 'Sorry: {{call_verify.error.message}}' }],
      ['end', 'end_1'],
      ...(opts.more ?? []),
    ],
    [
      ['trigger_1', 'out', 'call_verify'],
      ['call_verify', 'done', 'thanks'],
      ['call_verify', 'failed', 'sorry'],
      ['thanks', 'out', 'end_1'],
      ['sorry', 'out', 'end_1'],
      ...(opts.moreEdges ?? []),
    ],
    { id: opts.id ?? 'flw_orders', name: opts.name ?? 'Orders' },
  )
}
