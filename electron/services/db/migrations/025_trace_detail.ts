import type { SchemaMigration } from '../schema/types'

// Why a node chose its port, as the node tells it (TraceEvent.detail): an Intent node's score for every intent and
// the provider that gave them (issue 34). Kept beside the step so the emulator's step trace and Flow Logs show it
// for a run read back later, in both stores. Rows written before this step have none: they show no scores.
export const migration025: SchemaMigration = {
  version: 25,
  name: 'trace_detail',
  steps: [{ addColumn: { table: 'trace_events', column: { name: 'detail', type: 'text', nullable: true } } }],
}
