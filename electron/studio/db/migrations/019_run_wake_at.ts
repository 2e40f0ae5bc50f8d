import type { SchemaMigration } from '../schema/types'

// Runs that wait on time (a Wait node, a "no reply within" option) must be woken when they fall due, by whichever
// host holds them, even after a restart. The instant is the engine's `dueAt(state)`, copied into its own column on
// every write of the run (null when the run does not wait on time), so a scheduler finds the next due runs with an
// index range scan instead of parsing every paused run's state. The index holds only the runs that wait on time.
export const migration019: SchemaMigration = {
  version: 19,
  name: 'run_wake_at',
  steps: [
    { addColumn: { table: 'runs', column: { name: 'wake_at', type: 'bigint', nullable: true } } },
    { index: { name: 'runs_wake_at', table: 'runs', columns: ['wake_at'], where: 'wake_at IS NOT NULL' } },
  ],
}
