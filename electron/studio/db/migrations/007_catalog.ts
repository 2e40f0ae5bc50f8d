import type { Migration } from './types'

// The local product catalogue the SPM and MPM nodes send from (docs/integrations.md, "Product catalogue").
// Products are named as on the channel: a catalogue id and the product's retailer id.
export const migration007: Migration = {
  version: 7,
  name: 'catalog',
  up(db) {
    db.exec(`
      CREATE TABLE catalog_products (
        catalog_id   TEXT NOT NULL,
        product_id   TEXT NOT NULL,
        name         TEXT NOT NULL,
        description  TEXT NOT NULL DEFAULT '',
        price        REAL NOT NULL CHECK (price >= 0),
        currency     TEXT NOT NULL,
        image        TEXT NOT NULL DEFAULT '',
        created_at   INTEGER NOT NULL,
        updated_at   INTEGER NOT NULL,
        PRIMARY KEY (catalog_id, product_id)
      ) WITHOUT ROWID;
    `)
  },
}
