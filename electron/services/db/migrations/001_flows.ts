import type { SchemaMigration } from '../schema/types'

// Flows keep the whole FlowDocument as JSON; name/active/updated_at are copied into columns so the list screen
// can search and sort without parsing documents. Times are epoch milliseconds (INTEGER) for cheap ordering.
// deleted_at makes delete undoable: the list hides such rows and the store purges them when the studio opens.
// The studio's own tables: the runtime's PostgreSQL store keeps published versions instead (008).
export const migration001: SchemaMigration = {
  version: 1,
  name: 'flows',
  steps: [
    {
      table: {
        name: 'flows',
        stores: 'sqlite',
        columns: [
          { name: 'id', type: 'text', primaryKey: true },
          { name: 'name', type: 'text' },
          { name: 'active', type: 'boolean', default: false },
          { name: 'document', type: 'text' },
          { name: 'revision', type: 'integer', default: 1 },
          { name: 'created_at', type: 'bigint' },
          { name: 'updated_at', type: 'bigint' },
          { name: 'deleted_at', type: 'bigint', nullable: true },
        ],
      },
    },
    { index: { name: 'flows_name', table: 'flows', columns: ['name COLLATE NOCASE'], stores: 'sqlite' } },
    { index: { name: 'flows_updated_at', table: 'flows', columns: ['updated_at'], stores: 'sqlite' } },
    { index: { name: 'flows_active', table: 'flows', columns: ['active'], stores: 'sqlite' } },
    {
      table: {
        name: 'flow_revisions',
        stores: 'sqlite',
        columns: [
          { name: 'flow_id', type: 'text', references: { table: 'flows', column: 'id', onDelete: 'cascade' } },
          { name: 'revision', type: 'integer' },
          { name: 'document', type: 'text' },
          { name: 'reason', type: 'text' },
          { name: 'created_at', type: 'bigint' },
        ],
        primaryKey: ['flow_id', 'revision'],
      },
    },
    {
      table: {
        name: 'settings',
        stores: 'sqlite',
        columns: [
          { name: 'key', type: 'text', primaryKey: true },
          { name: 'value', type: 'text' },
          { name: 'updated_at', type: 'bigint' },
        ],
      },
    },
  ],
}
