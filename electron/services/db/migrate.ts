import type { Database } from 'better-sqlite3'
import { DatabaseOpenError } from './errors'
import type { Migration } from './migrations'

interface AppliedRow {
  version: number
  name: string
}

const CREATE_TABLE = `CREATE TABLE IF NOT EXISTS schema_migrations (
  version INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  applied_at INTEGER NOT NULL
)`

function hasTable(db: Database, name: string): boolean {
  return db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?").get(name) !== undefined
}

export function readApplied(db: Database): AppliedRow[] {
  if (!hasTable(db, 'schema_migrations')) return []
  return db.prepare('SELECT version, name FROM schema_migrations ORDER BY version').all() as AppliedRow[]
}

/**
 * Read-only check that the applied migrations are a prefix of `known`. Runs before anything is written, so a
 * refused database is left exactly as it was.
 */
export function checkApplied(db: Database, file: string, known: Migration[]): void {
  if (!hasTable(db, 'schema_migrations')) {
    const tables = db.prepare("SELECT count(*) AS n FROM sqlite_master WHERE name NOT LIKE 'sqlite_%'").get() as {
      n: number
    }
    if (tables.n > 0) {
      throw new DatabaseOpenError(
        'db_foreign',
        `The file ${file} is an SQLite database made by another program, not by Chatflow Studio. ` +
          'It was left untouched; choose another --data-dir.',
        file,
      )
    }
    return
  }
  const applied = readApplied(db)
  const newest = known.at(-1)?.version ?? 0
  applied.forEach((row, i) => {
    const expected = known[i]
    if (!expected) {
      const top = applied.at(-1)?.version ?? row.version
      throw new DatabaseOpenError(
        'db_too_new',
        `The studio database ${file} was written by a newer version of Chatflow Studio ` +
          `(schema version ${top}; this version knows up to ${newest}). ` +
          'It was left untouched: update Chatflow Studio, or start with a different --data-dir.',
        file,
      )
    }
    if (expected.version !== row.version || expected.name !== row.name) {
      throw new DatabaseOpenError(
        'db_migrations_mismatch',
        `The studio database ${file} has schema step ${row.version} "${row.name}" where this version expects ` +
          `${expected.version} "${expected.name}". It was left untouched.`,
        file,
      )
    }
  })
}

/** Applies the pending migrations, each in its own transaction with its record row. */
export function runMigrations(db: Database, known: Migration[]): void {
  db.exec(CREATE_TABLE)
  const done = readApplied(db).length
  const record = db.prepare('INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)')
  for (const migration of known.slice(done)) {
    db.transaction(() => {
      migration.up(db)
      record.run(migration.version, migration.name, Date.now())
    })()
  }
}

export function schemaVersion(db: Database): number {
  return readApplied(db).at(-1)?.version ?? 0
}
