// Broadcasts in the runtime, on each store, with a fake clock for due times (docs/runtime.md, "Broadcasts"): each
// recipient started once inside its contact's transaction, its state written with the run; blocked by the window
// (a free-form start outside it), the opt-out or a person; its cost by the credit rule; the outbox's marks move
// started recipients to sent or failed; a recipient another start took is not started again.
import { afterEach, expect, it } from 'vitest'
import { createEffects } from '../../shared/engine'
import { buildFlow } from '../../shared/engine/testing/fixtures'
import type { FlowDocument } from '../../shared/flow/document'
import { DeliveryError, type ChannelAdapter, type OutboundEnvelope } from './adapters/adapter'
import type { Runtime } from './runtime'
import type { RuntimeStore } from './store'
import { testRuntime, text } from './testing/runtime-fixtures'
import { describeEachStore } from './testing/stores'

const T0 = Date.UTC(2026, 5, 1, 12)
const HOUR = 3600_000
const promo = {
  name: 'promo',
  language: 'en',
  category: 'MARKETING',
  header: { type: 'none' },
  body: 'Hi {{1}}',
  buttons: [],
}

const templateFlow = (): FlowDocument =>
  buildFlow(
    [
      { type: 'trigger', name: 'trigger_1', config: { kind: 'manual' } },
      {
        type: 'template_message',
        name: 'tpl_1',
        config: { templateName: 'promo', language: 'en', bodyParams: ['{{trigger_1.data.discount}}'] },
      },
    ],
    [['trigger_1', 'out', 'tpl_1']],
    { id: 'flw_promo', name: 'Promo' },
  )
const freeFormFlow = (): FlowDocument =>
  buildFlow(
    [
      { type: 'trigger', name: 'trigger_1', config: { kind: 'manual' } },
      { type: 'message', name: 'message_1', config: { text: 'News for you' } },
    ],
    [['trigger_1', 'out', 'message_1']],
    { id: 'flw_news', name: 'News' },
  )

/** Delivers like the channel, refusing for good what goes to `refuse`. */
class Channel implements ChannelAdapter {
  readonly name = 'test-channel'
  readonly sent: OutboundEnvelope[] = []
  constructor(private readonly refuse = new Set<string>()) {}
  async send(e: OutboundEnvelope) {
    if (this.refuse.has(e.to)) throw new DeliveryError('channel error 131026: Message undeliverable', false)
    this.sent.push(e)
  }
}

