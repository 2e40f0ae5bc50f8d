import type { SchemaMigration } from '../schema/types'

// Issue #37 (docs/runtime.md, "Broadcasts: the engine"): what the daily limit and the send pace share between runs
// and between instances.
// - `business_conversations`: the business-initiated conversation each contact has open, written where the message
//   that opens it is sent (a step's or a person's template to a contact outside the 24-hour window: a broadcast, a
//   webhook start, a run woken later, a person's reply), in the contact's transaction. One row per contact: a new
//   conversation moves `opened_at` only once the one before has run its 24 hours, so the daily limit (distinct
//   customers reached in a rolling 24 hours, the channel's rule) is the rows opened since a day ago.
// - `send_pace`: one token bucket per phone number in the database, so several PostgreSQL instances send at the
//   number's rate between them (each given the same --send-rate), whichever of them has the work. SQLite has the
//   table too (one schema), unused: one process sends from a SQLite file, so its pace is its own.
// - an index of started broadcast recipients by run, for the outbox's sent mark to settle them.
export const migration031: SchemaMigration = {
  version: 31,
  name: 'business_conversations',
  steps: [
    {
      table: {
        name: 'business_conversations',
        columns: [
          { name: 'contact_id', type: 'text', primaryKey: true },
          { name: 'opened_at', type: 'bigint' },
        ],
        withoutRowid: true,
      },
    },
    { index: { name: 'business_conversations_opened', table: 'business_conversations', columns: ['opened_at'] } },
    // A started recipient found by its run's id: PostgreSQL's outbox settles it with the sent mark of its run's last
    // message (pg-outbox.ts), and the broadcast runner counts those still waiting, off this small index.
    {
      index: {
        name: 'broadcast_recipients_started',
        table: 'broadcast_recipients',
        columns: ['run_id'],
        where: "state = 'started'",
      },
    },
    {
      table: {
        name: 'send_pace',
        columns: [
          { name: 'number', type: 'text', primaryKey: true },
          { name: 'tokens', type: 'real' },
          { name: 'at', type: 'bigint' },
          { name: 'granted', type: 'integer', default: 0 },
        ],
      },
    },
  ],
}
