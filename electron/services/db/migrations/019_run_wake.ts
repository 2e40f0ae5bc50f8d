import type { SchemaMigration } from '../schema/types'

// Time in flows (issue 31): a paused run may wait on time (a Wait node, a "no reply within" on a waiting node).
// `wake_at` is the instant it must be woken (the engine's dueAt(state), epoch ms; null when it waits on nothing
// but the customer, or is not paused), written with the run row by every step commit, in both stores. The partial
// index holds only the runs waiting on time, so "which runs are due" reads the few due entries whatever the
// number of runs. `wake_lease` is the PostgreSQL runtime's claim on a due run (epoch ms; 0: none): an instance
// that took it to wake it holds it until then, so two instances do not both work on it; a crashed instance's
// claim runs out. SQLite's runtime (one process per file) keeps its claims in memory and leaves it 0.
export const migration019: SchemaMigration = {
  version: 19,
  name: 'run_wake',
  steps: [
    { addColumn: { table: 'runs', column: { name: 'wake_at', type: 'bigint', nullable: true } } },
    { addColumn: { table: 'runs', column: { name: 'wake_lease', type: 'bigint', default: 0 } } },
    { index: { name: 'runs_wake', table: 'runs', columns: ['wake_at'], where: 'wake_at IS NOT NULL' } },
  ],
}
