// Calls on a production server (docs/engine.md, "Calls"), on both stores: the callee is the running version of the
// flow it names, the run waits inside it across messages and wakes, the trace keeps each step's flow and depth, and a
// callee that is not published fails the call.
import { expect, it } from 'vitest'
import { createEffects } from '../../shared/engine'
import { callable, shop, verify } from '../../shared/engine/testing/calls'
import type { MemoryAdapter } from './adapters/log-adapter'
import { describeEachStore } from './testing/stores'
import { testRuntime, text } from './testing/runtime-fixtures'

const bodies = (adapter: MemoryAdapter, phone: string) =>
  adapter.to(phone).map((e) => (e.message as { text?: { body: string } }).text?.body ?? e.message.type)

describeEachStore('runtime calls', (c) => {
  it('runs the published callee: waits in it, goes on with its outputs, and logs each step with its flow and depth', async () => {
    const { store } = await c.open()
    await store.publish(verify)
    await store.publish(shop)
    const { runtime, adapter } = testRuntime(store)
    const phone = '+919800000001'
    const first = await runtime.inbound({ ...text(phone, 'shop'), name: 'Asha' })
    expect(first).toMatchObject({ action: 'started', state: 'paused' })
    // The callee's own next version is what the next step reads: the running version (until pins).
    await store.publish({
      ...verify,
      nodes: verify.nodes.map((n) =>
        n.name === 'end_ok' ? { ...n, config: { returns: { code: '{{code}}-v2', phone: '{{phone}}' } } } : n,
      ),
    })
    expect(await runtime.inbound(text(phone, '1234'))).toMatchObject({ action: 'resumed', state: 'ended' })
    await runtime.idle()
    expect(bodies(adapter as MemoryAdapter, phone)).toEqual([
      'Hello +919800000001; secret: .',
      'Code?',
      'Got 1234-v2 for +919800000001 ()',
    ])
    const trace = await store.trace(first.runId!)
    expect(trace.map((t) => [t.nodeName, t.phase, t.flowId ?? null, t.depth ?? 0])).toEqual([
      ['trigger_1', 'run', null, 0],
      ['call_verify', 'run', null, 0],
      ['hello', 'run', 'f_verify', 1],
      ['ask', 'run', 'f_verify', 1],
      ['ask', 'resume', 'f_verify', 1],
      ['end_ok', 'run', 'f_verify', 1],
      ['call_verify', 'resume', null, 0],
      ['done', 'run', null, 0],
    ])
    await runtime.close()
  })

  it('a Wait inside the callee is woken by the server, which finds the callee again', async () => {
    const { store } = await c.open()
    let now = Date.UTC(2026, 0, 1, 9)
    const later = callable(
      [
        { type: 'trigger', name: 'trigger_1', config: { kind: 'manual' } },
        { type: 'wait', name: 'wait_1', config: { mode: 'duration', duration: '1h' } },
        { type: 'end', name: 'end_1', config: { returns: { code: 'late', phone: '{{phone}}' } } },
      ],
      [
        ['trigger_1', 'out', 'wait_1'],
        ['wait_1', 'out', 'end_1'],
      ],
      { id: 'f_verify' },
      { inputs: [{ name: 'phone', required: true }], outputs: [{ name: 'code' }, { name: 'phone' }] },
    )
    await store.publish(later)
    await store.publish(shop)
    const effects = createEffects({ clock: { now: () => now } })
    const { runtime, adapter } = testRuntime(store, undefined, { effects })
    const phone = '+919800000003'
    expect(await runtime.inbound(text(phone, 'shop'))).toMatchObject({ state: 'paused' })
    now += 3_600_000
    expect(await runtime.runDue()).toBe(1)
    await runtime.idle()
    expect(bodies(adapter as MemoryAdapter, phone)).toEqual(['Got late for +919800000003 ()'])
    await runtime.close()
  })

  it("a saved test's mock of the call (the runtime's replay of tests) stands in for the callee", async () => {
    const { store } = await c.open()
    await store.publish(shop)
    const policy = { mocks: { call_verify: { outputs: { code: 'M', phone: '+1' } } } }
    const { runtime, adapter } = testRuntime(store, undefined, { tests: { policy, onCall: () => undefined } })
    const phone = '+919800000004'
    expect(await runtime.inbound(text(phone, 'shop'))).toMatchObject({ state: 'ended' })
    await runtime.idle()
    expect(bodies(adapter as MemoryAdapter, phone)).toEqual(['Got M for +1 ()'])
    await runtime.close()
  })

  it('a callee that is not published fails the call by its failed port', async () => {
    const { store } = await c.open()
    await store.publish(shop)
    const { runtime, adapter } = testRuntime(store)
    const phone = '+919800000002'
    expect(await runtime.inbound(text(phone, 'shop'))).toMatchObject({ action: 'started', state: 'ended' })
    await runtime.idle()
    expect(bodies(adapter as MemoryAdapter, phone)).toEqual(['Failed: callee_missing'])
    await runtime.close()
  })
})
