// The emulator runs through calls (docs/engine.md, "Calls"): a Call Flow node calls the latest saved revision of
// its callee from the studio's store, the callee asks the customer, the step's flow and depth reach the Flow Logs,
// and the Tests tab plays a call mocked or for real. Real back end, real SQLite file.
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { FlowDocument } from '../../../shared/flow/document'
import { caller, verify } from '../../../shared/engine/testing/calls'
import type { RequestOf } from '../../../shared/api'
import type { Backend } from '../backend'
import { createTempBackend, expectOk, type TempBackend } from '../testing/backend'

let temp: TempBackend
let api: Backend

beforeEach(() => {
  temp = createTempBackend({ now: () => Date.UTC(2026, 0, 1, 9) })
  api = temp.backend
})
afterEach(() => temp.cleanup())

/** Saves `doc` as a new studio flow under the id the store gives it. */
async function saved(make: (id: string) => FlowDocument, name: string): Promise<FlowDocument> {
  const created = expectOk(await api.call('flows.create', { name }))
  const document = make(created.id)
  expectOk(await api.call('flows.save', { document, expectedRevision: created.revision }))
  return document
}

async function setUp() {
  const callee = await saved((id) => ({ ...verify, id, name: 'Verify' }), 'Verify')
  const shop = await saved(
    (id) => ({ ...caller(callee.id, { phone: '{{customer_phone}}' }), id, name: 'Shop' }),
    'Shop',
  )
  const t = { flowId: shop.id, contactId: expectOk(await api.call('emulator.contact', {})).id }
  return { callee, shop, t }
}

const bodies = (messages: { direction: string; payload: unknown }[]) =>
  messages.filter((m) => m.direction === 'out').map((m) => (m.payload as { text?: { body: string } }).text?.body ?? '')

describe('the emulator through a call', () => {
  it("runs the callee's latest saved revision, waits in it, and returns to the caller with its outputs", async () => {
    const { callee, t } = await setUp()
    const started = expectOk(await api.call('emulator.start', { ...t, trigger: { kind: 'keyword', text: 'shop' } }))
    expect(started.session.run).toMatchObject({ status: 'paused', waitingNodeId: 'n_ask', waitingFlowId: callee.id })
    expect(bodies(started.session.messages)).toEqual([expect.stringMatching(/^Hello \+\d+; secret: \.$/), 'Code?'])

    // A later revision of the callee is what the next step of the run reads: the studio calls the latest.
    const edited = structuredClone(callee)
    edited.nodes.find((n) => n.name === 'end_ok')!.config = { returns: { code: '{{code}}-v2', phone: '{{phone}}' } }
    expectOk(await api.call('flows.save', { document: edited }))

    const answered = expectOk(await api.call('emulator.send', { ...t, event: { type: 'text', text: '1234' } }))
    expect(answered.session.run).toMatchObject({ status: 'ended', waitingFlowId: null })
    expect(bodies(answered.session.messages).at(-1)).toMatch(/^Got 1234-v2 for \+\d+ \(\)$/)

    // The Flow Logs keep each step's flow and depth (read back from the store, not from the step in memory).
    const log = expectOk(await api.call('logs.run', { runId: started.session.run!.id }))
    expect(log.trace.map((e) => [e.nodeName, e.phase, e.port, e.flowId ?? null, e.depth ?? 0])).toEqual([
      ['trigger_1', 'run', 'out', null, 0],
      ['call_verify', 'run', null, null, 0],
      ['hello', 'run', 'out', callee.id, 1],
      ['ask', 'run', null, callee.id, 1],
      ['ask', 'resume', 'out', callee.id, 1],
      ['end_ok', 'run', null, callee.id, 1],
      ['call_verify', 'resume', 'done', null, 0],
      ['done', 'run', 'out', null, 0],
    ])
    expect(log.trace[2]!.input).toEqual({ vars: expect.objectContaining({ phone: expect.any(String) }) })
  })

  it('a deleted callee leaves the call by failed with callee_missing', async () => {
    const { callee, t } = await setUp()
    expectOk(await api.call('flows.delete', { id: callee.id }))
    const started = expectOk(await api.call('emulator.start', { ...t, trigger: { kind: 'keyword', text: 'shop' } }))
    expect(bodies(started.session.messages)).toEqual(['Failed: callee_missing'])
  })

  it('saved conversation tests play the call for real, or mocked by the call node name', async () => {
    const { t } = await setUp()
    expectOk(await api.call('emulator.start', { ...t, trigger: { kind: 'keyword', text: 'shop' } }))
    expectOk(await api.call('emulator.send', { ...t, event: { type: 'text', text: '77' } }))
    const real = expectOk(await api.call('emulator.saveTest', { ...t, name: 'through the call' }))
    expect(real.yaml).toContain('user: "77"')
    const mocks: RequestOf<'emulator.start'>['mocks'] = { call_verify: { outputs: { code: 'M', phone: '+1' } } }
    const played = expectOk(
      await api.call('emulator.start', { ...t, trigger: { kind: 'keyword', text: 'shop' }, mocks }),
    )
    expect(bodies(played.session.messages).at(-1)).toBe('Got M for +1 ()')
    const mocked = expectOk(await api.call('emulator.saveTest', { ...t, name: 'mocked call', mocks }))
    expect(mocked.yaml).toContain('call_verify')
    const results = expectOk(await api.call('emulator.runTests', { flowId: t.flowId }))
    expect(results.map((r) => [r.name, r.lastRun?.passed, r.lastRun?.failures])).toEqual([
      ['mocked call', true, []],
      ['through the call', true, []],
    ])
  })
})
