import type { SchemaMigration } from '../schema/types'

// Full-text search of the Flow Logs (docs/logs.md, "Text search"): one FTS5 row per run with two columns: `msgs`,
// the text of the run's messages in both directions (every string and number of a payload except its `type`),
// and `vars`, the session variables' names and values; `run` (not indexed) is the run's rowid. The FTS rowid is
// the run's list key, started_at × 2^21 + (run rowid mod 2^21), so the index hands out matches newest first, in the
// list's own order (to the millisecond; logs/search.ts settles ties inside one millisecond), and a common word's
// first page is read from the top of the index. Prefix indexes of 1 and 2 characters keep a short last word
// ("order 4") from expanding to every word it begins. Triggers keep the index in step with every writer of the
// tables (RunStore, the benchmark's seeder, anything later): a run row adds its search row, a message appends
// its text, a change of the variables rewrites `vars`, a deleted run (purge, retention, a deleted contact's
// cascade) deletes it. Messages are append-only and only ever deleted with their run. Existing runs are backfilled.
// SQLite only: FTS5 is SQLite's, and the runtime's PostgreSQL store serves no log search.

/** The index's tokenizer: logs/search.ts reads a query's words through a table with the same one. */
export const SEARCH_TOKENIZE = 'unicode61 remove_diacritics 2'

/** The list key of a run row (`r` is `new.`, `old.` or a table alias): unique, and ordered as the list is. */
export const SEARCH_KEY = (r: string) => `(${r}started_at * 2097152 + (${r}rowid % 2097152))`

/** The searchable text of one message payload (JSON): its scalar values, not the keys, without `type`. */
export const MESSAGE_TEXT = (payload: string) =>
  `(SELECT coalesce(group_concat(atom, ' '), '') FROM json_tree(${payload}) WHERE atom IS NOT NULL AND key IS NOT 'type')`

/** The searchable text of a run state's variables: names and scalar values. */
export const VARS_TEXT = (state: string) =>
  `(SELECT coalesce(group_concat(concat_ws(' ', CASE WHEN typeof(key) = 'text' THEN key END, atom), ' '), '')
      FROM json_tree(json_extract(${state}, '$.vars')))`

/**
 * Fills the index from the runs already stored (the migration; the benchmark after a bulk load without triggers),
 * then merges it into one segment: a word in every run is then one doclist to read, not one per segment.
 */
export const RUN_SEARCH_BACKFILL = `
  INSERT INTO run_search (rowid, run, msgs, vars)
    SELECT ${SEARCH_KEY('r.')}, r.rowid,
           coalesce((SELECT group_concat(${MESSAGE_TEXT('m.payload')}, ' ') FROM messages m WHERE m.run_id = r.id), ''),
           ${VARS_TEXT('r.state')}
      FROM runs r;
  INSERT INTO run_search (run_search) VALUES ('optimize')`

export const migration011: SchemaMigration = {
  version: 11,
  name: 'run_search',
  steps: [
    {
      sql: {
        sqlite: `
      CREATE VIRTUAL TABLE run_search USING fts5(run UNINDEXED, msgs, vars, tokenize = '${SEARCH_TOKENIZE}', prefix = '1 2');

      CREATE TRIGGER run_search_run_insert AFTER INSERT ON runs BEGIN
        INSERT INTO run_search (rowid, run, msgs, vars) VALUES (${SEARCH_KEY('new.')}, new.rowid, '', ${VARS_TEXT('new.state')});
      END;
      CREATE TRIGGER run_search_vars_update AFTER UPDATE OF state ON runs
        WHEN json_extract(old.state, '$.vars') IS NOT json_extract(new.state, '$.vars') BEGIN
        UPDATE run_search SET vars = ${VARS_TEXT('new.state')} WHERE rowid = ${SEARCH_KEY('new.')};
      END;
      CREATE TRIGGER run_search_run_delete AFTER DELETE ON runs BEGIN
        DELETE FROM run_search WHERE rowid = ${SEARCH_KEY('old.')};
      END;
      CREATE TRIGGER run_search_message_insert AFTER INSERT ON messages BEGIN
        UPDATE run_search SET msgs = msgs || ' ' || ${MESSAGE_TEXT('new.payload')}
         WHERE rowid = (SELECT ${SEARCH_KEY('r.')} FROM runs r WHERE r.id = new.run_id);
      END;
      ${RUN_SEARCH_BACKFILL};`,
      },
    },
  ],
}
