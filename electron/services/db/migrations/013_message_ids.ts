import type { SchemaMigration } from '../schema/types'

// Which step sent which message: every outbound message is stored under its id, and each trace event lists the ids
// its node sent (shared/engine/sent.ts), so the emulator links a bubble to its step from the data. Rows written
// before this step have neither: their bubbles link to no step rather than to a guessed one.
export const migration013: SchemaMigration = {
  version: 13,
  name: 'message_ids',
  steps: [
    { addColumn: { table: 'messages', column: { name: 'message_id', type: 'text', nullable: true } } },
    { addColumn: { table: 'trace_events', column: { name: 'message_ids', type: 'text', nullable: true } } },
  ],
}