describeEachStore('broadcasts in the runtime', (c) => {
  const open: Runtime[] = []
  afterEach(async () => {
    await Promise.all(open.splice(0).map((r) => r.close()))
  })

  async function setUp(store: RuntimeStore, clock: { now: number }, channel = new Channel()) {
    await store.publish(templateFlow(), { templates: [promo as never], catalog: [] })
    await store.publish(freeFormFlow())
    const { runtime } = testRuntime(store, channel, {
      effects: createEffects({ clock: { now: () => clock.now }, ...store.libraryEffects() }),
      broadcasts: { pollMs: null, conversationLimit: null },
    })
    open.push(runtime)
    return { runtime, channel }
  }

  const phones = ['+919800000701', '+919800000702', '+919800000703']

  it('starts a template broadcast once per recipient, outside the window too, costs it, and settles it sent from the outbox', async () => {
    const { store } = await c.open()
    const clock = { now: T0 }
    const { runtime, channel } = await setUp(store, clock)
    await runtime.inbound(text(phones[0]!, 'hello')) // inside its window: the template is not a new conversation
    const b = await runtime.broadcasts.service.create(
      { name: 'June promo', flowId: 'flw_promo', variables: { discount: '10%' } },
      phones.map((phone) => ({ phone, dueAt: T0 })),
    )
    expect(b.ratePerSecond).toBe(80)
    expect(await runtime.broadcasts.runDue()).toBe(3)
    expect(await runtime.broadcasts.runDue()).toBe(0)
    await runtime.idle()
    expect(channel.sent.map((e) => e.to).sort()).toEqual([...phones].sort())
    expect(channel.sent[0]!.message).toMatchObject({ type: 'template' })
    await runtime.broadcasts.runDue() // settles from the outbox's marks
    const view = await runtime.broadcasts.service.get(b.id)
    expect(view).toMatchObject({ status: 'done', counts: { total: 3, sent: 3, cost: 6 } })
    const rs = await runtime.broadcasts.service.recipients(b.id, { limit: 10 })
    expect(rs.every((r) => r.runId && r.templates[0] === 'promo' && r.cost === 2)).toBe(true)
    expect(await store.broadcasts.newConversationsSince(T0 - HOUR)).toBe(2)
    expect(await store.run(rs[0]!.runId!)).toMatchObject({ status: 'ended' })
  })

  it("writes a recipient's fields (its CSV columns) onto its contact in the start's transaction, tags merged", async () => {
    const { store } = await c.open()
    const clock = { now: T0 }
    const { runtime } = await setUp(store, clock)
    await store.withContact(phones[0]!, undefined, async (tx) => {
      await tx.contacts.update(tx.contact.id, { fields: { plan: 'gold', tags: ['vip'] } })
      await tx.commit({ steps: [] })
    })
    await runtime.broadcasts.service.create(
      { name: 'June promo', flowId: 'flw_promo', variables: { discount: '5%' } },
      [
        { phone: phones[0]!, dueAt: T0, fields: { city: 'Pune', tags: 'june' } },
        { phone: phones[1]!, dueAt: T0, fields: { city: 'Delhi' } },
      ],
    )
    expect(await runtime.broadcasts.runDue()).toBe(2)
    expect((await store.contactByPhone(phones[0]!))!.fields).toEqual({
      plan: 'gold',
      city: 'Pune',
      tags: ['vip', 'june'],
    })
    expect((await store.contactByPhone(phones[1]!))!.fields).toEqual({ city: 'Delhi' })
  })

  it('blocks a free-form start outside the window and an opted-out contact, and sends to the one inside its window', async () => {
    const { store } = await c.open()
    const clock = { now: T0 }
    const { runtime, channel } = await setUp(store, clock)
    await runtime.inbound(text(phones[0]!, 'hello'))
    await store.withContact(phones[2]!, undefined, async (tx) => {
      await tx.contacts.update(tx.contact.id, { optedIn: false })
      await tx.commit({ steps: [] })
    })
    clock.now = T0 + HOUR
    const b = await runtime.broadcasts.service.create(
      { name: 'News', flowId: 'flw_news' },
      phones.map((phone) => ({ phone, dueAt: T0 + HOUR })),
    )
    expect(await runtime.broadcasts.runDue()).toBe(3)
    await runtime.idle()
    await runtime.broadcasts.runDue()
    expect(channel.sent.map((e) => e.to)).toEqual([phones[0]])
    const rs = await runtime.broadcasts.service.recipients(b.id, { limit: 10 })
    expect(rs.map((r) => [r.phone, r.state, r.reason?.code ?? null])).toEqual([
      [phones[0], 'sent', null],
      [phones[1], 'blocked', 'outside_window'],
      [phones[2], 'blocked', 'opted_out'],
    ])
    expect((await runtime.broadcasts.service.get(b.id)).counts).toMatchObject({ sent: 1, blocked: 2, cost: 0 })
    // Blocked by the window: its run is kept (failed, sending nothing), as the manual trigger keeps it.
    expect(await store.run(rs[1]!.runId!)).toMatchObject({ status: 'failed' })
  })

  it("a message the channel refuses moves its recipient to failed with the channel's code", async () => {
    const { store } = await c.open()
    const clock = { now: T0 }
    const { runtime } = await setUp(store, clock, new Channel(new Set([phones[1]!])))
    const b = await runtime.broadcasts.service.create(
      { name: 'June promo', flowId: 'flw_promo', variables: { discount: '5%' } },
      phones.slice(0, 2).map((phone) => ({ phone, dueAt: T0 })),
    )
    await runtime.broadcasts.runDue()
    await runtime.idle()
    await runtime.broadcasts.runDue()
    const rs = await runtime.broadcasts.service.recipients(b.id, { limit: 10 })
    expect(rs.map((r) => [r.state, r.reason?.code ?? null])).toEqual([
      ['sent', null],
      ['failed', '131026'],
    ])
  })

  it('a recipient that moved on meanwhile (another instance started it) is not started again: nothing of the step is kept', async () => {
    const { store } = await c.open()
    const clock = { now: T0 }
    const { runtime, channel } = await setUp(store, clock)
    const b = await runtime.broadcasts.service.create(
      { name: 'June promo', flowId: 'flw_promo', variables: { discount: '5%' } },
      [{ phone: phones[0]!, dueAt: T0 }],
    )
    const [claimed] = await store.broadcasts.claim({ now: T0, leaseMs: 1, limit: 1 })
    // The lease ran out while this instance stalled; another instance started the recipient.
    const other = {
      state: 'sent' as const,
      runId: 'run_elsewhere',
      cost: 2,
      templates: ['promo'],
      newConversation: true,
    }
    await store.broadcasts.settle({ broadcastId: b.id, seq: 1, outcome: other, at: T0 })
    const { RuntimeBroadcastHost } = await import('./broadcast-host')
    const host = new RuntimeBroadcastHost(
      runtime,
      { MARKETING: 2, UTILITY: 1, AUTHENTICATION: 1, utilityFreeInWindow: true },
      () => clock.now,
    )
    await expect(host.start(claimed!)).rejects.toThrow(/started already/)
    await runtime.idle()
    expect(channel.sent).toHaveLength(0)
    const contact = await store.contactByPhone(phones[0]!)
    expect(contact ? await store.runsOfContact(contact.id) : []).toHaveLength(0)
    expect((await store.broadcasts.recipients(b.id, { limit: 1 }))[0]).toMatchObject({
      state: 'sent',
      runId: 'run_elsewhere',
    })
  })
})
