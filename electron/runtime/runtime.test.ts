// The runtime over each store: inbound routing (start, resume, supersede), exactly-once per message id, order per
// contact, the webhook trigger, and rollback of a failed step (deliveries: outbox.test.ts).
import pg from 'pg'
import { expect, it } from 'vitest'
import { createEffects } from '../../shared/engine'
import { confirmFlow, orderTotalFlow } from '../services/webhook/testing/fixtures'
import type { MemoryAdapter } from './adapters/log-adapter'
import { Runtime } from './runtime'
import { describeEachStore } from './testing/stores'
import { exampleFlow, testRuntime, text } from './testing/runtime-fixtures'

const bodies = (adapter: MemoryAdapter, phone: string) =>
  adapter
    .to(phone)
    .map((e) => (e.message.type === 'text' ? (e.message as { text: { body: string } }).text.body : e.message.type))

describeEachStore('runtime', (c) => {
  it('publishes versions, rolls back, and runs the active one', async () => {
    const { store } = await c.open()
    const flow = exampleFlow('age-gate')
    expect(await store.publish(flow)).toMatchObject({ flowId: flow.id, version: 1, active: true })
    await store.publish({ ...flow, name: 'Age gate v2' })
    expect((await store.versions(flow.id)).map((v) => [v.version, v.active])).toEqual([
      [2, true],
      [1, false],
    ])
    expect((await store.runningFlow(flow.id))?.name).toBe('Age gate v2')
    expect(await store.rollback(flow.id, 1)).toMatchObject({ version: 1, active: true })
    expect((await store.runningFlow(flow.id))?.name).toBe(flow.name)
    expect(await store.rollback(flow.id, 9)).toBeNull()
    expect((await store.runningFlows()).map((f) => f.id)).toEqual([flow.id])
    await store.close()
  })

  // SQLite publishes through the studio's VersionStore, whose cut-off test is in electron/services/publish/versions.test.ts.
  if (c.kind === 'postgres')
    it('a publish cut off half-way (after the version row, before activation) leaves the old version running', async () => {
      const { store, url } = await c.open()
      const flow = exampleFlow('age-gate')
      await store.publish(flow)
      const admin = new pg.Client({ connectionString: url })
      await admin.connect()
      await admin.query(
        `CREATE FUNCTION cut_publish() RETURNS trigger AS $$ BEGIN RAISE EXCEPTION 'interrupted'; END $$ LANGUAGE plpgsql`,
      )
      await admin.query(
        'CREATE TRIGGER cut_publish BEFORE UPDATE ON published_flows FOR EACH ROW EXECUTE FUNCTION cut_publish()',
      )
      await expect(store.publish({ ...flow, name: 'Half published' })).rejects.toThrow(/interrupted/)
      expect((await store.versions(flow.id)).map((v) => [v.version, v.active])).toEqual([[1, true]])
      expect((await store.runningFlow(flow.id))?.name).toBe(flow.name)
      await admin.end()
      await store.close()
    })

  it('starts by keyword, resumes with the answer, and answers a redelivered message id as a duplicate', async () => {
    const { store } = await c.open()
    await store.publish(exampleFlow('age-gate'))
    const { runtime, adapter } = testRuntime(store)
    const phone = '+919800000001'
    const first = await runtime.inbound({ ...text(phone, 'wine', 'wamid.1'), name: 'Asha' })
    expect(first).toMatchObject({ status: 'processed', action: 'started', state: 'paused' })
    expect(await runtime.inbound(text(phone, 'wine', 'wamid.1'))).toMatchObject({
      status: 'duplicate',
      action: 'started',
      runId: first.runId,
    })
    const second = await runtime.inbound(text(phone, '34', 'wamid.2'))
    expect(second).toMatchObject({ status: 'processed', action: 'resumed', runId: first.runId, state: 'ended' })
    await runtime.idle()
    expect(bodies(adapter as MemoryAdapter, phone)).toEqual([
      'Welcome to the cellar! How old are you?',
      'Thanks! Our wine list is at https://example-cellar.com/wines. Cheers, Asha!',
    ])
    const log = await store.messages(first.runId!)
    expect(log.map((m) => m.direction)).toEqual(['in', 'out', 'in', 'out'])
    const trace = await store.trace(first.runId!)
    expect(trace.at(-1)?.nodeType).toBe('end')
    // Each bot message is stored under the id the step that sent it names (the emulator links bubbles by it).
    const senders = log
      .filter((m) => m.direction === 'out')
      .map((m) => trace.filter((t) => t.messageIds.includes(m.id!)).map((t) => t.nodeName))
    expect(senders).toEqual([['ask_age'], ['welcome']])
    expect(await runtime.inbound(text(phone, 'hello?', 'wamid.3'))).toMatchObject({
      status: 'processed',
      action: 'ignored',
      runId: null,
    })
    await runtime.close()
  })

  it('processes one contact in arrival order even when messages arrive together', async () => {
    const { store } = await c.open()
    await store.publish(exampleFlow('age-gate'))
    const { runtime } = testRuntime(store)
    const phone = '+919800000002'
    // wine starts, each wrong answer is re-asked; the 24 messages must be logged in the order they were sent.
    const sent = ['wine', ...Array.from({ length: 23 }, (_, i) => `answer ${i}`)]
    const answers = await Promise.all(sent.map((body, i) => runtime.inbound(text(phone, body, `wamid.o${i}`))))
    expect(answers.filter((a) => a.status === 'processed')).toHaveLength(sent.length)
    const contact = (await store.contactByPhone(phone))!
    const runs = await store.runsOfContact(contact.id)
    const inbound: string[] = []
    for (const r of runs)
      for (const m of await store.messages(r.id))
        if (m.direction === 'in') inbound.push((m.payload as { text: string }).text)
    expect(inbound).toEqual(sent.slice(0, inbound.length))
    expect(inbound.length).toBeGreaterThan(1)
    await runtime.close()
  })

  it('a webhook run supersedes the paused run of its contact', async () => {
    const { store } = await c.open()
    await store.publish(exampleFlow('age-gate'))
    const hook = orderTotalFlow('flw_total')
    await store.publish(hook)
    const { runtime, adapter } = testRuntime(store)
    const phone = '+919800000003'
    const paused = await runtime.inbound(text(phone, 'wine'))
    const run = await runtime.webhook(hook, { phone_number: phone, data: { name: 'Ravi', amount: 200 } })
    expect(run).toMatchObject({ state: 'ended', contactId: paused.contactId })
    expect(await store.run(paused.runId!)).toMatchObject({ status: 'ended', endReason: 'superseded' })
    await runtime.idle()
    expect(bodies(adapter as MemoryAdapter, phone).at(-1)).toBe('Hi Ravi, your total is 236 (priority)')
    await runtime.close()
  })

  it("a webhook's button_id taps the button its flow's paused run waits on", async () => {
    const { store } = await c.open()
    const hook = confirmFlow('flw_confirm')
    await store.publish(hook)
    const { runtime, adapter } = testRuntime(store)
    const phone = '+919800000006'
    const asked = await runtime.webhook(hook, { phone_number: phone, data: { day: 'Friday' } })
    expect(asked.state).toBe('paused')
    const tapped = await runtime.webhook(hook, { phone_number: phone, data: {}, button_id: 'yes' })
    expect(tapped).toMatchObject({ runId: asked.runId, state: 'ended' })
    await runtime.idle()
    expect(bodies(adapter as MemoryAdapter, phone)).toEqual(['interactive', 'Booked for Friday (Yes, yes)'])
    await runtime.close()
  })

  it('keeps nothing of a message whose processing failed, so a redelivery runs it', async () => {
    const { store } = await c.open()
    await store.publish(exampleFlow('age-gate'))
    let broken = true
    const base = createEffects()
    const effects = {
      ...base,
      ids: {
        next: (p: string) =>
          broken
            ? (() => {
                throw new Error('disk on fire')
              })()
            : base.ids.next(p),
      },
    }
    const runtime = new Runtime({
      store,
      adapter: { name: 'none', send: async () => undefined },
      effects,
      log: () => undefined,
    })
    await expect(runtime.inbound(text('+919800000005', 'wine', 'wamid.f'))).rejects.toThrow('disk on fire')
    broken = false
    expect(await runtime.inbound(text('+919800000005', 'wine', 'wamid.f'))).toMatchObject({
      status: 'processed',
      action: 'started',
    })
    await runtime.close()
  })
})
