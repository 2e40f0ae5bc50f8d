import type { SchemaMigration } from '../schema/types'

// Skips in the emulator that woke nothing (issue 31): "Skip ahead" moved the test contact's clock while its run
// waited, and the run went on waiting (or its 24-hour window closed). Nothing of the run records that time passed,
// yet it decides what the run does next (a later timeout counts from its start, the window closes), so a
// conversation saved as a test from the run writes it as a `- wait:` turn (emulator/transcript.ts), and needs to
// know where and when: `after_seq` is the run's last trace event when the clock moved (the turn goes after it),
// `at` the contact's clock after the skip (epoch ms). The studio's own table; gone with the run.
export const migration023: SchemaMigration = {
  version: 23,
  name: 'emulator_skips',
  steps: [
    {
      table: {
        name: 'emulator_skips',
        stores: 'sqlite',
        withoutRowid: true,
        primaryKey: ['run_id', 'at'],
        columns: [
          { name: 'run_id', type: 'text', references: { table: 'runs', column: 'id', onDelete: 'cascade' } },
          { name: 'after_seq', type: 'integer' },
          { name: 'at', type: 'bigint' },
        ],
      },
    },
  ],
}
