import type { SchemaMigration } from '../schema/types'

// Breakpoints of the debugger (issue 32), per flow: on a node (before it runs) or on a connection (when the run takes
// it), each with an on/off switch and an optional condition (an expression template). They belong to the studio
// that set them, not to the flow's document: a draft saved, published or exported without asking stays as it was.
// `position` keeps the order the designer set them in (the Breakpoints list). Gone with the flow.
export const migration024: SchemaMigration = {
  version: 24,
  name: 'breakpoints',
  steps: [
    {
      table: {
        name: 'breakpoints',
        stores: 'sqlite',
        withoutRowid: true,
        primaryKey: ['flow_id', 'id'],
        columns: [
          { name: 'flow_id', type: 'text', references: { table: 'flows', column: 'id', onDelete: 'cascade' } },
          { name: 'id', type: 'text' },
          { name: 'position', type: 'integer' },
          { name: 'kind', type: 'text', check: "kind IN ('node', 'edge')" },
          { name: 'target_id', type: 'text' },
          { name: 'enabled', type: 'boolean' },
          { name: 'condition', type: 'text', nullable: true },
        ],
      },
    },
  ],
}
