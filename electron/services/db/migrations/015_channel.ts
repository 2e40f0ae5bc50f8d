import type { SchemaMigration } from '../schema/types'

// The runtime's channel (docs/runtime.md, "The channel"): what the Cloud API calls each sent message (channel_id, the
// wamid its answer gave), the statuses its webhook reports for those ids, and the inbox where the webhook records
// each customer message before answering 200 (then processed in order per contact). Statuses are kept by channel id
// apart from the outbox, so a status that arrives before the send's answer is written is not lost; a message's
// delivery state is its outbox row joined with its status. The studio's Flow Logs read both (delivery states).
export const migration015: SchemaMigration = {
  version: 15,
  name: 'channel',
  steps: [
    { addColumn: { table: 'runtime_outbox', column: { name: 'channel_id', type: 'text', nullable: true } } },
    {
      index: {
        name: 'runtime_outbox_channel',
        table: 'runtime_outbox',
        columns: ['channel_id'],
        where: 'channel_id IS NOT NULL',
      },
    },
    {
      index: {
        name: 'runtime_outbox_failed',
        table: 'runtime_outbox',
        columns: ['run_id'],
        where: "status = 'failed'",
      },
    },
    {
      table: {
        name: 'runtime_channel_status',
        columns: [
          { name: 'channel_id', type: 'text', primaryKey: true },
          { name: 'state', type: 'text', check: "state IN ('sent', 'delivered', 'read', 'failed')" },
          { name: 'rank', type: 'integer' },
          { name: 'error', type: 'text', nullable: true },
          { name: 'at', type: 'bigint' },
          { name: 'received_at', type: 'bigint' },
        ],
        withoutRowid: true,
      },
    },
    {
      index: {
        name: 'runtime_channel_status_failed',
        table: 'runtime_channel_status',
        columns: ['channel_id'],
        where: "state = 'failed'",
      },
    },
    { index: { name: 'runtime_channel_status_received', table: 'runtime_channel_status', columns: ['received_at'] } },
    {
      table: {
        name: 'runtime_channel_inbox',
        columns: [
          { name: 'seq', type: 'serial', primaryKey: true },
          { name: 'message_id', type: 'text', unique: true },
          { name: 'phone', type: 'text' },
          { name: 'message', type: 'text' },
          { name: 'received_at', type: 'bigint' },
          { name: 'status', type: 'text', default: 'pending', check: "status IN ('pending', 'done', 'failed')" },
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
        name: 'runtime_channel_inbox_pending',
        table: 'runtime_channel_inbox',
        columns: ['phone', 'seq'],
        where: "status = 'pending'",
      },
    },
    { index: { name: 'runtime_channel_inbox_received', table: 'runtime_channel_inbox', columns: ['received_at'] } },
  ],
}
