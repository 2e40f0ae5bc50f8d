// PostgreSQL's outbox settles broadcast recipients with its sent marks (pg-outbox.ts): a started recipient whose run's
// messages are all sent is `sent` as soon as the last mark is written, without the runner polling every started one
// (at 1,000/s that polling was a good part of the database's work). A failed send is left to the runner's poll.
import { afterEach, expect, it } from 'vitest'
import { createEffects } from '../../shared/engine'
import { buildFlow } from '../../shared/engine/testing/fixtures'
import { DeliveryError, type ChannelAdapter, type OutboundEnvelope } from './adapters/adapter'
import type { Runtime } from './runtime'
import { testRuntime } from './testing/runtime-fixtures'
import { describePostgresStore } from './testing/stores'
import { promoTemplate } from './testing/promo-broadcast'

const T0 = Date.UTC(2026, 5, 1, 12)
const promo = promoTemplate('Hi')
const flow = buildFlow(
  [
    { type: 'trigger', name: 'trigger_1', config: { kind: 'manual' } },
    { type: 'template_message', name: 'tpl_1', config: { templateName: 'promo', language: 'en', bodyParams: [] } },
    { type: 'template_message', name: 'tpl_2', config: { templateName: 'promo', language: 'en', bodyParams: [] } },
  ],
  [
    ['trigger_1', 'out', 'tpl_1'],
    ['tpl_1', 'out', 'tpl_2'],
  ],
  { id: 'flw_two', name: 'Two messages' },
)

class Channel implements ChannelAdapter {
  readonly name = 'test-channel'
  readonly sent: OutboundEnvelope[] = []
  async send(e: OutboundEnvelope) {
    if (e.to === '+919800004103') throw new DeliveryError('channel error 131026: Message undeliverable', false)
    this.sent.push(e)
  }
}

describePostgresStore('broadcast recipients settled by the outbox', (c) => {
  const open: Runtime[] = []
  afterEach(async () => {
    await Promise.all(open.splice(0).map((r) => r.close()))
  })

  it("a recipient is sent with its run's last sent mark; a failed one waits for the runner's poll", async () => {
    const { store } = await c.open()
    await store.publish(flow, { templates: [promo as never], catalog: [] })
    const clock = { now: T0 }
    const { runtime } = testRuntime(store, new Channel(), {
      effects: createEffects({ clock: { now: () => clock.now }, ...store.libraryEffects() }),
      broadcasts: { pollMs: null, conversationLimit: null },
    })
    open.push(runtime)
    const b = await runtime.broadcasts.service.create({ name: 'June', flowId: flow.id, variables: {} }, [
      { phone: '+919800004101', dueAt: T0 },
      { phone: '+919800004102', dueAt: T0 },
      { phone: '+919800004103', dueAt: T0 },
    ])
    expect(await runtime.broadcasts.runDue()).toBe(3)
    await runtime.idle()
    // No settling round has run since the starts: the marks did it.
    expect((await runtime.broadcasts.service.get(b.id))!.counts).toMatchObject({ sent: 2, started: 1 })
    expect(await store.broadcasts.startedWaiting!()).toBe(1)
    await runtime.broadcasts.runDue()
    expect((await runtime.broadcasts.service.get(b.id))!.counts).toMatchObject({ sent: 2, failed: 1, started: 0 })
  })
})
