import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { buildFlow } from '../../../shared/engine/testing/fixtures'
import { createTempBackend, expectOk, type TempBackend } from '../testing/backend'

let t: TempBackend
beforeEach(() => {
  t = createTempBackend({ log: () => {} })
})
afterEach(() => t.cleanup())

async function savedFlow() {
  const created = expectOk(await t.backend.call('flows.create', {}))
  const doc = buildFlow(
    [
      { type: 'trigger', name: 'trigger_1', config: { kind: 'manual' } },
      { type: 'message', name: 'message_1', config: { text: 'Hello {{customer_name}}' } },
    ],
    [['trigger_1', 'out', 'message_1']],
    { id: created.id, name: created.name },
  )
  expectOk(await t.backend.call('flows.save', { document: doc }))
  return created.id
}

describe('manual commands', () => {
  it('starts a flow and reports per contact; a sixth contact is refused as a whole with a clear message', async () => {
    const flowId = await savedFlow()
    const r = expectOk(await t.backend.call('manual.trigger', { flowId, contacts: [{ phone: '+919800000001' }] }))
    // A number the studio has never heard from: its window is closed and the first message is free-form.
    expect(r.results[0]).toMatchObject({ status: 'blocked', error: { code: 'outside_window' }, cost: 0 })
    expect(r.totalCost).toBe(0)
    const six = Array.from({ length: 6 }, (_, i) => ({ phone: `+91980000010${i}` }))
    const refused = await t.backend.call('manual.trigger', { flowId, contacts: six })
    expect(refused.ok ? null : refused.error).toMatchObject({
      code: 'too_many_contacts',
      message: expect.stringContaining('at most 5 contacts'),
    })
  })

  it('keeps the credit rule in the settings across a restart', async () => {
    expect(expectOk(await t.backend.call('manual.creditRule', {})).rule).toEqual({
      MARKETING: 2,
      UTILITY: 1,
      AUTHENTICATION: 1,
      utilityFreeInWindow: true,
    })
    expectOk(
      await t.backend.call('manual.setCreditRule', {
        rule: { MARKETING: 3.5, UTILITY: 1, AUTHENTICATION: 0.5, utilityFreeInWindow: false },
      }),
    )
    const b = await t.reopen()
    expect(expectOk(await b.call('manual.creditRule', {})).rule).toEqual({
      MARKETING: 3.5,
      UTILITY: 1,
      AUTHENTICATION: 0.5,
      utilityFreeInWindow: false,
    })
    const bad = await b.call('manual.setCreditRule', { rule: { MARKETING: -1 } })
    expect(bad.ok ? null : bad.error.code).toBe('bad_request')
  })
})
