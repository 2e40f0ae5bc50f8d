// Runs waiting on time in the runtime (docs/runtime.md, "Time"), on each store, with a fake clock: a due run is
// woken once, through the conversation core, under the contact's lock; not before its time; a reply before the time
// answers and the wake then finds nothing due; a reply after it comes after the wake in the same transaction; a wake
// missed while the runtime was down runs when it starts again, and its report says how late.
import { afterEach, expect, it } from 'vitest'
import { createEffects } from '../../shared/engine'
import { buildFlow } from '../../shared/engine/testing/fixtures'
import { MemoryAdapter } from './adapters/log-adapter'
import type { Runtime } from './runtime'
import type { RuntimeStore } from './store'
import { orderTotalFlow } from '../services/webhook/testing/fixtures'
import { exampleFlow, testRuntime, text } from './testing/runtime-fixtures'
import { describeEachStore } from './testing/stores'
import { waitOnTime } from './testing/wait-fixtures'
import type { WakeReport } from './wakes'

const T0 = Date.UTC(2026, 0, 10, 9)
const MINUTE = 60_000
const flow = exampleFlow('age-gate')
const bodies = (adapter: MemoryAdapter) =>
  adapter.sent.map((e) => {
    const m = e.message as { text?: { body: string }; interactive?: { body: { text: string } } }
    return m.text?.body ?? m.interactive?.body.text ?? e.message.type
  })

