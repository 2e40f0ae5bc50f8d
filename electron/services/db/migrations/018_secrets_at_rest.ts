import type { SchemaMigration } from '../schema/types'
import { HASH_PREFIX, hashSecret, hintOf } from '../../webhook/secrets'

// Issue 39: secrets at rest. Webhook secrets were stored whole, for the studio to reveal them; only comparison
// needs them, so each is replaced by its SHA-256 digest (`sha256:<hex>`), with its last 4 characters kept as `hint`
// for the masked form. A secret is now shown once, when made or rotated (webhook/secrets.ts). In both stores:
// SQLite hashes in JavaScript (it has no SHA-256 function), PostgreSQL with its own sha256().
// Publish keys (the studio's production servers) may now also be kept as 'keyFile': AES-256-GCM under a key kept
// outside the database (publish/key-file.ts). SQLite cannot change a CHECK in place, so that table is rebuilt; its
// 'plain' rows are encrypted by the studio when it starts (publish/servers.ts, reprotect), where the key is known.
export const migration018: SchemaMigration = {
  version: 18,
  name: 'secrets_at_rest',
  steps: [
    { addColumn: { table: 'webhook_secrets', column: { name: 'hint', type: 'text', default: '' } } },
    {
      sql: {
        postgres: `UPDATE webhook_secrets SET hint = right(secret, 4),
          secret = '${HASH_PREFIX}' || encode(sha256(convert_to(secret, 'UTF8')), 'hex')
          WHERE secret NOT LIKE '${HASH_PREFIX}%'`,
        sqlite: `
          CREATE TABLE publish_servers_018 (
            id TEXT NOT NULL PRIMARY KEY,
            name TEXT NOT NULL UNIQUE,
            base_url TEXT NOT NULL,
            key TEXT NOT NULL,
            key_storage TEXT NOT NULL CHECK (key_storage IN ('safeStorage', 'keyFile', 'plain')),
            created_at INTEGER NOT NULL
          ) WITHOUT ROWID;
          INSERT INTO publish_servers_018 (id, name, base_url, key, key_storage, created_at)
            SELECT id, name, base_url, key, key_storage, created_at FROM publish_servers;
          DROP TABLE publish_servers;
          ALTER TABLE publish_servers_018 RENAME TO publish_servers;`,
      },
    },
  ],
  sqliteAfter(db) {
    const rows = db.prepare('SELECT flow_id, secret FROM webhook_secrets').all() as Array<{
      flow_id: string
      secret: string
    }>
    const set = db.prepare('UPDATE webhook_secrets SET secret = ?, hint = ? WHERE flow_id = ?')
    for (const r of rows)
      if (!r.secret.startsWith(HASH_PREFIX)) set.run(hashSecret(r.secret), hintOf(r.secret), r.flow_id)
  },
}
