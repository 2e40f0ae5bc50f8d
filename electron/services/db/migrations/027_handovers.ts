import type { SchemaMigration } from '../schema/types'

// A person taking over a conversation (issue #37, docs/engine.md "The conversation core", rules 14-17). A takeover is
// the contact's state, not a run's: `handovers` keeps every one, the open one being the contact's row with no
// `ended_at` (at most one: the partial unique index, on both stores). `run_id`/`flow_id`/`node_id` name the Hand over
// node's run when a node started it; `return_vars` is the JSON of the variables the hand-back set. Both stores hold
// them: the studio's contacts and the runtime's customers. `handover_messages` is the takeover's transcript: what the
// customer wrote while a person had the conversation (recorded, not routed) and what the person answered, in order.
export const migration027: SchemaMigration = {
  version: 27,
  name: 'handovers',
  steps: [
    {
      table: {
        name: 'handovers',
        columns: [
          { name: 'id', type: 'text', primaryKey: true },
          { name: 'contact_id', type: 'text', references: { table: 'contacts', column: 'id', onDelete: 'cascade' } },
          { name: 'run_id', type: 'text', nullable: true },
          { name: 'flow_id', type: 'text', nullable: true },
          { name: 'node_id', type: 'text', nullable: true },
          { name: 'since', type: 'bigint' },
          { name: 'until', type: 'bigint', nullable: true },
          { name: 'by', type: 'text', check: "by IN ('node', 'api', 'studio')" },
          { name: 'note', type: 'text', nullable: true },
          { name: 'ended_at', type: 'bigint', nullable: true },
          { name: 'ended_by', type: 'text', nullable: true, check: "ended_by IN ('api', 'studio', 'timeout')" },
          { name: 'return_vars', type: 'text', nullable: true },
        ],
      },
    },
    { index: { name: 'handovers_contact', table: 'handovers', columns: ['contact_id', 'ended_at'] } },
    {
      index: {
        name: 'handovers_open',
        table: 'handovers',
        columns: ['contact_id'],
        where: 'ended_at IS NULL',
        unique: true,
      },
    },
    { index: { name: 'handovers_since', table: 'handovers', columns: ['since DESC'] } },
    {
      table: {
        name: 'handover_messages',
        columns: [
          {
            name: 'handover_id',
            type: 'text',
            references: { table: 'handovers', column: 'id', onDelete: 'cascade' },
          },
          { name: 'seq', type: 'integer' },
          { name: 'at', type: 'bigint' },
          { name: 'direction', type: 'text', check: "direction IN ('in', 'out')" },
          { name: 'message', type: 'text' },
        ],
        primaryKey: ['handover_id', 'seq'],
        withoutRowid: true,
      },
    },
    // The runtime's takeover notifications (electron/runtime/handover-notifier.ts): written in the takeover's own
    // transaction and POSTed from here, at least once, as the outbox sends messages. `body` is the JSON exactly as
    // sent (the signature is over it); `id` the stable delivery id the receiver de-duplicates on.
    {
      table: {
        name: 'handover_notifications',
        columns: [
          { name: 'seq', type: 'serial', primaryKey: true },
          { name: 'id', type: 'text', unique: true },
          { name: 'handover_id', type: 'text' },
          { name: 'event', type: 'text', check: "event IN ('handover.started', 'handover.ended')" },
          { name: 'body', type: 'text' },
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
        name: 'handover_notifications_pending',
        table: 'handover_notifications',
        columns: ['next_at'],
        where: "status = 'pending'",
      },
    },
    // The runtime's timer finds API and studio takeovers whose `until` has come without reading ended ones.
    { index: { name: 'handovers_open_until', table: 'handovers', columns: ['until'], where: 'ended_at IS NULL' } },
  ],
}
