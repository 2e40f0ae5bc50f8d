// Coverage from the Flow Logs through calls: the callee's branches taken inside the caller's runs count for the
// callee, and never for the caller, even where node ids are the same in both flows.
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { callerFlow, verifyFlow } from '../../../shared/analysis/testing/call-flows'
import type { FlowDocument } from '../../../shared/flow/document'
import { createTempBackend, expectOk, type TempBackend } from '../testing/backend'

let temp: TempBackend
let now: number
beforeEach(() => {
  now = Date.UTC(2026, 0, 1, 9)
  temp = createTempBackend({ now: () => now, log: () => {} })
})
afterEach(() => temp.cleanup())

async function store(doc: FlowDocument, ids: Map<string, string>): Promise<string> {
  const created = expectOk(await temp.backend.call('flows.create', { name: doc.name }))
  ids.set(doc.id, created.id)
  const text = [...ids].reduce((s, [from, to]) => s.replaceAll(`"${from}"`, `"${to}"`), JSON.stringify(doc))
  expectOk(await temp.backend.call('flows.save', { document: JSON.parse(text) as FlowDocument }))
  return created.id
}

describe('coverage through calls', () => {
  it("counts the callee's branches taken in the caller's runs for the callee only", async () => {
    const api = temp.backend
    const ids = new Map<string, string>()
    // The callee's question has the id of the caller's `thanks`: only the flow a step ran in may count it.
    const callee = verifyFlow()
    callee.nodes[1]!.id = 'n_thanks'
    callee.edges = callee.edges.map((e) => ({
      ...e,
      source: e.source === 'n_ask_phone' ? 'n_thanks' : e.source,
      target: e.target === 'n_ask_phone' ? 'n_thanks' : e.target,
    }))
    const verify = await store(callee, ids)
    const orders = await store(callerFlow(), ids)
    const t = { flowId: orders, contactId: expectOk(await api.call('emulator.contact', {})).id }
    now += 1000
    expectOk(await api.call('emulator.start', { ...t, trigger: { kind: 'keyword', text: 'orders' } }))
    // The customer gives up at the callee's question: the call fails (no phone returned), the caller says sorry.
    for (let i = 0; i < 3; i++) expectOk(await api.call('emulator.send', { ...t, event: { type: 'text', text: '' } }))

    const covered = async (flowId: string) =>
      expectOk(await api.call('emulator.coverage', { flowId }))
        .branches.filter((b) => b.covered)
        .map((b) => `${b.nodeName}.${b.port}`)
    expect(await covered(verify)).toEqual(['trigger_1.out', 'ask_phone.failure'])
    expect(await covered(orders)).toEqual(['trigger_1.out', 'call_verify.failed', 'sorry.out'])
    const all = expectOk(await api.call('emulator.coverageAll', {}))
    expect(all[verify]).toBe(66)
    expect(all[orders]).toBe(60)
  })
})
