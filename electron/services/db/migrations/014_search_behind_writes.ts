import type { SchemaMigration } from '../schema/types'

// Run steps were paying for the search index (migration 011) on every write: its triggers re-tokenised the run's
// whole variables JSON on each UPDATE OF state and rewrote the FTS row (delete + insert) for each message, and every
// step's transaction flushed a new FTS segment. Now a write only marks its run in `run_search_pending` (one
// small insert), and the search row is rebuilt once per run per batch, behind the writes
// (logs/search-index.ts): by the runtime and the studio on a timer, and by every text search before it reads, so a
// search still sees every committed message and variable. A crash loses no mark: it is committed with the step.
//
// Indexes that no reader uses go (each cost every step a b-tree insert): runs_flow_started (migration 006's
// runs_flow_started_seq serves the same reads), runs_status (the sweeps use 012's partial indexes), runs_started
// (the search's same-millisecond check reads the search index instead), trace_events_node and messages_contact
// (trace and messages are only ever read by run). All of it is the studio's SQLite: the runtime's PostgreSQL store has
// no search index, and its run lists read runs_flow_started.
/**
 * Marks a run (its rowid) once. Not INSERT OR IGNORE: inside a trigger the outer statement's conflict policy
 * replaces the trigger's own, and the run store's upsert would then fail on the second mark.
 */
const MARK = (run: string) =>
  `INSERT INTO run_search_pending (run) SELECT ${run} AS run WHERE NOT EXISTS (SELECT 1 FROM run_search_pending WHERE run = ${run})`

export const migration014: SchemaMigration = {
  version: 14,
  name: 'search_behind_writes',
  steps: [
    {
      sql: {
        sqlite: `
      DROP TRIGGER run_search_run_insert;
      DROP TRIGGER run_search_vars_update;
      DROP TRIGGER run_search_message_insert;`,
      },
    },
    {
      table: {
        name: 'run_search_pending',
        stores: 'sqlite',
        columns: [{ name: 'run', type: 'serial', primaryKey: true }],
      },
    },
    {
      sql: {
        sqlite: `
      CREATE TRIGGER run_search_pending_insert AFTER INSERT ON runs BEGIN
        ${MARK('new.rowid')};
      END;
      CREATE TRIGGER run_search_pending_state AFTER UPDATE OF state ON runs BEGIN
        ${MARK('new.rowid')};
      END;
      CREATE TRIGGER run_search_pending_message AFTER INSERT ON messages BEGIN
        ${MARK('(SELECT rowid FROM runs WHERE id = new.run_id)')};
      END;
      CREATE TRIGGER run_search_pending_delete AFTER DELETE ON runs BEGIN
        DELETE FROM run_search_pending WHERE run = old.rowid;
      END;
      DROP INDEX runs_flow_started;
      DROP INDEX runs_status;
      DROP INDEX runs_started;
      DROP INDEX trace_events_node;
      DROP INDEX messages_contact;`,
      },
    },
  ],
}
