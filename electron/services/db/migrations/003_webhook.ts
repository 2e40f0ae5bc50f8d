import type { SchemaMigration } from '../schema/types'

// One webhook secret per flow, keyed by the flow id rather than a foreign key: a secret outlives a soft delete so
// the holder of the key gets an honest 404 for a deleted flow (docs/webhook.md), and `chatflow secret` may create
// one for a flow imported later. The secret is stored as generated (the studio must be able to reveal it);
// the database file is the user's own, like the flows it holds.
export const migration003: SchemaMigration = {
  version: 3,
  name: 'webhook',
  steps: [
    {
      table: {
        name: 'webhook_secrets',
        columns: [
          { name: 'flow_id', type: 'text', primaryKey: true },
          { name: 'secret', type: 'text' },
          { name: 'created_at', type: 'bigint' },
          { name: 'rotated_at', type: 'bigint', nullable: true },
        ],
        withoutRowid: true,
      },
    },
  ],
}
