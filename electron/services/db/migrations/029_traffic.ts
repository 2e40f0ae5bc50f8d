import type { Column, SchemaMigration } from '../schema/types'

// Traffic aggregates (issue #33, docs/logs.md "Traffic aggregates"): counts kept as runs move and end, so the canvas
// overlay and the goal funnel read a few rows per node and day instead of scanning traces. Written by every step, in
// the step's transaction, on both stores (electron/services/traffic). Every count of a run belongs to its cohort:
// its flow, the version it started on (`runs.flow_version`) and the UTC day it started (days since 1970-01-01), so
// sums over any range of days count each run once. Rows are upserted by adding to them (`waiting` also goes down
// when a run leaves the node it waited at). Kept when runs are deleted (retention, purge): they are the history.
const key: Column[] = [
  { name: 'flow_id', type: 'text' },
  { name: 'day', type: 'integer' },
  { name: 'version', type: 'integer' },
]

export const migration029: SchemaMigration = {
  version: 29,
  name: 'traffic',
  steps: [
    // The version a run started on: the published version on `chatflow serve`, the flow's saved revision for the
    // studio's own runs; null for runs stored before this step (they are not counted).
    { addColumn: { table: 'runs', column: { name: 'flow_version', type: 'integer', nullable: true } } },
    {
      table: {
        name: 'traffic_runs',
        columns: [
          ...key,
          { name: 'started', type: 'integer', default: 0 },
          { name: 'ended', type: 'integer', default: 0 },
          { name: 'failed', type: 'integer', default: 0 },
          { name: 'expired', type: 'integer', default: 0 },
          { name: 'abandoned', type: 'integer', default: 0 },
          { name: 'turns', type: 'integer', default: 0 },
        ],
        primaryKey: ['flow_id', 'day', 'version'],
        withoutRowid: true,
      },
    },
    {
      table: {
        name: 'traffic_nodes',
        columns: [
          ...key,
          { name: 'node_id', type: 'text' },
          { name: 'reached', type: 'integer', default: 0 },
          { name: 'ended', type: 'integer', default: 0 },
          { name: 'failed', type: 'integer', default: 0 },
          { name: 'expired', type: 'integer', default: 0 },
          { name: 'abandoned', type: 'integer', default: 0 },
          { name: 'waiting', type: 'integer', default: 0 },
        ],
        primaryKey: ['flow_id', 'day', 'version', 'node_id'],
        withoutRowid: true,
      },
    },
    {
      table: {
        name: 'traffic_edges',
        columns: [
          ...key,
          { name: 'from_node', type: 'text' },
          { name: 'port', type: 'text' },
          { name: 'to_node', type: 'text' },
          { name: 'runs', type: 'integer', default: 0 },
        ],
        primaryKey: ['flow_id', 'day', 'version', 'from_node', 'port', 'to_node'],
        withoutRowid: true,
      },
    },
    {
      // Answer times at waiting nodes as a fixed log-scale histogram (electron/services/traffic/answer-buckets.ts):
      // a median over any period is read from the summed buckets.
      table: {
        name: 'traffic_answers',
        columns: [
          ...key,
          { name: 'node_id', type: 'text' },
          { name: 'bucket', type: 'integer' },
          { name: 'answers', type: 'integer', default: 0 },
        ],
        primaryKey: ['flow_id', 'day', 'version', 'node_id', 'bucket'],
        withoutRowid: true,
      },
    },
  ],
}
