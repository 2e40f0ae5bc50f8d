// "Generate tests" in the studio through calls: the flow's calls run into the studio's flows, the callee's branches
// are explored through them and reported for the callee, and the tests saved pass when the Tests tab runs them.
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { callerFlow, verifyFlow } from '../../../shared/analysis/testing/call-flows'
import type { FlowDocument } from '../../../shared/flow/document'
import { createTempBackend, expectOk, type TempBackend } from '../testing/backend'

let t: TempBackend
beforeEach(() => {
  t = createTempBackend({ log: () => {} })
})
afterEach(() => t.cleanup())

async function store(doc: FlowDocument, ids: Map<string, string>): Promise<string> {
  const created = expectOk(await t.backend.call('flows.create', { name: doc.name }))
  ids.set(doc.id, created.id)
  const text = [...ids].reduce((s, [from, to]) => s.replaceAll(`"${from}"`, `"${to}"`), JSON.stringify(doc))
  expectOk(await t.backend.call('flows.save', { document: JSON.parse(text) as FlowDocument }))
  return created.id
}

describe('Generate tests through calls', () => {
  it('explores the callee through the call and counts its branches for it; the saved tests pass', async () => {
    const ids = new Map<string, string>()
    const verify = await store(verifyFlow(), ids)
    const orders = await store(callerFlow(), ids)
    const suite = expectOk(await t.backend.call('emulator.generateTests', { flowId: orders }))
    expect({ covered: suite.covered, total: suite.total, unreached: suite.unreached }).toEqual({
      covered: 5,
      total: 5,
      unreached: [],
    })
    expect(suite.flows).toEqual([
      { flowId: orders, flowName: 'Orders', covered: 5, total: 5 },
      { flowId: verify, flowName: 'Verify phone', covered: 3, total: 3 },
    ])
    expect(suite.tests.length).toBeGreaterThan(0)
    expect(suite.tests.every((x) => x.lastRun?.passed)).toBe(true)
    // The runs the tests played count for the callee's coverage too.
    expect(expectOk(await t.backend.call('emulator.coverage', { flowId: verify })).percent).toBe(100)
  })
})
