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

/**
 * `onTx` answers the connection of the contact transaction the caller runs inside, if any: a step's template or
 * product read goes over that connection rather than taking a second one from the pool while the step holds one
 * (concurrent broadcast starts used to empty the pool that way and wait on each other). Outside a transaction the
 * reads take a pooled connection as before.
 */
export function createPgLibraryEffects(
  pool: Pool,
  onTx: () => Pick<PoolClient, 'query'> | undefined = () => undefined,
): LibraryEffects {
  const db = () => onTx() ?? pool
  return {
    templates: {
      async get(name, language) {
        const { rows } = await db().query<{ definition: string }>(
          'SELECT definition FROM message_templates WHERE name = $1 AND language = $2',
          [name, language],
        )
        return rows[0] ? (JSON.parse(rows[0].definition) as Record<string, unknown>) : null
      },
    },
    catalogue: {
      async product(catalogId, productId) {
        const { rows } = await db().query<ProductRow>(
          'SELECT catalog_id, product_id, name, description, price, currency, image FROM catalog_products WHERE catalog_id = $1 AND product_id = $2',
          [catalogId, productId],
        )
        const r = rows[0]
        if (!r) return null
        return toProduct(r)
      },
    },
  }
}
