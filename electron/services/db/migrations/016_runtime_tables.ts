import type { SchemaMigration } from '../schema/types'

// The runtime's remaining tables, in the one schema at last (SQLite's runtime used to create them when it opened,
// so they may exist already): the inbound message ids it has processed, for exactly-once handling of redeliveries
// (the ids are forgotten after a while, hence the index on received_at), and the deliveries the channel refused for
// good. And the name of each published version, which the versions list shows (SQLite read it out of the document).
export const migration016: SchemaMigration = {
  version: 16,
  name: 'runtime_tables',
  steps: [
    {
      table: {
        name: 'runtime_inbound',
        ifNotExists: true,
        columns: [
          { name: 'message_id', type: 'text', primaryKey: true },
          { name: 'contact_id', type: 'text' },
          { name: 'action', type: 'text' },
          { name: 'run_id', type: 'text', nullable: true },
          { name: 'received_at', type: 'bigint' },
        ],
        withoutRowid: true,
      },
    },
    {
      index: {
        name: 'runtime_inbound_received',
        table: 'runtime_inbound',
        columns: ['received_at'],
        ifNotExists: true,
      },
    },
    {
      table: {
        name: 'runtime_deliveries',
        ifNotExists: true,
        columns: [
          { name: 'id', type: 'rowid', primaryKey: true },
          { name: 'run_id', type: 'text' },
          { name: 'contact_id', type: 'text' },
          { name: 'message', type: 'text' },
          { name: 'adapter', type: 'text' },
          { name: 'attempts', type: 'integer' },
          { name: 'error', type: 'text' },
          { name: 'at', type: 'bigint' },
        ],
      },
    },
    { index: { name: 'runtime_deliveries_run', table: 'runtime_deliveries', columns: ['run_id'], ifNotExists: true } },
    { addColumn: { table: 'flow_versions', column: { name: 'name', type: 'text', default: '' } } },
    {
      sql: {
        sqlite: "UPDATE flow_versions SET name = coalesce(json_extract(document, '$.name'), '');",
        postgres: "UPDATE flow_versions SET name = coalesce(document::json->>'name', '');",
      },
    },
  ],
}
