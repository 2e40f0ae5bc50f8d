// The daily limit counts every new business-initiated conversation, whatever started it (docs/runtime.md,
// "Broadcasts: the engine"): a template queued for a contact outside their 24-hour window opens one, recorded in the
// contact's transaction (migration 031) by a webhook (API) start, a run woken later, a person's reply and a broadcast;
// the runner's count reads them all, distinct contacts in a rolling 24 hours. Both stores, fake clock.
import { afterEach, expect, it } from 'vitest'
import { createEffects } from '../../shared/engine'
import { buildFlow } from '../../shared/engine/testing/fixtures'
import type { Runtime } from './runtime'
import type { RuntimeStore } from './store'
import { testRuntime, text } from './testing/runtime-fixtures'
import { describeEachStore } from './testing/stores'

const T0 = Date.UTC(2026, 5, 1, 12)
const HOUR = 3600_000
const DAY = 24 * HOUR
const promo = {
  name: 'promo',
  language: 'en',
  category: 'MARKETING',
  header: { type: 'none' },
  body: 'Hi {{1}}',
  buttons: [],
}
const tpl = {
  type: 'template_message' as const,
  name: 'tpl_1',
  config: { templateName: 'promo', language: 'en', bodyParams: ['there'] },
}
const hookFlow = buildFlow(
  [{ type: 'trigger', name: 'trigger_1', config: { kind: 'webhook' } }, tpl],
  [['trigger_1', 'out', 'tpl_1']],
  { id: 'flw_hook_promo', name: 'Hook promo' },
)
const hookText = buildFlow(
  [
    { type: 'trigger', name: 'trigger_1', config: { kind: 'webhook' } },
    { type: 'message', name: 'message_1', config: { text: 'Your order shipped' } },
  ],
  [['trigger_1', 'out', 'message_1']],
  { id: 'flw_hook_text', name: 'Hook text' },
)
const laterFlow = buildFlow(
  [
    { type: 'trigger', name: 'trigger_1', config: { kind: 'keyword', keywords: ['remind'], matchMode: 'exact' } },
    { type: 'wait', name: 'wait_1', config: { mode: 'duration', duration: '30h' } },
    tpl,
  ],
  [
    ['trigger_1', 'out', 'wait_1'],
    ['wait_1', 'out', 'tpl_1'],
  ],
  { id: 'flw_later', name: 'Reminder' },
)
const broadcastFlow = buildFlow(
  [{ type: 'trigger', name: 'trigger_1', config: { kind: 'manual' } }, tpl],
  [['trigger_1', 'out', 'tpl_1']],
  { id: 'flw_bc', name: 'Broadcast' },
)

describeEachStore('business-initiated conversations (the daily limit)', (c) => {
  const open: Runtime[] = []
  afterEach(async () => {
    await Promise.all(open.splice(0).map((r) => r.close()))
  })

  async function setUp(store: RuntimeStore, clock: { now: number }, conversationLimit: number | null = null) {
    for (const f of [hookFlow, hookText, laterFlow, broadcastFlow])
      await store.publish(f, { templates: [promo as never], catalog: [] })
    const { runtime } = testRuntime(store, undefined, {
      effects: createEffects({ clock: { now: () => clock.now }, ...store.libraryEffects() }),
      broadcasts: { pollMs: null, conversationLimit },
    })
    open.push(runtime)
    return runtime
  }
  const since = (store: RuntimeStore, now: number) => store.broadcasts.newConversationsSince(now - DAY)

  it('a webhook (API) start opens one with a template outside the window; inside it, or free-form, none', async () => {
    const { store } = await c.open()
    const clock = { now: T0 }
    const runtime = await setUp(store, clock)
    await runtime.inbound(text('+919800003102', 'hi')) // this one is inside its window
    clock.now = T0 + HOUR
    await runtime.webhook(hookFlow, { phone_number: '+919800003101', data: {} })
    await runtime.webhook(hookFlow, { phone_number: '+919800003102', data: {} })
    await runtime.webhook(hookText, { phone_number: '+919800003103', data: {} })
    expect(await since(store, clock.now)).toBe(1)
    // Another template inside the conversation it opened opens no other: the channel counts distinct customers.
    clock.now = T0 + 3 * HOUR
    await runtime.webhook(hookFlow, { phone_number: '+919800003101', data: {} })
    expect(await since(store, clock.now)).toBe(1)
    // A day on, that conversation has left the rolling window; a new template opens a new one.
    clock.now = T0 + HOUR + DAY + 1
    expect(await since(store, clock.now)).toBe(0)
    await runtime.webhook(hookFlow, { phone_number: '+919800003101', data: {} })
    expect(await since(store, clock.now)).toBe(1)
  })

  it('a run woken after the window closed opens one when it sends a template', async () => {
    const { store } = await c.open()
    const clock = { now: T0 }
    const runtime = await setUp(store, clock)
    await runtime.inbound(text('+919800003111', 'remind'))
    expect(await since(store, clock.now)).toBe(0)
    clock.now = T0 + 30 * HOUR
    expect(await runtime.runDue()).toBe(1)
    expect(await since(store, clock.now)).toBe(1)
  })

  it("a person's template reply outside the window opens one; a reply the customer's message brought does not", async () => {
    const { store } = await c.open()
    const clock = { now: T0 }
    const runtime = await setUp(store, clock)
    const { runId } = await runtime.inbound(text('+919800003121', 'remind'))
    const reply = (at: number, id: string) =>
      store.withContact('+919800003121', undefined, (tx) =>
        tx.commit({
          steps: [],
          personReply: {
            runId: runId!,
            flowId: laterFlow.id,
            at,
            id,
            message: { type: 'template', template: { name: 'promo', language: { code: 'en' } } } as never,
          },
        }),
      )
    await reply(T0 + HOUR, 'out_person_1')
    expect(await since(store, T0 + HOUR)).toBe(0)
    await reply(T0 + 26 * HOUR, 'out_person_2')
    expect(await since(store, T0 + 26 * HOUR)).toBe(1)
  })

  it("the runner's limit counts them all: webhook starts take the room a broadcast would have had", async () => {
    const { store } = await c.open()
    const clock = { now: T0 }
    const runtime = await setUp(store, clock, 2)
    await runtime.webhook(hookFlow, { phone_number: '+919800003131', data: {} })
    await runtime.webhook(hookFlow, { phone_number: '+919800003132', data: {} })
    const b = await runtime.broadcasts.service.create({ name: 'June', flowId: broadcastFlow.id, variables: {} }, [
      { phone: '+919800003133', dueAt: T0 },
    ])
    await runtime.broadcasts.runDue()
    expect(await runtime.broadcasts.service.get(b.id)).toMatchObject({
      status: 'waiting_limit',
      counts: { pending: 1 },
    })
    // A day later the webhooks' conversations have left the rolling window: the broadcast goes on.
    clock.now = T0 + DAY + 1
    await runtime.broadcasts.runDue()
    const { counts } = (await runtime.broadcasts.service.get(b.id))!
    expect([counts.pending, counts.started + counts.sent]).toEqual([0, 1])
    expect(await since(store, clock.now)).toBe(1)
  })
})
