import type { SchemaMigration } from '../schema/types'

// Conversation tests saved from the emulator, per flow, in the `chatflow test` YAML format (docs/testing.md), with
// the result of their last run so the flows list can show failing tests without running them again. Studio only.
export const migration004: SchemaMigration = {
  version: 4,
  name: 'conversation_tests',
  steps: [
    {
      table: {
        name: 'conversation_tests',
        stores: 'sqlite',
        columns: [
          { name: 'id', type: 'text', primaryKey: true },
          { name: 'flow_id', type: 'text' },
          { name: 'name', type: 'text' },
          { name: 'yaml', type: 'text' },
          { name: 'created_at', type: 'bigint' },
          { name: 'updated_at', type: 'bigint' },
          { name: 'last_run_at', type: 'bigint', nullable: true },
          { name: 'last_passed', type: 'boolean', nullable: true },
          { name: 'last_failures', type: 'text', nullable: true },
        ],
        unique: [['flow_id', 'name']],
      },
    },
  ],
}
