import type { SchemaMigration } from '../schema/types'

// Versions of flows published to this runtime through the publish API (docs/publish-api.md). Every publish is a
// new immutable version; `published_flows` says which version runs. In SQLite the running document is also the
// flow's row in `flows`, written in the same transaction, so the webhook listener needs no knowledge of versions.
export const migration008: SchemaMigration = {
  version: 8,
  name: 'published_versions',
  steps: [
    {
      table: {
        name: 'flow_versions',
        columns: [
          { name: 'flow_id', type: 'text' },
          { name: 'version', type: 'integer' },
          { name: 'document', type: 'text' },
          { name: 'published_at', type: 'bigint' },
        ],
        primaryKey: ['flow_id', 'version'],
        withoutRowid: true,
      },
    },
    {
      table: {
        name: 'published_flows',
        columns: [
          { name: 'flow_id', type: 'text', primaryKey: true },
          { name: 'active_version', type: 'integer' },
          { name: 'activated_at', type: 'bigint' },
        ],
        withoutRowid: true,
      },
    },
  ],
}
