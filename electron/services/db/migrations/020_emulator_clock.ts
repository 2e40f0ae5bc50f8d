import type { SchemaMigration } from '../schema/types'

// The emulator's clock: how far a tester has skipped ahead for a test contact ("Skip ahead", docs/emulator.md).
// The contact's runs are stepped at real time plus this offset, so a run that waits two hours wakes in a click and
// every later step keeps its order. Kept in the database so a reload or restart does not move the clock back
// under runs already stepped ahead. The studio's own table.
export const migration020: SchemaMigration = {
  version: 20,
  name: 'emulator_clock',
  steps: [
    {
      table: {
        name: 'emulator_clock',
        stores: 'sqlite',
        withoutRowid: true,
        columns: [
          {
            name: 'contact_id',
            type: 'text',
            primaryKey: true,
            references: { table: 'contacts', column: 'id', onDelete: 'cascade' },
          },
          { name: 'offset_ms', type: 'bigint', default: 0 },
        ],
      },
    },
  ],
}
