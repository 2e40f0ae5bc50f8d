import type { Migration } from './types'

// Flow Logs. A run row carries its serialised RunState (state) so a paused run resumes in any process; the other
// columns are copies the log viewer filters and sorts on. trace_events and messages are append-only, keyed by the
// run and a per-run sequence. runs.flow_id is not a foreign key: a run of a flow file (CLI, tests) has no flows row,
// and the log of a deleted flow stays readable until the run rows are purged.
export const migration002: Migration = {
  version: 2,
  name: 'runs',
  up(db) {
    db.exec(`
      CREATE TABLE contacts (
        id               TEXT PRIMARY KEY,
        name             TEXT NOT NULL,
        phone            TEXT NOT NULL UNIQUE CHECK (phone GLOB '+[0-9]*'),
        opted_in         INTEGER NOT NULL DEFAULT 1 CHECK (opted_in IN (0, 1)),
        last_inbound_at  INTEGER,
        fields           TEXT NOT NULL DEFAULT '{}',
        created_at       INTEGER NOT NULL,
        updated_at       INTEGER NOT NULL
      );
      CREATE INDEX contacts_name ON contacts (name COLLATE NOCASE);

      CREATE TABLE runs (
        id            TEXT PRIMARY KEY,
        flow_id       TEXT NOT NULL,
        flow_name     TEXT NOT NULL,
        contact_id    TEXT NOT NULL REFERENCES contacts (id) ON DELETE CASCADE,
        status        TEXT NOT NULL CHECK (status IN ('executing', 'paused', 'ended', 'failed')),
        trigger_kind  TEXT NOT NULL,
        end_reason    TEXT,
        error_code    TEXT,
        error_message TEXT,
        state         TEXT NOT NULL,
        node_count    INTEGER NOT NULL DEFAULT 0,
        exec_ms       REAL NOT NULL DEFAULT 0,
        started_at    INTEGER NOT NULL,
        updated_at    INTEGER NOT NULL,
        ended_at      INTEGER
      );
      CREATE INDEX runs_flow_started ON runs (flow_id, started_at DESC);
      CREATE INDEX runs_status ON runs (status);
      CREATE INDEX runs_contact_status ON runs (contact_id, status);

      CREATE TABLE trace_events (
        run_id       TEXT NOT NULL REFERENCES runs (id) ON DELETE CASCADE,
        seq          INTEGER NOT NULL,
        node_id      TEXT NOT NULL,
        node_name    TEXT NOT NULL,
        node_type    TEXT NOT NULL,
        phase        TEXT NOT NULL CHECK (phase IN ('run', 'resume')),
        input        TEXT,
        output       TEXT,
        port         TEXT,
        started_at   INTEGER NOT NULL,
        duration_ms  REAL NOT NULL,
        error_code   TEXT,
        error_message TEXT,
        warnings     TEXT,
        PRIMARY KEY (run_id, seq)
      ) WITHOUT ROWID;
      CREATE INDEX trace_events_node ON trace_events (node_id);

      CREATE TABLE messages (
        run_id      TEXT NOT NULL REFERENCES runs (id) ON DELETE CASCADE,
        seq         INTEGER NOT NULL,
        contact_id  TEXT NOT NULL,
        direction   TEXT NOT NULL CHECK (direction IN ('in', 'out')),
        type        TEXT NOT NULL,
        payload     TEXT NOT NULL,
        created_at  INTEGER NOT NULL,
        PRIMARY KEY (run_id, seq)
      ) WITHOUT ROWID;
      CREATE INDEX messages_contact ON messages (contact_id, created_at);
    `)
  },
}
