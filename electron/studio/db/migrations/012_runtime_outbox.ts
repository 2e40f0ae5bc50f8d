import type { Migration } from './types'

// The headless runtime's outbox (docs/runtime.md, "Outbound messages"): every message a run step sends is written
// here in the step's own transaction, and a sender loop hands it to the channel adapter, so a crash between the
// commit and the send delays the message instead of losing it. `seq` is the commit order (per contact, the send
// order); `id` is the stable message id the receiver de-duplicates on. A row goes with its run (retention, purge,
// a deleted contact). The two partial indexes serve the runtime's sweeps, and the studio's own retention and
// expiry queries, without growing with the live rows they skip: finished runs by start time, paused runs by
// last activity.
export const migration012: Migration = {
  version: 12,
  name: 'runtime_outbox',
  up(db) {
    db.exec(`
      CREATE TABLE runtime_outbox (
        seq          INTEGER PRIMARY KEY,
        id           TEXT NOT NULL UNIQUE,
        run_id       TEXT NOT NULL REFERENCES runs (id) ON DELETE CASCADE,
        flow_id      TEXT NOT NULL,
        contact_id   TEXT NOT NULL,
        phone        TEXT NOT NULL,
        message      TEXT NOT NULL,
        created_at   INTEGER NOT NULL,
        status       TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sent', 'failed')),
        attempts     INTEGER NOT NULL DEFAULT 0,
        next_at      INTEGER NOT NULL DEFAULT 0,
        lease_until  INTEGER NOT NULL DEFAULT 0,
        last_error   TEXT,
        done_at      INTEGER
      );
      CREATE INDEX runtime_outbox_pending ON runtime_outbox (contact_id, seq) WHERE status = 'pending';
      CREATE INDEX runtime_outbox_run ON runtime_outbox (run_id);
      CREATE INDEX runs_finished_started ON runs (started_at) WHERE status IN ('ended', 'failed');
      CREATE INDEX runs_paused_updated ON runs (updated_at) WHERE status = 'paused';
    `)
  },
}
