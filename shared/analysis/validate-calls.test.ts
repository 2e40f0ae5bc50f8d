import { describe, expect, it } from 'vitest'
import { catalogueOf, findCycles, callGraph } from '../flow/catalogue'
import type { FlowDocument } from '../flow/document'
import { callersOfFlow, flowCalls } from './calls'
import { callerFlow, verifyFlow } from './testing/call-flows'
import { validateFlow } from './validate'
import { variablesAt } from './variables'
import { buildGraph } from '../flow/graph'

const callProblems = (doc: FlowDocument, ...others: FlowDocument[]) =>
  validateFlow(doc, { flows: catalogueOf([...others, doc]) })
    .filter((p) => p.severity !== 'note')
    .map((p) => `${p.severity} ${p.code} ${p.pointer}`)

const messages = (doc: FlowDocument, ...others: FlowDocument[]) =>
  validateFlow(doc, { flows: catalogueOf([...others, doc]) }).map((p) => p.message)

describe('checks over the call graph', () => {
  it('a caller alone is valid: without a catalogue its calls are not checked and its outputs are open', () => {
    expect(validateFlow(callerFlow())).toEqual([])
    expect(validateFlow(verifyFlow()).map((p) => p.code)).toEqual(['end.return_missing'])
  })

  it('a caller reading an output some path of the callee does not return is warned, naming that path', () => {
    expect(callProblems(callerFlow(), verifyFlow())).toEqual(['warning call.output_unset /nodes/2/config/text'])
    expect(messages(callerFlow(), verifyFlow())).toEqual([
      "Message text reads {{call_verify.phone}}, but 'Verify phone' does not return 'phone' on the path trigger_1 → ask_phone (No valid answer) → end_gave_up, so the call fails there (no_return).",
    ])
    // Reading only what every End returns is fine.
    expect(callProblems(callerFlow({ reads: 'Verified: {{call_verify.verified}}' }), verifyFlow())).toEqual([])
  })

  it('is path-aware: an End no run reaches does not count, and one that returns the output does not either', () => {
    const unreachable = verifyFlow()
    unreachable.edges = unreachable.edges.filter((e) => e.sourcePort !== 'failure')
    expect(callProblems(callerFlow(), unreachable)).toEqual([])
    // A blank template returns nothing. (Documents are never changed in place: the analysis caches per document.)
    const returning = (phone: string) => {
      const doc = verifyFlow()
      doc.nodes[3]!.config = { returns: { verified: 'false', phone } }
      return doc
    }
    expect(callProblems(callerFlow(), returning(' '))).toEqual(['warning call.output_unset /nodes/2/config/text'])
    expect(callProblems(callerFlow(), returning('none'))).toEqual([])
  })

  it('an output the callee does not declare is an unknown field of the call node', () => {
    const doc = callerFlow({ reads: 'Mail {{call_verify.email}}' })
    expect(callProblems(doc, verifyFlow())).toEqual(['error ref.unknown_field /nodes/2/config/text'])
    expect(messages(doc, verifyFlow())[0]).toBe(
      "Message text reads {{call_verify.email}}, but 'call_verify' never produces 'email'. It provides: error, phone, verified.",
    )
  })

  it('an unknown or deleted callee is an error on the node', () => {
    expect(callProblems(callerFlow({ flowId: 'flw_gone' }))).toEqual(['error call.unknown_flow /nodes/1/config/flowId'])
  })

  it('a callee without an interface is not callable', () => {
    const plain = verifyFlow({ interface: undefined })
    plain.nodes[2]!.config = {}
    plain.nodes[3]!.config = {}
    expect(callProblems(callerFlow(), plain)).toEqual(['error call.not_callable /nodes/1/config/flowId'])
  })

  it('every required input without a default must be mapped, and only declared inputs may be', () => {
    expect(callProblems(callerFlow({ inputs: {}, reads: '{{call_verify.verified}}' }), verifyFlow())).toEqual([
      'error call.input_unmapped /nodes/1/config/inputs/customer',
    ])
    // A blank mapping maps nothing; `country` has a default and `note` is optional.
    expect(callProblems(callerFlow({ inputs: { customer: ' ', colour: 'red' }, reads: 'ok' }), verifyFlow())).toEqual([
      'error call.input_unmapped /nodes/1/config/inputs/customer',
      'error call.input_unknown /nodes/1/config/inputs/colour',
    ])
    expect(messages(callerFlow({ inputs: { customer: 'x', colour: 'red' }, reads: 'ok' }), verifyFlow())).toEqual([
      "'call_verify' maps 'colour', which 'Verify phone' does not take. Its inputs: customer, country, note.",
    ])
  })

  it('refuses recursion, direct or through other flows, naming the cycle', () => {
    const self = callerFlow({ flowId: 'flw_orders', reads: 'ok', inputs: {} })
    self.interface = { inputs: [], outputs: [] }
    expect(callProblems(self)).toEqual(['error call.cycle /nodes/1/config/flowId'])
    expect(messages(self)[0]).toBe(
      "'call_verify' makes the flows call each other round: Orders → Orders. A flow may not call itself, directly or through other flows.",
    )
    // Orders → Verify → Checkout → Orders.
    const orders = callerFlow({ reads: 'ok' })
    orders.interface = { inputs: [], outputs: [] }
    const verify = verifyFlow()
    const checkout = callerFlow({ id: 'flw_checkout', name: 'Checkout', flowId: 'flw_orders', inputs: {}, reads: 'ok' })
    checkout.interface = { inputs: [], outputs: [] }
    verify.nodes.push({ ...checkout.nodes[1]!, id: 'n_call_checkout', name: 'call_checkout' })
    verify.nodes.at(-1)!.config = { flowId: 'flw_checkout', inputs: {} }
    verify.edges = verify.edges.map((e) =>
      e.sourcePort === 'out' && e.source === 'n_ask_phone' ? { ...e, target: 'n_call_checkout' } : e,
    )
    verify.edges.push({ id: 'e_back', source: 'n_call_checkout', sourcePort: 'done', target: 'n_end_ok' })
    expect(callProblems(orders, verify, checkout)).toContain('error call.cycle /nodes/1/config/flowId')
    expect(messages(orders, verify, checkout)).toContain(
      "'call_verify' makes the flows call each other round: Orders → Verify phone → Checkout → Orders. A flow may not call itself, directly or through other flows.",
    )
    expect(
      findCycles(callGraph(catalogueOf([orders, verify, checkout, callerFlow({ id: 'flw_x' })]), flowCalls)),
    ).toEqual([['flw_orders', 'flw_verify', 'flw_checkout', 'flw_orders']])
  })

  it("checks a callable flow's own Ends against its interface", () => {
    const doc = verifyFlow()
    doc.nodes[2]!.config = { returns: { phone: '{{phone_given}}', verified: 'true', extra: '1' } }
    expect(callProblems(doc)).toEqual([
      'error end.return_unknown /nodes/2/config/returns/extra',
      'warning end.return_missing /nodes/3/config',
    ])
    expect(messages(doc)[1]).toBe(
      "'end_gave_up' returns no 'phone', so a call that ends here fails (no_return). Path: trigger_1 → ask_phone (No valid answer) → end_gave_up.",
    )
  })
})

