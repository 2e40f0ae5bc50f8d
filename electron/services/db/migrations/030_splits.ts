import type { SchemaMigration } from '../schema/types'

// The A/B split of a production server (issue #33, docs/runtime.md "A/B split"): new conversations of a flow go to
// one of two published versions, `percent` of them to `version_b`. `since` names the split (a change of percent
// alone keeps it; new versions make a new one), so an assignment made under an earlier split of the flow counts for
// nothing. `flow_split_assignments` keeps the version each contact was given the first time a run of the flow
// started for it during the split: sticky on every instance and after a restart, whatever the percent becomes.
export const migration030: SchemaMigration = {
  version: 30,
  name: 'splits',
  steps: [
    {
      table: {
        name: 'flow_splits',
        columns: [
          { name: 'flow_id', type: 'text', primaryKey: true },
          { name: 'version_a', type: 'integer' },
          { name: 'version_b', type: 'integer' },
          { name: 'percent', type: 'integer', check: 'percent BETWEEN 1 AND 99' },
          { name: 'since', type: 'bigint' },
          { name: 'updated_at', type: 'bigint' },
        ],
      },
    },
    {
      table: {
        name: 'flow_split_assignments',
        columns: [
          { name: 'flow_id', type: 'text' },
          { name: 'contact_id', type: 'text', references: { table: 'contacts', column: 'id', onDelete: 'cascade' } },
          { name: 'since', type: 'bigint' },
          { name: 'version', type: 'integer' },
          { name: 'assigned_at', type: 'bigint' },
        ],
        primaryKey: ['flow_id', 'contact_id'],
        withoutRowid: true,
      },
    },
  ],
}
