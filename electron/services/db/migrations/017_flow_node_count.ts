import type { SchemaMigration } from '../schema/types'

// The flows list showed each flow's node count with json_array_length(document, '$.nodes'), which parses the whole
// document on every list; SQLite's JSON reader stops at 1000 levels, so one flow with deeply nested samples made
// every list fail, for good (issue 18). The count is now a column, kept by triggers for every writer of the table.
// A document SQLite cannot read counts 0 there; the JSON guard on every way in (shared/json/bounds.ts) keeps new
// ones readable, and the rows already stored are counted by JavaScript, whose JSON.parse has no such limit.
// The studio's own table, so SQLite only.
const COUNT = (doc: string) =>
  `CASE WHEN json_valid(${doc}) THEN coalesce(json_array_length(${doc}, '$.nodes'), 0) ELSE 0 END`

export const migration017: SchemaMigration = {
  version: 17,
  name: 'flow_node_count',
  steps: [
    { addColumn: { table: 'flows', column: { name: 'node_count', type: 'integer', default: 0 }, stores: 'sqlite' } },
    {
      sql: {
        sqlite: `
          CREATE TRIGGER flows_node_count_insert AFTER INSERT ON flows BEGIN
            UPDATE flows SET node_count = ${COUNT('new.document')} WHERE rowid = new.rowid;
          END;
          CREATE TRIGGER flows_node_count_update AFTER UPDATE OF document ON flows BEGIN
            UPDATE flows SET node_count = ${COUNT('new.document')} WHERE rowid = new.rowid;
          END;`,
      },
    },
  ],
  sqliteAfter(db) {
    const rows = db.prepare('SELECT rowid, document FROM flows').all() as Array<{ rowid: number; document: string }>
    const set = db.prepare('UPDATE flows SET node_count = ? WHERE rowid = ?')
    for (const row of rows) set.run(countNodes(row.document), row.rowid)
  },
}

function countNodes(document: string): number {
  try {
    const nodes = (JSON.parse(document) as { nodes?: unknown }).nodes
    return Array.isArray(nodes) ? nodes.length : 0
  } catch {
    return 0
  }
}
