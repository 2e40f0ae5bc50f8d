import type { Migration } from './types'

// Conversation tests saved from the emulator, per flow, in the `chatflow test` YAML format (docs/testing.md), with
// the result of their last run so the flows list can show failing tests without running them again.
export const migration004: Migration = {
  version: 4,
  name: 'conversation_tests',
  up(db) {
    db.exec(`
      CREATE TABLE conversation_tests (
        id            TEXT PRIMARY KEY,
        flow_id       TEXT NOT NULL,
        name          TEXT NOT NULL,
        yaml          TEXT NOT NULL,
        created_at    INTEGER NOT NULL,
        updated_at    INTEGER NOT NULL,
        last_run_at   INTEGER,
        last_passed   INTEGER CHECK (last_passed IN (0, 1)),
        last_failures TEXT,
        UNIQUE (flow_id, name)
      );
    `)
  },
}
