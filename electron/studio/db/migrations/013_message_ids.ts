import type { Migration } from './types'

// Which step sent which message: every outbound message is stored under its id, and each trace event lists the ids
// its node sent (shared/engine/sent.ts), so the emulator and the Flow Logs link a bubble to its step from the data.
// Rows written before this step have neither: their bubbles link to no step rather than to a guessed one.
export const migration013: Migration = {
  version: 13,
  name: 'message_ids',
  up(db) {
    db.exec(`
      ALTER TABLE messages ADD COLUMN message_id TEXT;
      ALTER TABLE trace_events ADD COLUMN message_ids TEXT;
    `)
  },
}
