import type { SchemaMigration } from '../schema/types'

// PostgreSQL's pending traffic counts (issue #33, electron/runtime/pg-traffic-fold.ts): each step appends its counts
// here as one row (the JSON of its TrafficBatch) instead of adding them to the aggregates' shared rows of its flow
// and day, which concurrent steps queued on; a fold deletes the rows it sees and adds their sums to migration 029's
// tables in one transaction, so each count is in one of the two places at any time. Insert-only between folds: no
// key, no index. SQLite had one writer adding to the aggregates once per group commit; migration 034 gives it one too.
export const migration032: SchemaMigration = {
  version: 32,
  name: 'traffic_pending',
  steps: [{ table: { name: 'traffic_pending', columns: [{ name: 'counts', type: 'text' }], stores: 'postgres' } }],
}
