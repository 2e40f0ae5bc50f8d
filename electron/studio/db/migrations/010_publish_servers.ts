import type { Migration } from './types'

// Production servers the studio publishes to. `key` holds the API key as `key_storage` says: 'safeStorage' is
// ciphertext from Electron's safeStorage (base64), 'plain' is the key itself (the browser host and the CLI have no
// OS key store; the settings screen says so).
export const migration010: Migration = {
  version: 10,
  name: 'publish_servers',
  up(db) {
    db.exec(`
      CREATE TABLE publish_servers (
        id           TEXT PRIMARY KEY,
        name         TEXT NOT NULL UNIQUE,
        base_url     TEXT NOT NULL,
        key          TEXT NOT NULL,
        key_storage  TEXT NOT NULL CHECK (key_storage IN ('safeStorage', 'plain')),
        created_at   INTEGER NOT NULL
      ) WITHOUT ROWID;
    `)
  },
}
