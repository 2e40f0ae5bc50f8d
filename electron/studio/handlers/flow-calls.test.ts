// Calls between stored flows: who calls a flow (listed before renaming or deleting it) and the editor's catalogue of
// what a document calls, through the real back end and SQLite.
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { callerFlow, verifyFlow } from '../../../shared/analysis/testing/call-flows'
import { validateFlow } from '../../../shared/analysis/validate'
import { catalogueOf } from '../../../shared/flow/catalogue'
import type { FlowDocument } from '../../../shared/flow/document'
import { createTempBackend, expectOk, type TempBackend } from '../testing/backend'

let t: TempBackend
beforeEach(() => {
  t = createTempBackend({ log: () => {} })
})
afterEach(() => t.cleanup())

/** Stores `doc` under a new flow's id, with every flow id it names mapped through `ids`. */
async function store(doc: FlowDocument, ids: Map<string, string>): Promise<string> {
  const created = expectOk(await t.backend.call('flows.create', { name: doc.name }))
  ids.set(doc.id, created.id)
  const text = JSON.stringify({ ...doc, id: created.id })
  const mapped = [...ids].reduce((s, [from, to]) => s.replaceAll(`"${from}"`, `"${to}"`), text)
  expectOk(await t.backend.call('flows.save', { document: JSON.parse(mapped) as FlowDocument }))
  return created.id
}

describe('flows.callers and flows.callees', () => {
  it('lists the callers of a flow, and they are gone once the caller is deleted', async () => {
    const ids = new Map<string, string>()
    const verify = await store(verifyFlow(), ids)
    const orders = await store(callerFlow(), ids)
    const billing = await store(callerFlow({ id: 'flw_billing', name: 'Billing' }), ids)
    const callers = expectOk(await t.backend.call('flows.callers', { id: verify }))
    expect([...callers].sort((a, b) => a.flowName.localeCompare(b.flowName))).toEqual([
      { flowId: billing, flowName: 'Billing', nodes: ['call_verify'] },
      { flowId: orders, flowName: 'Orders', nodes: ['call_verify'] },
    ])
    expectOk(await t.backend.call('flows.delete', { id: billing }))
    expect(expectOk(await t.backend.call('flows.callers', { id: verify })).map((c) => c.flowName)).toEqual(['Orders'])
    expect(expectOk(await t.backend.call('flows.callers', { id: orders }))).toEqual([])
    const missing = await t.backend.call('flows.callers', { id: 'flw_nope' })
    expect(missing.ok ? null : missing.error.code).toBe('not_found')
  })

  it("gives the editor the document's callees as stored, so its calls are checked against them", async () => {
    const ids = new Map<string, string>()
    const verify = await store(verifyFlow(), ids)
    const orders = expectOk(await t.backend.call('flows.get', { id: await store(callerFlow(), ids) })).document
    const callees = expectOk(await t.backend.call('flows.callees', { document: orders }))
    expect(callees.map((d) => d.id)).toEqual([verify])
    const problems = validateFlow(orders, { flows: catalogueOf([...callees, orders]) }).map((p) => p.code)
    expect(problems).toEqual(['call.output_unset'])
    // Deleted: the editor gets no callee, and the call is reported as unknown.
    expectOk(await t.backend.call('flows.delete', { id: verify }))
    const none = expectOk(await t.backend.call('flows.callees', { document: orders }))
    expect(none).toEqual([])
    expect(validateFlow(orders, { flows: catalogueOf([orders]) }).map((p) => p.code)).toEqual(['call.unknown_flow'])
  })
})
