// The templates and catalogue products a publish carried, in PostgreSQL, and the effects the Template Message, SPM
// and MPM nodes read them through. The tables and rows are those of the studio's library (message_templates,
// catalog_products; electron/services/effects/template-store.ts, catalog-store.ts), so both stores keep the same data
// and hand the nodes the same shapes: the checked definition as published, without bookkeeping.
import type { Pool, PoolClient } from 'pg'
import { toProduct, type ProductRow } from '../services/effects/catalog-store'
import type { PublishLibrary } from '../services/publish/library'
import type { LibraryEffects } from './store'

/** Upserts the library inside the publish transaction `c`. */
export async function writeLibrary(c: Pick<PoolClient, 'query'>, library: PublishLibrary, at: number): Promise<void> {
  for (const t of library.templates) {
    await c.query(
      `INSERT INTO message_templates (name, language, category, definition, created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $5)
       ON CONFLICT (name, language) DO UPDATE SET category = excluded.category, definition = excluded.definition, updated_at = excluded.updated_at`,
      [t.name, t.language, t.category, JSON.stringify(t), at],
    )
  }
  for (const p of library.catalog) {
    await c.query(
      `INSERT INTO catalog_products (catalog_id, product_id, name, description, price, currency, image, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $8)
       ON CONFLICT (catalog_id, product_id) DO UPDATE SET name = excluded.name, description = excluded.description,
         price = excluded.price, currency = excluded.currency, image = excluded.image, updated_at = excluded.updated_at`,
      [p.catalogId, p.id, p.name, p.description, p.price, p.currency, p.image, at],
    )
  }
}

type Queryable = Pick<PoolClient, 'query'>

/** The library effects this module made, with the pool they read through (libraryOn tells a store's own apart). */
const madeFor = new WeakMap<object, Queryable>()

/** The store's library effects, reading through `db` (the pool; a transaction's connection in libraryOn). */
export function createPgLibraryEffects(db: Queryable): LibraryEffects {
  const effects: LibraryEffects = {
    templates: {
      async get(name, language) {
        const { rows } = await db.query<{ definition: string }>(
          'SELECT definition FROM message_templates WHERE name = $1 AND language = $2',
          [name, language],
        )
        return rows[0] ? (JSON.parse(rows[0].definition) as Record<string, unknown>) : null
      },
    },
    catalogue: {
      async product(catalogId, productId) {
        const { rows } = await db.query<ProductRow>(
          'SELECT catalog_id, product_id, name, description, price, currency, image FROM catalog_products WHERE catalog_id = $1 AND product_id = $2',
          [catalogId, productId],
        )
        const r = rows[0]
        if (!r) return null
        return toProduct(r)
      },
    },
  }
  madeFor.set(effects.templates, db)
  madeFor.set(effects.catalogue, db)
  return effects
}

/**
 * ContactTx.library: the step's library effects, those this store made (reading through `pool`) now read over the
 * contact transaction's connection `c`, so a step holding a connection never takes a second one from the pool
 * (concurrent broadcast starts used to empty the pool that way and wait on each other for ever). Effects given
 * otherwise (a test's, another store's) are kept as they are. With `memo` (one per transaction of several contacts: a
 * broadcast round's group), each template and product is read once for the whole transaction, not once per contact:
 * the transaction could have read it then for all of them.
 */
export function libraryOn(
  effects: LibraryEffects,
  pool: Pool,
  c: Queryable,
  memo?: Map<string, Promise<unknown>>,
): LibraryEffects {
  const own = madeFor.get(effects.templates) === pool || madeFor.get(effects.catalogue) === pool
  if (!own) return effects
  const onTx = createPgLibraryEffects(c)
  // Each caller gets its own copy: a node may not change what another contact's step reads.
  const once = async <T>(key: string, read: () => Promise<T>): Promise<T> => {
    if (!memo) return read()
    let p = memo.get(key) as Promise<T> | undefined
    if (!p) {
      p = read()
      memo.set(key, p)
      // A failed read is not kept (the transaction is aborted anyway, but a caller may catch it).
      p.catch(() => memo.delete(key))
    }
    return structuredClone(await p)
  }
  const templates: LibraryEffects['templates'] = {
    get: (name, language) => once(`t\u0000${name}\u0000${language}`, () => onTx.templates.get(name, language)),
  }
  const catalogue: LibraryEffects['catalogue'] = {
    product: (catalogId, productId) =>
      once(`p\u0000${catalogId}\u0000${productId}`, () => onTx.catalogue.product(catalogId, productId)),
  }
  return {
    templates: madeFor.get(effects.templates) === pool ? templates : effects.templates,
    catalogue: madeFor.get(effects.catalogue) === pool ? catalogue : effects.catalogue,
  }
}
