import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { Database } from 'better-sqlite3'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { ASHA, buildFlow } from '../../../shared/engine/testing/fixtures'
import { startRun } from '../../../shared/engine/machine'
import { nodeCatalog } from '../../../shared/nodes/runners'
import { openDatabase } from '../db/open'
import { CatalogStore, InvalidProductError } from './catalog-store'
import { createStudioEffects } from './index'

const TEA = (id: string, over: Record<string, unknown> = {}) => ({
  catalogId: 'cat_1',
  id,
  name: `Tea ${id}`,
  price: 9.5,
  currency: 'EUR',
  ...over,
})

let dir: string
let db: Database
let store: CatalogStore
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'chatflow-cat-'))
  db = openDatabase(path.join(dir, 'studio.sqlite'))
  store = new CatalogStore(db, () => 1000)
})
afterEach(() => {
  db.close()
  fs.rmSync(dir, { recursive: true, force: true })
})

describe('catalogue store', () => {
  it('saves, replaces, lists by catalogue and deletes products', () => {
    store.save(TEA('B'))
    store.save(TEA('A', { description: 'Green', image: 'https://cdn.example.com/a.png' }))
    store.save(TEA('A', { price: 11 }))
    store.save(TEA('Z', { catalogId: 'cat_2' }))
    expect(store.list('cat_1').map((p) => [p.id, p.price, p.description])).toEqual([
      ['A', 11, ''],
      ['B', 9.5, ''],
    ])
    expect(store.list().map((p) => `${p.catalogId}/${p.id}`)).toEqual(['cat_1/A', 'cat_1/B', 'cat_2/Z'])
    expect(store.delete('cat_1', 'B')).toBe(true)
    expect(store.delete('cat_1', 'B')).toBe(false)
    expect(store.get('cat_1', 'B')).toBeNull()
  })

  it('refuses a product that breaks the rules, naming every problem', () => {
    const bad = () =>
      store.save({ catalogId: 'cat_1', id: 'has space', name: '', price: -1, currency: 'eur', image: 'ftp://x' })
    expect(bad).toThrow(InvalidProductError)
    try {
      bad()
    } catch (err) {
      expect((err as InvalidProductError).problems.map((p) => p.split(':')[0])).toEqual([
        'id',
        'name',
        'price',
        'currency',
        'image',
      ])
    }
    expect(store.list()).toEqual([])
  })
})

describe('SPM and MPM against the real catalogue', () => {
  const run = (nodes: Parameters<typeof buildFlow>[0]) => {
    const flow = buildFlow(
      [{ type: 'trigger', name: 'trigger_1', config: { kind: 'manual' } }, ...nodes],
      [['trigger_1', 'out', nodes[0]!.name]],
    )
    return startRun(
      flow,
      { contact: ASHA, trigger: { kind: 'manual' } },
      { effects: createStudioEffects(db), catalog: nodeCatalog },
    )
  }

  it('SPM sends one stored product with body and footer, and fails on an unknown one', async () => {
    store.save(TEA(ASHA.name))
    const ok = await run([
      {
        type: 'spm',
        name: 'spm_1',
        config: { catalogId: 'cat_1', productId: '{{customer_name}}', body: 'Try it', footer: 'Free shipping' },
      },
    ])
    expect(ok.messages).toEqual([
      {
        type: 'interactive',
        interactive: {
          type: 'product',
          body: { text: 'Try it' },
          footer: { text: 'Free shipping' },
          action: { catalog_id: 'cat_1', product_retailer_id: ASHA.name },
        },
      },
    ])
    expect(ok.state.vars.spm_1).toMatchObject({
      checked: true,
      product: { name: `Tea ${ASHA.name}`, price: 9.5, currency: 'EUR' },
    })
    const missing = await run([{ type: 'spm', name: 'spm_1', config: { catalogId: 'cat_1', productId: 'Q' } }])
    expect(missing.state.error).toMatchObject({ code: 'product_not_found' })
    expect(missing.messages).toEqual([])
  })

  it('MPM drops unknown ids and empty sections, keeps order, and fails when nothing is left', async () => {
    for (const id of ['A', 'B', 'C']) store.save(TEA(id))
    const sections = [
      { title: 'Green', productIds: ['A', 'X', 'B'] },
      { title: 'Gone', productIds: ['Y'] },
      { title: 'Black', productIds: ['C'] },
    ]
    const r = await run([
      { type: 'mpm', name: 'mpm_1', config: { catalogId: 'cat_1', header: 'Teas', body: 'Pick', sections } },
    ])
    expect(r.messages[0]).toEqual({
      type: 'interactive',
      interactive: {
        type: 'product_list',
        header: { type: 'text', text: 'Teas' },
        body: { text: 'Pick' },
        action: {
          catalog_id: 'cat_1',
          sections: [
            { title: 'Green', product_items: [{ product_retailer_id: 'A' }, { product_retailer_id: 'B' }] },
            { title: 'Black', product_items: [{ product_retailer_id: 'C' }] },
          ],
        },
      },
    })
    expect(r.state.vars.mpm_1).toEqual({
      catalog_id: 'cat_1',
      products: 3,
      sections: 2,
      dropped: ['X', 'Y'],
      checked: true,
    })
    const none = await run([
      {
        type: 'mpm',
        name: 'mpm_1',
        config: { catalogId: 'cat_1', header: 'Teas', body: 'Pick', sections: [{ title: '', productIds: ['X', 'Y'] }] },
      },
    ])
    expect(none.state.error).toMatchObject({ code: 'products_not_found' })
    expect(none.state.error!.message).toContain("'X', 'Y'")
  })

  it('MPM holds the channel limits: more than 10 sections or 30 products fail', async () => {
    for (let i = 0; i < 31; i++) store.save(TEA(`P${i}`))
    const ids = Array.from({ length: 31 }, (_, i) => `P${i}`)
    const tooMany = await run([
      {
        type: 'mpm',
        name: 'mpm_1',
        config: { catalogId: 'cat_1', header: 'H', body: 'B', sections: [{ title: 'All', productIds: ids }] },
      },
    ])
    expect(tooMany.state.error).toMatchObject({ code: 'mpm_limit' })
    expect(tooMany.state.error!.message).toContain('31 products')
    const thirty = await run([
      {
        type: 'mpm',
        name: 'mpm_1',
        config: {
          catalogId: 'cat_1',
          header: 'H',
          body: 'B',
          sections: [{ title: 'All', productIds: ids.slice(0, 30) }],
        },
      },
    ])
    expect(thirty.state.status).toBe('ended')
    const eleven = Array.from({ length: 11 }, (_, i) => ({ title: `S${i}`, productIds: [`P${i}`] }))
    const sectionsOver = await run([
      { type: 'mpm', name: 'mpm_1', config: { catalogId: 'cat_1', header: 'H', body: 'B', sections: eleven } },
    ])
    expect(sectionsOver.state.error).toMatchObject({ code: 'mpm_limit' })
  })
})
