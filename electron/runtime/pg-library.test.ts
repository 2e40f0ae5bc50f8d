// The library reads of a step on PostgreSQL go over the step's own transaction (pg-library.ts libraryOn): a
// broadcast start holding the pool's only connection still reads its template. Before, the Template Message's read
// took a second pooled connection, so starts as many as the pool held waited on each other for ever (the broadcast
// bench's PostgreSQL hang). Effects a runtime was given otherwise are kept.
import { expect, it } from 'vitest'
import { createEffects } from '../../shared/engine'
import { MemoryAdapter } from './adapters/log-adapter'
import { PgRuntimeStore } from './pg-store'
import { libraryOn } from './pg-library'
import { testRuntime } from './testing/runtime-fixtures'
import { describePostgresStore } from './testing/stores'
import { promoFlow, promoTemplate } from './testing/promo-broadcast'

const T0 = Date.UTC(2026, 5, 1, 12)
const promo = promoTemplate('Hi')
const flow = () => promoFlow('flw_promo', 'Promo', [])

describePostgresStore('the library read inside a contact transaction', (c) => {
  it('a broadcast start holding the pool’s only connection reads its template over it', async () => {
    const { store: first, url } = await c.open()
    await first.publish(flow(), { templates: [promo as never], catalog: [] })
    await first.close()
    const store = await PgRuntimeStore.open(url!, { poolSize: 1 })
    const adapter = new MemoryAdapter()
    const { runtime } = testRuntime(store, adapter, {
      effects: createEffects({ clock: { now: () => T0 }, ...store.libraryEffects() }),
      broadcasts: { pollMs: null, conversationLimit: null },
    })
    try {
      const phones = ['+919800000801', '+919800000802']
      await runtime.broadcasts.service.create(
        { name: 'Promo', flowId: 'flw_promo' },
        phones.map((phone) => ({ phone, dueAt: T0 })),
      )
      expect(await runtime.broadcasts.runDue()).toBe(2)
      await runtime.idle()
      expect(adapter.sent.map((e) => e.message.type)).toEqual(['template', 'template'])
    } finally {
      await runtime.close()
      await store.close()
    }
  }, 20_000)

  it('keeps library effects the store did not make', async () => {
    const { store } = await c.open()
    const mine = { templates: { get: async () => null }, catalogue: { product: async () => null } }
    const seen = await store.withContact('+919800000803', undefined, async (tx) => tx.library?.(mine))
    expect(seen).toEqual(mine)
    expect(libraryOn(mine, {} as never, {} as never)).toBe(mine)
    await store.close()
  })
})
