import type { Migration } from './types'

// The runtime's channel (docs/runtime.md, "The channel"): what the Cloud API calls each sent message (channel_id, the
// wamid its answer gave), the statuses its webhook reports for those ids, and the inbox where the webhook records
// each customer message before answering 200 (then processed in order per contact). Statuses are kept by channel id
// apart from the outbox, so a status that arrives before the send's answer is written is not lost; a message's
// delivery state is its outbox row joined with its status. The studio's Flow Logs read both (delivery states).
export const migration015: Migration = {
  version: 15,
  name: 'channel',
  up(db) {
    db.exec(`
      ALTER TABLE runtime_outbox ADD COLUMN channel_id TEXT;
      CREATE INDEX runtime_outbox_channel ON runtime_outbox (channel_id) WHERE channel_id IS NOT NULL;
      CREATE INDEX runtime_outbox_failed ON runtime_outbox (run_id) WHERE status = 'failed';
      CREATE TABLE runtime_channel_status (
        channel_id  TEXT PRIMARY KEY,
        state       TEXT NOT NULL CHECK (state IN ('sent', 'delivered', 'read', 'failed')),
        rank        INTEGER NOT NULL,
        error       TEXT,
        at          INTEGER NOT NULL,
        received_at INTEGER NOT NULL
      ) WITHOUT ROWID;
      CREATE INDEX runtime_channel_status_failed ON runtime_channel_status (channel_id) WHERE state = 'failed';
      CREATE INDEX runtime_channel_status_received ON runtime_channel_status (received_at);
      CREATE TABLE runtime_channel_inbox (
        seq         INTEGER PRIMARY KEY,
        message_id  TEXT NOT NULL UNIQUE,
        phone       TEXT NOT NULL,
        message     TEXT NOT NULL,
        received_at INTEGER NOT NULL,
        status      TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'done', 'failed')),
        attempts    INTEGER NOT NULL DEFAULT 0,
        next_at     INTEGER NOT NULL DEFAULT 0,
        lease_until INTEGER NOT NULL DEFAULT 0,
        last_error  TEXT,
        done_at     INTEGER
      );
      CREATE INDEX runtime_channel_inbox_pending ON runtime_channel_inbox (phone, seq) WHERE status = 'pending';
      CREATE INDEX runtime_channel_inbox_received ON runtime_channel_inbox (received_at);
    `)
  },
}
