import type { SchemaMigration } from '../schema/types'

// Autosave writes a revision about every second of editing; without a bound a long day of work grows the database
// by thousands of full documents per flow. The newest 200 per flow are kept: enough to go back over a working
// session, small enough that the list opens at once. A trigger keeps the bound whatever code path saves. Studio only.
export const REVISIONS_KEPT = 200

export const migration009: SchemaMigration = {
  version: 9,
  name: 'revision_history_bound',
  steps: [
    {
      sql: {
        sqlite: `
      DELETE FROM flow_revisions
       WHERE revision <= (SELECT MAX(r.revision) FROM flow_revisions r WHERE r.flow_id = flow_revisions.flow_id) - ${REVISIONS_KEPT};
      CREATE TRIGGER flow_revisions_bound AFTER INSERT ON flow_revisions
      BEGIN
        DELETE FROM flow_revisions WHERE flow_id = NEW.flow_id AND revision <= NEW.revision - ${REVISIONS_KEPT};
      END;`,
      },
    },
  ],
}