describeEachStore('waking runs on time', (c) => {
  const open: Runtime[] = []
  afterEach(async () => {
    await Promise.all(open.splice(0).map((r) => r.close()))
  })

  async function setUp(store: RuntimeStore, clock: { now: number }, opts: Parameters<typeof testRuntime>[2] = {}) {
    const adapter = new MemoryAdapter()
    const { runtime } = testRuntime(store, adapter, {
      effects: createEffects({ clock: { now: () => clock.now } }),
      ...opts,
    })
    open.push(runtime)
    return { runtime, adapter }
  }

  it('wakes a due run once, at its time and not before, by the port its wait named', async () => {
    const { store } = await c.open()
    await store.publish(flow)
    const clock = { now: T0 }
    const { runtime, adapter } = await setUp(store, clock)
    const started = await runtime.inbound(text('+919800000501', 'wine'))
    const runId = await waitOnTime(store, flow, '+919800000501', T0 + 30 * MINUTE, 'failure')
    expect(runId).toBe(started.runId)
    clock.now = T0 + 30 * MINUTE - 1
    expect(await runtime.runDue()).toBe(0)
    clock.now = T0 + 30 * MINUTE
    expect(await runtime.runDue()).toBe(1)
    expect(await runtime.runDue()).toBe(0)
    await runtime.idle()
    expect(await store.run(runId)).toMatchObject({ status: 'ended', endReason: 'completed' })
    const wake = (await store.trace(runId)).find((t) => t.nodeName === 'ask_age' && t.phase === 'resume')
    expect(wake).toMatchObject({ port: 'failure' })
    expect(bodies(adapter).filter((b) => /Come back/.test(b))).toHaveLength(1)
    expect(await store.nextDue(clock.now)).toBeNull()
    // Delivered again (a second instance, a late timer): the core finds nothing due, nothing is written.
    expect(await runtime.forRun({ runId, phone: '+919800000501' }, { kind: 'wake' })).toMatchObject({ paused: null })
  })

  it("a Wait node's run: its due time from the node, kept on the run, woken at it by its out port", async () => {
    const { store } = await c.open()
    const waiting = buildFlow(
      [
        { type: 'trigger', name: 'trigger_1', config: { kind: 'keyword', keywords: ['later'], matchMode: 'exact' } },
        { type: 'wait', name: 'wait_1', config: { mode: 'duration', duration: '2h' } },
        { type: 'message', name: 'after', config: { text: 'Two hours on.' } },
        { type: 'end', name: 'end_1' },
      ],
      [
        ['trigger_1', 'out', 'wait_1'],
        ['wait_1', 'out', 'after'],
        ['after', 'out', 'end_1'],
      ],
      { id: 'flw_wait_node', name: 'Wait node' },
    )
    await store.publish(waiting)
    const clock = { now: T0 }
    const { runtime, adapter } = await setUp(store, clock)
    const { runId } = await runtime.inbound(text('+919800000506', 'later'))
    expect(await store.runHandle(runId!)).toMatchObject({ status: 'paused', wakeAt: T0 + 120 * MINUTE })
    // Text that starts no flow does not reach a run that waits on time alone.
    expect(await runtime.inbound(text('+919800000506', 'hello?'))).toMatchObject({ action: 'ignored' })
    clock.now = T0 + 120 * MINUTE - 1
    expect(await runtime.runDue()).toBe(0)
    clock.now = T0 + 120 * MINUTE
    expect(await runtime.runDue()).toBe(1)
    await runtime.idle()
    expect(await store.run(runId!)).toMatchObject({ status: 'ended', endReason: 'completed' })
    expect(bodies(adapter)).toEqual(['Two hours on.'])
    expect(await store.waitingCount()).toBe(0)
  })

  it('a reply before the time answers the run; the wake then finds nothing due', async () => {
    const { store } = await c.open()
    await store.publish(flow)
    const clock = { now: T0 }
    const { runtime, adapter } = await setUp(store, clock)
    await runtime.inbound(text('+919800000502', 'wine'))
    const runId = await waitOnTime(store, flow, '+919800000502', T0 + 30 * MINUTE, 'failure')
    clock.now = T0 + 30 * MINUTE - 1
    expect(await runtime.inbound(text('+919800000502', '34'))).toMatchObject({ action: 'resumed', runId })
    expect(await store.nextDue(clock.now)).toBeNull()
    clock.now = T0 + 31 * MINUTE
    expect(await runtime.runDue()).toBe(0)
    await runtime.idle()
    expect((await store.trace(runId)).map((t) => t.port).filter(Boolean)).not.toContain('failure')
    expect(bodies(adapter).some((b) => /Come back/.test(b))).toBe(false)
  })

  it('a reply after the time, before the timer ran, comes after the wake: both steps in one commit', async () => {
    const { store } = await c.open()
    await store.publish(flow)
    const clock = { now: T0 }
    const { runtime, adapter } = await setUp(store, clock)
    await runtime.inbound(text('+919800000503', 'wine'))
    // Woken by 'out' the run asks again (is_adult has no age: too_young's buttons), so the reply reaches the same run.
    const runId = await waitOnTime(store, flow, '+919800000503', T0 + 30 * MINUTE, 'out')
    clock.now = T0 + 30 * MINUTE
    const answer = await runtime.inbound(text('+919800000503', 'hello'))
    expect(answer).toMatchObject({ status: 'processed', runId })
    const trace = await store.trace(runId)
    expect(trace.map((t) => t.seq)).toEqual(trace.map((_, i) => i))
    expect(trace.filter((t) => t.nodeName === 'ask_age' && t.phase === 'resume')).toHaveLength(1)
    const messages = await store.messages(runId)
    expect(messages.map((m) => m.seq)).toEqual(messages.map((_, i) => i))
    expect(messages.at(-1)).toMatchObject({ direction: 'out' })
    expect(await runtime.runDue()).toBe(0)
    await runtime.idle()
    expect(bodies(adapter).length).toBeGreaterThan(1)
  })

  it('a webhook start after the time, before the timer ran: the wake is carried out first, then the start', async () => {
    const { store } = await c.open()
    await store.publish(flow)
    const hook = orderTotalFlow('flw_wake_hook')
    await store.publish(hook)
    const clock = { now: T0 }
    const { runtime } = await setUp(store, clock)
    await runtime.inbound(text('+919800000505', 'wine'))
    const runId = await waitOnTime(store, flow, '+919800000505', T0 + 30 * MINUTE, 'failure')
    clock.now = T0 + 31 * MINUTE
    const started = await runtime.webhook(hook, { phone_number: '+919800000505', data: { name: 'Ravi', amount: 2 } })
    expect(started.runId).not.toBe(runId)
    // Its time had come: the run took its timeout path and completed; it was not superseded by the start.
    expect(await store.run(runId)).toMatchObject({ status: 'ended', endReason: 'completed' })
    expect((await store.trace(runId)).filter((t) => t.phase === 'resume').map((t) => t.port)).toEqual(['failure'])
    expect(await runtime.runDue()).toBe(0)
  })

  it('a wake missed while the runtime was down runs at the next start, reporting how late it was', async () => {
    const opened = await c.open()
    await opened.store.publish(flow)
    const clock = { now: T0 }
    const first = await setUp(opened.store, clock)
    await first.runtime.inbound(text('+919800000504', 'wine'))
    const runId = await waitOnTime(opened.store, flow, '+919800000504', T0 + 30 * MINUTE, 'failure')
    await first.runtime.close()
    open.splice(open.indexOf(first.runtime), 1)
    clock.now = T0 + 2 * 60 * MINUTE
    const reports: WakeReport[] = []
    const again = await setUp(await opened.reopen(), clock, {
      wakes: { pollMs: 60_000, onWake: (r) => reports.push(r) },
    })
    await expect.poll(() => reports.length).toBe(1)
    expect(reports[0]).toMatchObject({ runId, action: 'woken', wakeAt: T0 + 30 * MINUTE, lateMs: 90 * MINUTE })
    expect(await again.runtime.store.run(runId)).toMatchObject({ status: 'ended' })
  })
})
