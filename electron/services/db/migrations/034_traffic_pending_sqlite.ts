import type { SchemaMigration } from '../schema/types'

// SQLite's pending traffic counts (issue #33, docs/runtime.md "Issue 33: traffic aggregates"): `chatflow serve` on
// SQLite appends each group commit's counts here as one row (the JSON of its TrafficBatch, as PostgreSQL's migration
// 032) instead of adding them to the four aggregate tables; a fold about once a second, and before every read, adds
// the rows' sums to migration 029's tables and deletes them in one transaction, so each count is in exactly one of
// the two places at any time. Under load a commit holds a step or two: adding to the aggregates put four more pages
// (one per table) and eight upserts into every commit, the largest part of what keeping them cost (+12-18 % CPU per
// message); one appended row is one page and one insert. The studio adds its own runs' counts directly (its steps
// are few) and leaves this table empty.
export const migration034: SchemaMigration = {
  version: 34,
  name: 'traffic_pending_sqlite',
  steps: [{ table: { name: 'traffic_pending', columns: [{ name: 'counts', type: 'text' }], stores: 'sqlite' } }],
}
