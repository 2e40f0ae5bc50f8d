import type { Migration } from './types'

// Flows keep the whole FlowDocument as JSON; name/active/updated_at are copied into columns so the list screen
// can search and sort without parsing documents. Times are epoch milliseconds (INTEGER) for cheap ordering.
// deleted_at makes delete undoable: the list hides such rows and the store purges them when the studio opens.
export const migration001: Migration = {
  version: 1,
  name: 'flows',
  up(db) {
    db.exec(`
      CREATE TABLE flows (
        id          TEXT PRIMARY KEY,
        name        TEXT NOT NULL,
        active      INTEGER NOT NULL DEFAULT 0 CHECK (active IN (0, 1)),
        document    TEXT NOT NULL,
        revision    INTEGER NOT NULL DEFAULT 1,
        created_at  INTEGER NOT NULL,
        updated_at  INTEGER NOT NULL,
        deleted_at  INTEGER
      );
      CREATE INDEX flows_name ON flows (name COLLATE NOCASE);
      CREATE INDEX flows_updated_at ON flows (updated_at);
      CREATE INDEX flows_active ON flows (active);

      CREATE TABLE flow_revisions (
        flow_id     TEXT NOT NULL REFERENCES flows (id) ON DELETE CASCADE,
        revision    INTEGER NOT NULL,
        document    TEXT NOT NULL,
        reason      TEXT NOT NULL,
        created_at  INTEGER NOT NULL,
        PRIMARY KEY (flow_id, revision)
      );

      CREATE TABLE settings (
        key         TEXT PRIMARY KEY,
        value       TEXT NOT NULL,
        updated_at  INTEGER NOT NULL
      );
    `)
  },
}
