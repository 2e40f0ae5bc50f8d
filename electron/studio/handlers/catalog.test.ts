// The catalogue commands over the studio's back end (electron/services/effects/catalog-store.test.ts tests the store).
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createTempBackend, expectOk, type TempBackend } from '../testing/backend'

const TEA = (id: string, over: Record<string, unknown> = {}) => ({
  catalogId: 'cat_1',
  id,
  name: `Tea ${id}`,
  price: 9.5,
  currency: 'EUR',
  ...over,
})

describe('catalog commands', () => {
  let temp: TempBackend
  beforeEach(() => {
    temp = createTempBackend()
  })
  afterEach(() => temp.cleanup())

  it('list, save, delete through the back end, with invalid_product for a bad product, kept across a restart', async () => {
    const b = temp.backend
    expectOk(await b.call('catalog.save', { product: TEA('A') }))
    expectOk(await b.call('catalog.save', { product: TEA('B', { catalogId: 'cat_2' }) }))
    const bad = await b.call('catalog.save', {
      product: { catalogId: 'cat_1', id: 'C', name: 'C', price: 'free', currency: 'EUR' },
    })
    expect(bad.ok ? null : bad.error.code).toBe('invalid_product')
    const reopened = await temp.reopen()
    expect(expectOk(await reopened.call('catalog.list', { catalogId: 'cat_1' })).products.map((p) => p.id)).toEqual([
      'A',
    ])
    expect(expectOk(await reopened.call('catalog.delete', { catalogId: 'cat_2', id: 'B' }))).toEqual({ deleted: true })
    expect(expectOk(await reopened.call('catalog.list', {})).products.map((p) => p.id)).toEqual(['A'])
  })
})
