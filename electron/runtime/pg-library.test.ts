// The library reads of a step on PostgreSQL go over the step's own transaction (pg-library.ts): a step holding the
// pool's only connection still reads its template and product. Before, each read took a second pooled connection,
// so starts as many as the pool held waited on each other for ever (the broadcast bench's PostgreSQL hang).
import { expect, it } from 'vitest'
import { buildFlow } from '../../shared/engine/testing/fixtures'
import { PgRuntimeStore } from './pg-store'
import { describePostgresStore } from './testing/stores'

const promo = {
  name: 'promo',
  language: 'en',
  category: 'MARKETING',
  header: { type: 'none' },
  body: 'Hi',
  buttons: [],
}
const product = {
  catalogId: 'cat_1',
  id: 'sku_1',
  name: 'Tea',
  description: 'Green',
  price: 120,
  currency: 'INR',
  image: 'https://example.com/tea.png',
}

describePostgresStore('the library read inside a contact transaction', (c) => {
  it('reads templates and products over the transaction when it holds the pool’s only connection', async () => {
    const { store: first, url } = await c.open()
    const flow = buildFlow([{ type: 'trigger', name: 'trigger_1', config: { kind: 'manual' } }], [], { id: 'flw_x' })
    await first.publish(flow, { templates: [promo as never], catalog: [product as never] })
    await first.close()
    const store = await PgRuntimeStore.open(url!, { poolSize: 1 })
    try {
      const library = store.libraryEffects()
      const read = await store.withContact('+919800000801', undefined, async () => ({
        template: await library.templates.get('promo', 'en'),
        product: await library.catalogue.product('cat_1', 'sku_1'),
      }))
      expect(read.template).toMatchObject({ name: 'promo', body: 'Hi' })
      expect(read.product).toMatchObject({ id: 'sku_1', name: 'Tea' })
    } finally {
      await store.close()
    }
  }, 20_000)
})
