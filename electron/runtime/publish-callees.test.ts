// Issue 30: a publish carries the caller's callees; each store keeps, per caller version, the callee versions it
// was published with, and a call on the runtime runs those (pinned), whatever was published of the callee since.
import { afterEach, expect, it } from 'vitest'
import type { FlowDocument } from '../../shared/flow/document'
import { callingFlow } from '../../shared/analysis/testing/call-graph'
import { runtimeFlowSource } from './flow-source'
import { storePublishTarget } from './publish-target'
import type { RuntimeStore } from './store'
import { describeEachStore } from './testing/stores'

const verify = (text = 'v1') => callingFlow('flw_verify', ['flw_sms'], { name: 'Verify phone', text })
const sms = (text = 's1') => callingFlow('flw_sms', [], { name: 'Send code', text })
const appointment = (text = 'a1') => callingFlow('flw_appointment', ['flw_verify'], { name: 'Appointment', text })
const textOf = (doc: FlowDocument | undefined) => doc?.nodes.find((n) => n.name === 'say')!.config.text

describeEachStore('publishing with callees', (c) => {
  let store: RuntimeStore | undefined
  afterEach(async () => {
    await store?.close()
    store = undefined
  })
  const open = async () => {
    store = (await c.open()).store
    return { store, target: storePublishTarget(store) }
  }
  const ok = async <T>(r: Promise<{ ok: true; value: T } | { ok: false; error: { code: string } }>) => {
    const out = await r
    if (!out.ok) throw new Error(JSON.stringify(out.error))
    return out.value
  }

  it('stores each callee once, pins it to the caller version, and runs only the caller', async () => {
    const { store, target } = await open()
    const v = await ok(target.receive(appointment(), undefined, [sms(), verify()]))
    expect(v).toMatchObject({ flowId: 'flw_appointment', version: 1, active: true })
    expect(v.dependencies).toEqual([
      { flowId: 'flw_sms', name: 'Send code', version: 1, reused: false },
      { flowId: 'flw_verify', name: 'Verify phone', version: 1, reused: false },
    ])
    // A callee is stored, not made the flow it runs on its own: its triggers stay as they were.
    expect((await store.versions('flw_verify')).map((x) => [x.version, x.active])).toEqual([[1, false]])
    expect(await store.runningFlow('flw_verify')).toBeNull()
    expect((await store.runningFlows()).map((d) => d.id)).toEqual(['flw_appointment'])
    expect(textOf((await store.calledFlow('flw_appointment', null, 'flw_verify'))?.doc)).toBe('v1')
    expect(await store.calledFlow('flw_verify', 1, 'flw_sms')).toMatchObject({ version: 1 })
    expect(await store.calledFlow('flw_appointment', null, 'flw_sms')).toBeNull()
  })

  it('a later publish of the callee changes nothing for the caller; publishing the caller again pins the new one', async () => {
    const { store, target } = await open()
    await ok(target.receive(appointment(), undefined, [sms(), verify()]))
    // The callee published on its own, changed: version 2 runs for itself; the caller keeps version 1.
    await ok(target.receive(verify('v2'), undefined, [sms()]))
    expect((await store.versions('flw_verify')).map((x) => [x.version, x.active])).toEqual([
      [2, true],
      [1, false],
    ])
    expect((await store.calledFlow('flw_appointment', null, 'flw_verify'))?.version).toBe(1)
    // The caller again, with the studio's callees: the changed one is pinned at 2, the unchanged sms reused.
    const v2 = await ok(target.receive(appointment('a2'), undefined, [sms(), verify('v2')]))
    expect(v2.dependencies).toEqual([
      { flowId: 'flw_sms', name: 'Send code', version: 1, reused: true },
      { flowId: 'flw_verify', name: 'Verify phone', version: 2, reused: true },
    ])
    expect((await store.calledFlow('flw_appointment', null, 'flw_verify'))?.version).toBe(2)
    expect((await store.calledFlow('flw_appointment', 1, 'flw_verify'))?.version).toBe(1)
    expect((await store.versions('flw_sms')).length).toBe(1)
    // Rolling the caller back runs the callees it was published with.
    await ok(target.rollback('flw_appointment', 1))
    expect(textOf((await store.calledFlow('flw_appointment', null, 'flw_verify'))?.doc)).toBe('v1')
  })

  it('a callee whose own callee changed gets a new version even with the same document', async () => {
    const { store, target } = await open()
    await ok(target.receive(appointment(), undefined, [sms(), verify()]))
    const v = await ok(target.receive(appointment('a2'), undefined, [sms('s2'), verify()]))
    expect(v.dependencies).toEqual([
      { flowId: 'flw_sms', name: 'Send code', version: 2, reused: false },
      { flowId: 'flw_verify', name: 'Verify phone', version: 2, reused: false },
    ])
    expect(await store.calledFlow('flw_verify', 2, 'flw_sms')).toMatchObject({ version: 2 })
    expect(await store.calledFlow('flw_verify', 1, 'flw_sms')).toMatchObject({ version: 1 })
  })

  it('refuses a publish whose callee is neither sent nor on the server, storing nothing', async () => {
    const { store, target } = await open()
    const out = await target.receive(appointment(), undefined, [verify()])
    expect(out.ok).toBe(false)
    expect(!out.ok && out.error).toMatchObject({
      code: 'callee_missing',
      message: expect.stringContaining(
        'Flow "Verify phone" calls flow flw_sms, which this server does not have and the publish did not carry.',
      ),
    })
    for (const id of ['flw_appointment', 'flw_verify', 'flw_sms']) expect(await store.versions(id)).toEqual([])
    // Not sent but running there: pinned at its running version.
    await ok(target.receive(sms()))
    const v = await ok(target.receive(appointment(), undefined, [verify()]))
    expect(v.dependencies).toContainEqual({ flowId: 'flw_sms', name: 'Send code', version: 1, reused: true })
  })

  it('refuses calls in a circle and a callee that does not validate, naming them', async () => {
    const { target } = await open()
    const loop = await target.receive(appointment(), undefined, [
      callingFlow('flw_verify', ['flw_appointment'], { name: 'Verify phone' }),
    ])
    expect(!loop.ok && loop.error).toMatchObject({
      code: 'call_cycle',
      message: expect.stringContaining('flw_appointment → flw_verify → flw_appointment'),
    })
    const bad = { ...verify(), nodes: verify().nodes.map((n) => (n.name === 'say' ? { ...n, name: '1bad' } : n)) }
    const refused = await target.receive(appointment(), undefined, [sms(), bad])
    expect(!refused.ok && refused.error.code).toBe('invalid_flow')
    expect(!refused.ok && refused.error.message).toContain(
      'Flow flw_verify, which this flow calls, cannot be published',
    )
    expect(!refused.ok && refused.error.issues?.[0]?.path.slice(0, 2)).toEqual(['dependencies', 1])
  })

  // The calls are checked against the callees they will run: those sent, and a callee not sent as the server runs it.
  it('refuses calls that do not fit their callee (invalid_call), storing nothing', async () => {
    const { store, target } = await open()
    const needsPhone = (text = 'v1') => ({
      ...verify(text),
      interface: { inputs: [{ name: 'phone', required: true }], outputs: [{ name: 'code' }] },
    })
    // A required input the caller does not map.
    const unmapped = await target.receive(appointment(), undefined, [sms(), needsPhone()])
    expect(!unmapped.ok && unmapped.error).toMatchObject({
      code: 'invalid_call',
      message: expect.stringMatching(
        /^Flow "Appointment" cannot be published with the flows it calls: 'call_1' gives 'Verify phone' nothing for its required input 'phone'/,
      ),
    })
    expect(!unmapped.ok && unmapped.error.issues?.[0]?.path).toEqual([
      'document',
      'nodes',
      '2',
      'config',
      'inputs',
      'phone',
    ])
    // An output read that the callee never returns (it declares no such output).
    const reads = (out: string) => {
      const doc = appointment()
      doc.nodes = doc.nodes.map((n) =>
        n.type === 'call_flow'
          ? { ...n, config: { flowId: 'flw_verify', inputs: { phone: '{{customer_phone}}' } } }
          : n,
      )
      // A message after the call reads the output: call_1 → after → end_1.
      doc.nodes.push({ ...doc.nodes[1]!, id: 'n_after', name: 'after', config: { text: `Code {{call_1.${out}}}` } })
      doc.edges = [
        ...doc.edges.map((e) => (e.source === 'n_call_1' ? { ...e, target: 'n_after' } : e)),
        { id: 'e_after', source: 'n_after', sourcePort: 'out', target: 'n_end' },
      ]
      return doc
    }
    const unknown = await target.receive(reads('pin'), undefined, [sms(), needsPhone()])
    expect(!unknown.ok && unknown.error.code).toBe('invalid_call')
    expect(!unknown.ok && unknown.error.message).toContain('call_1.pin')
    for (const id of ['flw_appointment', 'flw_verify', 'flw_sms']) expect(await store.versions(id)).toEqual([])
    // A callee not sent is checked as the server runs it: published on its own, then a caller that fits it.
    await ok(target.receive(needsPhone(), undefined, [sms()]))
    expect((await target.receive(reads('pin'))).ok).toBe(false)
    expect(await ok(target.receive(reads('code')))).toMatchObject({ version: 1 })
  })

  it("a run's calls load the pinned versions through the contact's transaction (the runtime's FlowSource)", async () => {
    const { store, target } = await open()
    await ok(target.receive(appointment(), undefined, [sms(), verify()]))
    await ok(target.receive(verify('v2'), undefined, [sms()]))
    await store.withContact('+919800000077', 'Asha', async (tx) => {
      const flows = runtimeFlowSource(tx)
      const first = await flows.load('flw_verify', { flowId: 'flw_appointment', revision: null })
      expect(first && [textOf(first.doc), first.revision]).toEqual(['v1', '1'])
      const nested = await flows.load('flw_sms', { flowId: 'flw_verify', revision: first!.revision })
      expect(nested?.revision).toBe('1')
      expect(await flows.load('flw_other', { flowId: 'flw_appointment', revision: null })).toBeNull()
      expect(await flows.load('flw_verify', { flowId: 'flw_appointment', revision: 'x' })).toBeNull()
      await tx.commit({ steps: [] })
    })
  })
})
