import type { SchemaMigration } from '../schema/types'

// The headless runtime's outbox (docs/runtime.md, "Outbound messages"): every message a run step sends is written
// here in the step's own transaction, and a sender loop hands it to the channel adapter, so a crash between the
// commit and the send delays the message instead of losing it. `seq` is the commit order (per contact, the send
// order); `id` is the stable message id the receiver de-duplicates on. A row goes with its run (retention, purge,
// a deleted contact). The two partial indexes serve the runtime's sweeps, and the studio's own retention and
// expiry queries, without growing with the live rows they skip: finished runs by start time, paused runs by
// last activity.
export const migration012: SchemaMigration = {
  version: 12,
  name: 'runtime_outbox',
  steps: [
    {
      table: {
        name: 'runtime_outbox',
        columns: [
          { name: 'seq', type: 'serial', primaryKey: true },
          { name: 'id', type: 'text', unique: true },
          { name: 'run_id', type: 'text', references: { table: 'runs', column: 'id', onDelete: 'cascade' } },
          { name: 'flow_id', type: 'text' },
          { name: 'contact_id', type: 'text' },
          { name: 'phone', type: 'text' },
          { name: 'message', type: 'text' },
          { name: 'created_at', type: 'bigint' },
          { name: 'status', type: 'text', default: 'pending', check: "status IN ('pending', 'sent', 'failed')" },
          { name: 'attempts', type: 'integer', default: 0 },
          { name: 'next_at', type: 'bigint', default: 0 },
          { name: 'lease_until', type: 'bigint', default: 0 },
          { name: 'last_error', type: 'text', nullable: true },
          { name: 'done_at', type: 'bigint', nullable: true },
        ],
      },
    },
    {
      index: {
        name: 'runtime_outbox_pending',
        table: 'runtime_outbox',
        columns: ['contact_id', 'seq'],
        where: "status = 'pending'",
      },
    },
    { index: { name: 'runtime_outbox_run', table: 'runtime_outbox', columns: ['run_id'] } },
    {
      index: {
        name: 'runs_finished_started',
        table: 'runs',
        columns: ['started_at'],
        where: "status IN ('ended', 'failed')",
      },
    },
    { index: { name: 'runs_paused_updated', table: 'runs', columns: ['updated_at'], where: "status = 'paused'" } },
  ],
}
