import type { SchemaMigration } from '../schema/types'

// The product catalogue the SPM and MPM nodes send from (docs/integrations.md, "Product catalogue"): the studio's
// own, and in the runtime the products a publish carried. Products are named as on the channel: a catalogue id and
// the product's retailer id.
export const migration007: SchemaMigration = {
  version: 7,
  name: 'catalog',
  steps: [
    {
      table: {
        name: 'catalog_products',
        columns: [
          { name: 'catalog_id', type: 'text' },
          { name: 'product_id', type: 'text' },
          { name: 'name', type: 'text' },
          { name: 'description', type: 'text', default: '' },
          { name: 'price', type: 'real', check: 'price >= 0' },
          { name: 'currency', type: 'text' },
          { name: 'image', type: 'text', default: '' },
          { name: 'created_at', type: 'bigint' },
          { name: 'updated_at', type: 'bigint' },
        ],
        primaryKey: ['catalog_id', 'product_id'],
        withoutRowid: true,
      },
    },
  ],
}
