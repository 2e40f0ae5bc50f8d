import type { Migration } from './types'

// One webhook secret per flow, keyed by the flow id rather than a foreign key: a secret outlives a soft delete so
// the holder of the key gets an honest 404 for a deleted flow (docs/webhook.md), and `chatflow secret` may create
// one for a flow imported later. The secret is stored as generated (the studio must be able to reveal it);
// the database file is the user's own, like the flows it holds.
export const migration003: Migration = {
  version: 3,
  name: 'webhook',
  up(db) {
    db.exec(`
      CREATE TABLE webhook_secrets (
        flow_id     TEXT PRIMARY KEY,
        secret      TEXT NOT NULL,
        created_at  INTEGER NOT NULL,
        rotated_at  INTEGER
      ) WITHOUT ROWID;
    `)
  },
}
