import type { SchemaMigration } from '../schema/types'

// Production servers the studio publishes to. `key` holds the API key as `key_storage` says: 'safeStorage' is
// ciphertext from Electron's safeStorage (base64), 'plain' is the key itself (the browser host and the CLI have no
// OS key store; the settings screen says so). Studio only.
export const migration010: SchemaMigration = {
  version: 10,
  name: 'publish_servers',
  steps: [
    {
      table: {
        name: 'publish_servers',
        stores: 'sqlite',
        columns: [
          { name: 'id', type: 'text', primaryKey: true },
          { name: 'name', type: 'text', unique: true },
          { name: 'base_url', type: 'text' },
          { name: 'key', type: 'text' },
          { name: 'key_storage', type: 'text', check: "key_storage IN ('safeStorage', 'plain')" },
          { name: 'created_at', type: 'bigint' },
        ],
        withoutRowid: true,
      },
    },
  ],
}
