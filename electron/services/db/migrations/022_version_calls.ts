import type { SchemaMigration } from '../schema/types'

// Sub-flows (issue 30): a published version of a flow that calls other flows (Call Flow nodes) runs the callee
// versions it was published with, pinned, as Twilio Studio's subflows do: a later publish of the callee changes
// nothing for the callers already published. One row per (caller version, callee), written in the publish's
// transaction; the runtime's FlowSource answers a call from it (docs/publish-api.md, "Callees"). Both stores.
export const migration022: SchemaMigration = {
  version: 22,
  name: 'version_calls',
  steps: [
    {
      table: {
        name: 'flow_version_calls',
        columns: [
          { name: 'flow_id', type: 'text' },
          { name: 'version', type: 'integer' },
          { name: 'callee_id', type: 'text' },
          { name: 'callee_version', type: 'integer' },
        ],
        primaryKey: ['flow_id', 'version', 'callee_id'],
        withoutRowid: true,
      },
    },
  ],
}
