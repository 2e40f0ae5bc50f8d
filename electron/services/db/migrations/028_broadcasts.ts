import type { SchemaMigration } from '../schema/types'

// Broadcasts (issue #37, docs/runtime.md "Broadcasts"): a flow started for many contacts, paced, within the daily
// limit of new conversations, surviving restarts. A broadcast keeps its spec as given (JSON) and its status; each
// recipient is one row numbered within it (seq), with its state. A recipient's start writes `state = 'started'` and
// its `run_id` in the contact's own transaction (with the run), so a crash anywhere neither loses it nor starts it
// twice; `lease_until` is a claim on a pending recipient (PostgreSQL: several instances; SQLite: one process, kept in
// the row all the same so a restart finds it free). `new_conversation` marks a start outside the contact's 24-hour
// window: the daily limit counts those by `started_at`. The (state, due_at) index serves the claim of due pending
// recipients and the settling of started ones; the partial one the daily limit's count.
export const migration028: SchemaMigration = {
  version: 28,
  name: 'broadcasts',
  steps: [
    {
      table: {
        name: 'broadcasts',
        columns: [
          { name: 'id', type: 'text', primaryKey: true },
          { name: 'name', type: 'text' },
          { name: 'flow_id', type: 'text' },
          { name: 'spec', type: 'text' },
          {
            name: 'status',
            type: 'text',
            check: "status IN ('scheduled', 'running', 'paused', 'waiting_limit', 'done', 'cancelled')",
          },
          { name: 'created_at', type: 'bigint' },
          { name: 'started_at', type: 'bigint', nullable: true },
          { name: 'finished_at', type: 'bigint', nullable: true },
          { name: 'paused_at', type: 'bigint', nullable: true },
          { name: 'error', type: 'text', nullable: true },
        ],
      },
    },
    { index: { name: 'broadcasts_created', table: 'broadcasts', columns: ['created_at DESC'] } },
    {
      table: {
        name: 'broadcast_recipients',
        columns: [
          {
            name: 'broadcast_id',
            type: 'text',
            references: { table: 'broadcasts', column: 'id', onDelete: 'cascade' },
          },
          { name: 'seq', type: 'integer' },
          { name: 'phone', type: 'text' },
          { name: 'contact_id', type: 'text', nullable: true },
          { name: 'name', type: 'text', nullable: true },
          { name: 'fields', type: 'text', default: '{}' },
          { name: 'variables', type: 'text', default: '{}' },
          { name: 'due_at', type: 'bigint' },
          {
            name: 'state',
            type: 'text',
            check: "state IN ('pending', 'started', 'sent', 'failed', 'blocked', 'cancelled')",
          },
          { name: 'reason_code', type: 'text', nullable: true },
          { name: 'reason', type: 'text', nullable: true },
          { name: 'run_id', type: 'text', nullable: true },
          { name: 'cost', type: 'real', default: 0 },
          { name: 'templates', type: 'text', default: '[]' },
          { name: 'lease_until', type: 'bigint', default: 0 },
          { name: 'new_conversation', type: 'boolean', default: false },
          { name: 'started_at', type: 'bigint', nullable: true },
          { name: 'updated_at', type: 'bigint' },
        ],
        primaryKey: ['broadcast_id', 'seq'],
      },
    },
    {
      index: {
        name: 'broadcast_recipients_due',
        table: 'broadcast_recipients',
        // The claim's order whole, so a claim reads its few rows off the index instead of sorting every due one.
        columns: ['state', 'due_at', 'broadcast_id', 'seq'],
      },
    },
    // A broadcast's unfinished recipients (is it done?) and its pages by state, without walking its finished ones.
    {
      index: {
        name: 'broadcast_recipients_state',
        table: 'broadcast_recipients',
        columns: ['broadcast_id', 'state', 'seq'],
      },
    },
    {
      index: {
        name: 'broadcast_recipients_new',
        table: 'broadcast_recipients',
        columns: ['started_at'],
        where: 'new_conversation',
      },
    },
  ],
}
