// The studio's SQLite migrations, from the one schema (types.ts).
import type { Migration } from '../migrations/types'
import { migrationSql } from './sql'
import type { SchemaMigration } from './types'

export function sqliteMigration(m: SchemaMigration): Migration {
  const sql = migrationSql(m, 'sqlite')
  return {
    version: m.version,
    name: m.name,
    up: (db) => {
      db.exec(sql)
      m.sqliteAfter?.(db)
    },
  }
}
