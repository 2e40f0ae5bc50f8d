// The local product catalogue over the catalog_products table, and the catalogue effect SPM and MPM look products
// up through. Every save is checked with the shared schema, so a node only meets products the channel could show.
import type { Database } from 'better-sqlite3'
import type { CatalogueEffect } from '../../../shared/engine/effects'
import { CatalogProductSchema, type CatalogProduct } from '../../../shared/nodes/spm/run-catalog'

export class InvalidProductError extends Error {
  readonly code = 'invalid_product'
  constructor(readonly problems: string[]) {
    super(`The product cannot be saved: ${problems.join(' ')}`)
  }
}

export interface StoredProduct extends CatalogProduct {
  updatedAt: number
}

/** A row of catalog_products as both stores keep it (the runtime's PostgreSQL store reads it too). */
export interface ProductRow {
  catalog_id: string
  product_id: string
  name: string
  description: string
  price: number
  currency: string
  image: string
}

interface Row extends ProductRow {
  updated_at: number
}

const COLUMNS = 'catalog_id, product_id, name, description, price, currency, image, updated_at'

export class CatalogStore {
  constructor(
    private readonly db: Database,
    private readonly now: () => number = Date.now,
  ) {}

  /** Every product, or one catalogue's, by catalogue then product id. */
  list(catalogId?: string): StoredProduct[] {
    const rows = catalogId
      ? (this.db
          .prepare(`SELECT ${COLUMNS} FROM catalog_products WHERE catalog_id = ? ORDER BY product_id`)
          .all(catalogId) as Row[])
      : (this.db.prepare(`SELECT ${COLUMNS} FROM catalog_products ORDER BY catalog_id, product_id`).all() as Row[])
    return rows.map(toStored)
  }

  get(catalogId: string, productId: string): StoredProduct | null {
    const row = this.db
      .prepare(`SELECT ${COLUMNS} FROM catalog_products WHERE catalog_id = ? AND product_id = ?`)
      .get(catalogId, productId) as Row | undefined
    return row ? toStored(row) : null
  }

  /** Creates or replaces the product with this catalogue and id. */
  save(input: unknown): StoredProduct {
    const parsed = CatalogProductSchema.safeParse(input)
    if (!parsed.success)
      throw new InvalidProductError(parsed.error.issues.map((i) => `${i.path.join('.') || 'product'}: ${i.message}.`))
    const p = parsed.data
    const at = this.now()
    this.db
      .prepare(
        `INSERT INTO catalog_products (catalog_id, product_id, name, description, price, currency, image, created_at, updated_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
         ON CONFLICT (catalog_id, product_id) DO UPDATE SET name = excluded.name, description = excluded.description,
           price = excluded.price, currency = excluded.currency, image = excluded.image, updated_at = excluded.updated_at`,
      )
      .run(p.catalogId, p.id, p.name, p.description, p.price, p.currency, p.image, at, at)
    return { ...p, updatedAt: at }
  }

  delete(catalogId: string, productId: string): boolean {
    return (
      this.db.prepare('DELETE FROM catalog_products WHERE catalog_id = ? AND product_id = ?').run(catalogId, productId)
        .changes > 0
    )
  }
}

export function toProduct(r: ProductRow): CatalogProduct {
  return {
    catalogId: r.catalog_id,
    id: r.product_id,
    name: r.name,
    description: r.description,
    price: r.price,
    currency: r.currency,
    image: r.image,
  }
}

function toStored(r: Row): StoredProduct {
  return { ...toProduct(r), updatedAt: r.updated_at }
}

/** What SPM and MPM read: the product as stored, or null when the catalogue does not hold it. */
export function createCatalogueEffect(store: CatalogStore): CatalogueEffect {
  return {
    async product(catalogId, productId) {
      const p = store.get(catalogId, productId)
      if (!p) return null
      const { updatedAt: _at, ...product } = p
      return product
    },
  }
}
