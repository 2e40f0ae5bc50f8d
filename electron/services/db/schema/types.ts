// The one schema of both stores: the studio's SQLite database (which `chatflow serve` also runs on) and the
// runtime's PostgreSQL database. Migrations are declared once, as data, and schema/sqlite.ts and schema/postgres.ts
// write each store's SQL from them, so a column added for one store cannot be forgotten in the other
// (schema.test.ts migrates a real database of each and compares their tables and columns).
import type { Database } from 'better-sqlite3'

/**
 * Column types, written per store: text; integer (counts); bigint (epoch milliseconds); real (double precision);
 * boolean (SQLite: 0/1 with a CHECK); serial (an auto-numbered primary key: SQLite's INTEGER PRIMARY KEY, PostgreSQL's
 * bigserial); rowid (PostgreSQL's bigserial for the order SQLite keeps in a table's implicit rowid, which needs no
 * column there).
 */
export type ColumnType = 'text' | 'integer' | 'bigint' | 'real' | 'boolean' | 'serial' | 'rowid'

/** An SQL expression for both stores, or one per store (SQLite's GLOB has no PostgreSQL twin). */
export type PerStore = string | { sqlite?: string; postgres?: string }

export interface Column {
  name: string
  type: ColumnType
  /** Columns are NOT NULL unless they say so. */
  nullable?: boolean
  default?: string | number | boolean
  primaryKey?: boolean
  unique?: boolean
  references?: { table: string; column: string; onDelete?: 'cascade' }
  check?: PerStore
}

/** Which stores hold a table or index. The studio's own tables (flows, settings, saved tests…) are SQLite only. */
export type Stores = 'both' | 'sqlite' | 'postgres'

export interface Table {
  name: string
  columns: Column[]
  primaryKey?: string[]
  unique?: string[][]
  /** SQLite: a table whose rows are found by their primary key only stores no rowid (smaller, one lookup). */
  withoutRowid?: boolean
  stores?: Stores
  /** CREATE TABLE IF NOT EXISTS: the table may predate its migration (the runtime created it on open). */
  ifNotExists?: boolean
}

export interface Index {
  name: string
  table: string
  /** Column names, with ' DESC' or (SQLite) ' COLLATE NOCASE' where needed. */
  columns: string[]
  where?: string
  unique?: boolean
  stores?: Stores
  ifNotExists?: boolean
}

export type Step =
  | { table: Table }
  | { index: Index }
  | { addColumn: { table: string; column: Column; stores?: Stores } }
  /** Statements only one store has (SQLite's full-text index and triggers, data moves). */
  | { sql: { sqlite?: string; postgres?: string } }

export interface SchemaMigration {
  /** 1, 2, 3… without gaps. A database records each applied (version, name): never edit or reorder a shipped one. */
  version: number
  name: string
  steps: Step[]
  /** SQLite only, after the steps: a data move SQL cannot do there (JSON deeper than SQLite's JSON reader goes). */
  sqliteAfter?: (db: Database) => void
}

export function inStore(stores: Stores | undefined, store: 'sqlite' | 'postgres'): boolean {
  return stores === undefined || stores === 'both' || stores === store
}
