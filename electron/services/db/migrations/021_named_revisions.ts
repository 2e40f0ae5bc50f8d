import type { SchemaMigration } from '../schema/types'
import { REVISIONS_KEPT } from './009_revision_history'

// Named versions (issue 36): a revision may carry a name ("holiday hours") and a description. A named revision is
// kept when the bound of migration 009 prunes old ones: the trigger now deletes only unnamed revisions, so a name
// is how a designer keeps a version for good. Publishing names the revision it publishes and records which
// revision each server got as which version, so the flows list can show each server's version beside the draft.
// The studio's own tables, so SQLite only.

export const migration021: SchemaMigration = {
  version: 21,
  name: 'named_revisions',
  steps: [
    {
      addColumn: { table: 'flow_revisions', column: { name: 'label', type: 'text', nullable: true }, stores: 'sqlite' },
    },
    {
      addColumn: {
        table: 'flow_revisions',
        column: { name: 'description', type: 'text', nullable: true },
        stores: 'sqlite',
      },
    },
    {
      sql: {
        sqlite: `
      DROP TRIGGER flow_revisions_bound;
      CREATE TRIGGER flow_revisions_bound AFTER INSERT ON flow_revisions
      BEGIN
        DELETE FROM flow_revisions
         WHERE flow_id = NEW.flow_id AND revision <= NEW.revision - ${REVISIONS_KEPT} AND label IS NULL;
      END;`,
      },
    },
    {
      table: {
        name: 'published_revisions',
        stores: 'sqlite',
        columns: [
          {
            name: 'server_id',
            type: 'text',
            references: { table: 'publish_servers', column: 'id', onDelete: 'cascade' },
          },
          { name: 'flow_id', type: 'text', references: { table: 'flows', column: 'id', onDelete: 'cascade' } },
          { name: 'version', type: 'integer' },
          { name: 'revision', type: 'integer' },
          { name: 'published_at', type: 'bigint' },
        ],
        primaryKey: ['server_id', 'flow_id', 'version'],
        withoutRowid: true,
      },
    },
    {
      index: {
        name: 'published_revisions_flow',
        table: 'published_revisions',
        columns: ['flow_id', 'server_id', 'version DESC'],
        stores: 'sqlite',
      },
    },
  ],
}
