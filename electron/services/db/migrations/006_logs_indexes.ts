import type { SchemaMigration } from '../schema/types'

// Flow Logs viewer at 100,000+ runs: every filter of the executions list is a prefix of one index that ends in
// started_at, so "newest first, next page after (started_at, rowid)" is an index range scan without a sort
// (rowid is the implicit last column of every index on a rowid table; 002's runs_flow_started is DESC, which puts
// rowid in the wrong direction for that). runs_started serves retention by age. The viewer is the studio's.
const index = (name: string, columns: string[]) => ({
  index: { name, table: 'runs', columns, stores: 'sqlite' as const },
})

export const migration006: SchemaMigration = {
  version: 6,
  name: 'logs_indexes',
  steps: [
    index('runs_flow_started_seq', ['flow_id', 'started_at']),
    index('runs_flow_status_started', ['flow_id', 'status', 'started_at']),
    index('runs_flow_contact_started', ['flow_id', 'contact_id', 'started_at']),
    index('runs_flow_trigger_started', ['flow_id', 'trigger_kind', 'started_at']),
    index('runs_started', ['started_at']),
  ],
}
