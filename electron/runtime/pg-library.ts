// The templates and catalogue products a publish carried, in PostgreSQL (runtime_templates, runtime_catalog), and
// the effects the Template Message, SPM and MPM nodes read them through. The shapes are those of the SQLite
// stores' effects (electron/studio/effects): the checked definition as published, without bookkeeping.
import type { Pool, PoolClient } from 'pg'
import type { CatalogueEffect, TemplatesEffect } from '../../shared/engine/effects'
import type { PublishLibrary } from '../studio/publish/library'

/** Upserts the library inside the publish transaction `c`. */
export async function writeLibrary(c: Pick<PoolClient, 'query'>, library: PublishLibrary, at: number): Promise<void> {
  for (const t of library.templates) {
    await c.query(
      `INSERT INTO runtime_templates (name, language, definition, updated_at) VALUES ($1, $2, $3, $4)
       ON CONFLICT (name, language) DO UPDATE SET definition = excluded.definition, updated_at = excluded.updated_at`,
      [t.name, t.language, JSON.stringify(t), at],
    )
  }
  for (const p of library.catalog) {
    await c.query(
      `INSERT INTO runtime_catalog (catalog_id, product_id, definition, updated_at) VALUES ($1, $2, $3, $4)
       ON CONFLICT (catalog_id, product_id) DO UPDATE SET definition = excluded.definition, updated_at = excluded.updated_at`,
      [p.catalogId, p.id, JSON.stringify(p), at],
    )
  }
}

export function createPgLibraryEffects(pool: Pool): { templates: TemplatesEffect; catalogue: CatalogueEffect } {
  return {
    templates: {
      async get(name, language) {
        const { rows } = await pool.query<{ definition: string }>('SELECT definition FROM runtime_templates WHERE name = $1 AND language = $2', [name, language])
        return rows[0] ? (JSON.parse(rows[0].definition) as Record<string, unknown>) : null
      },
    },
    catalogue: {
      async product(catalogId, productId) {
        const { rows } = await pool.query<{ definition: string }>('SELECT definition FROM runtime_catalog WHERE catalog_id = $1 AND product_id = $2', [catalogId, productId])
        return rows[0] ? (JSON.parse(rows[0].definition) as Record<string, unknown>) : null
      },
    },
  }
}
