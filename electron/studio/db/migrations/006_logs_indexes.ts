import type { Migration } from './types'

// Flow Logs viewer at 100,000+ runs: every filter of the executions list is a prefix of one index that ends in
// started_at, so "newest first, next page after (started_at, rowid)" is an index range scan without a sort
// (rowid is the implicit last column of every index on a rowid table; 002's runs_flow_started is DESC, which puts
// rowid in the wrong direction for that). runs_started serves retention by age.
export const migration006: Migration = {
  version: 6,
  name: 'logs_indexes',
  up(db) {
    db.exec(`
      CREATE INDEX runs_flow_started_seq ON runs (flow_id, started_at);
      CREATE INDEX runs_flow_status_started ON runs (flow_id, status, started_at);
      CREATE INDEX runs_flow_contact_started ON runs (flow_id, contact_id, started_at);
      CREATE INDEX runs_flow_trigger_started ON runs (flow_id, trigger_kind, started_at);
      CREATE INDEX runs_started ON runs (started_at);
    `)
  },
}