describe('the call graph', () => {
  it('lists the callers of a flow with the calling nodes, not the flow itself', () => {
    const flows = catalogueOf([verifyFlow(), callerFlow(), callerFlow({ id: 'flw_b', name: 'Billing' })])
    expect(callersOfFlow(flows, 'flw_verify')).toEqual([
      { flowId: 'flw_orders', flowName: 'Orders', nodes: ['call_verify'] },
      { flowId: 'flw_b', flowName: 'Billing', nodes: ['call_verify'] },
    ])
    expect(callersOfFlow(flows, 'flw_orders')).toEqual([])
  })
})

describe('variables through calls', () => {
  it("offers the callee's outputs under the call node's name, and a callable flow its inputs", () => {
    const caller = callerFlow()
    const at = (flows?: ReturnType<typeof catalogueOf>) =>
      variablesAt(caller, 'n_thanks', buildGraph(caller), flows)
        .filter((v) => v.nodeName === 'call_verify')
        .map((v) => `${v.path}: ${v.description}`)
    expect(at(catalogueOf([verifyFlow()]))).toEqual([
      'call_verify.error: On failure: { code, message }',
      expect.stringMatching(/^call_verify\.error\.code: /),
      'call_verify.error.message: On failure: the reason in a sentence',
      'call_verify.phone: The phone number given',
      "call_verify.verified: Output of the flow 'Verify phone'",
    ])
    // Unknown callee: the node's output is open, nothing more is claimed.
    expect(at()).toContain('call_verify: Outputs of the flow it calls')
    const callee = verifyFlow()
    expect(
      variablesAt(callee, 'n_ask_phone', buildGraph(callee))
        .filter((v) => v.source === 'input')
        .map((v) => v.path),
    ).toEqual(['customer', 'country', 'note'])
  })
})
