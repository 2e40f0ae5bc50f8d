// The runtime's sweeps on each store: expired paused runs closed by the studio's rule (once, even with two
// instances sweeping together), retention of finished runs with everything hanging off them, and both timers.
import { expect, it } from 'vitest'
import { createEffects, WINDOW_MS } from '../../shared/engine'
import type { ChannelAdapter } from './adapters/adapter'
import { DeliveryError } from './adapters/adapter'
import { MemoryAdapter } from './adapters/log-adapter'
import { applyRetention } from './housekeeping'
import type { RuntimeStore } from './store'
import { exampleFlow, testRuntime, text } from './testing/runtime-fixtures'
import { describeEachStore } from './testing/stores'

const T0 = Date.UTC(2026, 0, 10, 9)
const HOUR = 3_600_000
const DAY = 24 * HOUR

/** A runtime whose engine clock reads `clock.now`, so a test can move it a day ahead. */
function clocked(
  store: RuntimeStore,
  clock: { now: number },
  opts: Parameters<typeof testRuntime>[2] = {},
  adapter: ChannelAdapter = new MemoryAdapter(),
) {
  return testRuntime(store, adapter, { effects: createEffects({ clock: { now: () => clock.now } }), ...opts }).runtime
}

describeEachStore('housekeeping', (c) => {
  it('closes the paused runs whose messaging window has closed, as expired, once', async () => {
    const { store } = await c.open()
    await store.publish(exampleFlow('age-gate'))
    const clock = { now: T0 }
    const runtime = clocked(store, clock)
    const old = await runtime.inbound(text('+919800000301', 'wine'))
    clock.now += 3 * HOUR
    const young = await runtime.inbound(text('+919800000302', 'wine'))
    clock.now = T0 + WINDOW_MS - 1
    expect(await runtime.expireStale()).toBe(0)
    clock.now = T0 + WINDOW_MS
    expect(await runtime.expireStale()).toBe(1)
    expect(await store.run(old.runId!)).toMatchObject({
      status: 'ended',
      endReason: 'expired',
      endedAt: T0 + WINDOW_MS,
    })
    expect(await store.run(young.runId!)).toMatchObject({ status: 'paused', endReason: null })
    expect(await runtime.expireStale()).toBe(0)
    // The customer writes after the window: a new conversation, not a resume of the expired one.
    expect(await runtime.inbound(text('+919800000301', '34'))).toMatchObject({ action: 'ignored' })
    clock.now += 3 * HOUR
    expect(await runtime.expireStale()).toBe(1)
    expect(await store.run(young.runId!)).toMatchObject({ status: 'ended', endReason: 'expired' })
    await runtime.close()
  })

  it('two instances sweeping at once close each expired run once', async () => {
    const opened = await c.open()
    await opened.store.publish(exampleFlow('age-gate'))
    const clock = { now: T0 }
    const a = clocked(opened.store, clock)
    const runs = await Promise.all(
      Array.from({ length: 12 }, (_, i) => a.inbound(text(`+9198000004${String(i).padStart(2, '0')}`, 'wine'))),
    )
    clock.now = T0 + WINDOW_MS + 1
    const b = clocked(c.kind === 'postgres' ? await opened.reopen() : opened.store, clock)
    const [x, y] = await Promise.all([a.expireStale(), b.expireStale()])
    expect(x + y).toBe(runs.length)
    for (const r of runs)
      expect(await opened.store.run(r.runId!)).toMatchObject({ status: 'ended', endReason: 'expired' })
    await b.close()
    await a.close()
  })

  it('the expiry timer closes an expired run without being asked', async () => {
    const { store } = await c.open()
    await store.publish(exampleFlow('age-gate'))
    const clock = { now: T0 }
    const runtime = clocked(store, clock, { housekeeping: { expiryEveryMs: 50 } })
    const paused = await runtime.inbound(text('+919800000501', 'wine'))
    clock.now += WINDOW_MS
    await expect.poll(async () => (await store.run(paused.runId!))?.endReason, { timeout: 10_000 }).toBe('expired')
    await runtime.close()
  })

  it('retention deletes finished runs older than N days with their trace, messages, outbox and failures, in batches', async () => {
    const { store } = await c.open()
    await store.publish(exampleFlow('age-gate'))
    const clock = { now: T0 - 40 * DAY }
    const refuseThanks: ChannelAdapter = {
      name: 'refusing',
      async send(e) {
        if (e.message.type === 'text' && (e.message as { text: { body: string } }).text.body.startsWith('Thanks'))
          throw new DeliveryError('the endpoint answered 400', false)
      },
    }
    const runtime = clocked(store, clock, {}, refuseThanks)
    const old: string[] = []
    for (const phone of ['+919800000601', '+919800000602', '+919800000603']) {
      old.push((await runtime.inbound(text(phone, 'wine', `wamid.old.${phone}`))).runId!)
      await runtime.inbound(text(phone, '30'))
    }
    const stillPaused = await runtime.inbound(text('+919800000604', 'wine'))
    clock.now = T0
    const recent = await runtime.inbound(text('+919800000605', 'wine'))
    await runtime.inbound(text('+919800000605', '30'))
    await runtime.idle()
    expect(await store.deliveryFailures(old[0]!)).toHaveLength(1)
    expect(await runtime.inbound(text('+919800000601', 'wine', 'wamid.old.+919800000601'))).toMatchObject({
      status: 'duplicate',
    })

    expect(await applyRetention(store, 30, T0, 2)).toEqual({ runs: 3, inboundIds: 7 })
    for (const id of old) {
      expect(await store.run(id)).toBeNull()
      expect([
        await store.trace(id),
        await store.messages(id),
        await store.outbox(id),
        await store.deliveryFailures(id),
      ]).toEqual([[], [], [], []])
    }
    expect(await store.run(stillPaused.runId!)).toMatchObject({ status: 'paused' })
    expect(await store.run(recent.runId!)).toMatchObject({ status: 'ended' })
    expect((await store.trace(recent.runId!)).length).toBeGreaterThan(0)
    expect(await store.outbox(recent.runId!)).toHaveLength(2)
    // The old message id is forgotten: a redelivery now is processed as new.
    expect(await runtime.inbound(text('+919800000601', 'wine', 'wamid.old.+919800000601'))).toMatchObject({
      status: 'processed',
      action: 'started',
    })
    expect(await applyRetention(store, 30, T0)).toEqual({ runs: 0, inboundIds: 0 })
    await runtime.close()
  })

  it('the retention timer deletes old finished runs without being asked', async () => {
    const { store } = await c.open()
    await store.publish(exampleFlow('age-gate'))
    const clock = { now: T0 - 10 * DAY }
    const runtime = clocked(store, clock, {
      housekeeping: { expiryEveryMs: null, retentionDays: 7, retentionEveryMs: 50 },
    })
    const old = await runtime.inbound(text('+919800000701', 'wine'))
    await runtime.inbound(text('+919800000701', '30'))
    clock.now = T0
    await expect.poll(() => store.run(old.runId!), { timeout: 10_000 }).toBeNull()
    await runtime.close()
  })
})
