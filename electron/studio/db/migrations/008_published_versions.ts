import type { Migration } from './types'

// Versions of flows published to this runtime through the publish API (docs/publish-api.md). Every publish is a
// new immutable version; `published_flows` says which version runs. The running document itself is the flow's
// row in `flows`, written in the same transaction, so the webhook listener needs no knowledge of versions.
export const migration008: Migration = {
  version: 8,
  name: 'published_versions',
  up(db) {
    db.exec(`
      CREATE TABLE flow_versions (
        flow_id       TEXT NOT NULL,
        version       INTEGER NOT NULL,
        document      TEXT NOT NULL,
        published_at  INTEGER NOT NULL,
        PRIMARY KEY (flow_id, version)
      ) WITHOUT ROWID;
      CREATE TABLE published_flows (
        flow_id         TEXT PRIMARY KEY,
        active_version  INTEGER NOT NULL,
        activated_at    INTEGER NOT NULL
      ) WITHOUT ROWID;
    `)
  },
}
