// Each store's SQL for the declared migrations (types.ts).
import { inStore, type Column, type Index, type PerStore, type SchemaMigration, type Step, type Table } from './types'

export type Store = 'sqlite' | 'postgres'

const TYPES: Record<Store, Record<Column['type'], string>> = {
  sqlite: {
    text: 'TEXT',
    integer: 'INTEGER',
    bigint: 'INTEGER',
    real: 'REAL',
    boolean: 'INTEGER',
    serial: 'INTEGER',
    rowid: '',
  },
  postgres: {
    text: 'text',
    integer: 'integer',
    bigint: 'bigint',
    real: 'double precision',
    boolean: 'boolean',
    serial: 'bigserial',
    rowid: 'bigserial',
  },
}

function perStore(value: PerStore | undefined, store: Store): string | undefined {
  return typeof value === 'string' ? value : value?.[store]
}

function literal(value: string | number | boolean, store: Store): string {
  if (typeof value === 'boolean') return store === 'sqlite' ? (value ? '1' : '0') : String(value)
  return typeof value === 'number' ? String(value) : `'${value.replace(/'/g, "''")}'`
}

/** One column's definition, or null for a column the store keeps implicitly (SQLite's rowid). */
export function columnSql(c: Column, store: Store): string | null {
  if (c.type === 'rowid' && store === 'sqlite') return null
  const parts = [c.name, TYPES[store][c.type]]
  if (c.primaryKey) parts.push('PRIMARY KEY')
  else if (!c.nullable && c.type !== 'serial' && c.type !== 'rowid') parts.push('NOT NULL')
  if (c.unique) parts.push('UNIQUE')
  if (c.default !== undefined) parts.push(`DEFAULT ${literal(c.default, store)}`)
  const checks = [
    perStore(c.check, store),
    c.type === 'boolean' && store === 'sqlite' ? `${c.name} IN (0, 1)` : undefined,
  ].filter(Boolean)
  if (checks.length) parts.push(`CHECK (${checks.join(' AND ')})`)
  if (c.references)
    parts.push(
      `REFERENCES ${c.references.table} (${c.references.column})${c.references.onDelete ? ' ON DELETE CASCADE' : ''}`,
    )
  return parts.join(' ')
}

function tableSql(t: Table, store: Store): string {
  const lines = t.columns.map((c) => columnSql(c, store)).filter((l): l is string => l !== null)
  if (t.primaryKey) lines.push(`PRIMARY KEY (${t.primaryKey.join(', ')})`)
  for (const u of t.unique ?? []) lines.push(`UNIQUE (${u.join(', ')})`)
  const tail = t.withoutRowid && store === 'sqlite' ? ' WITHOUT ROWID' : ''
  return `CREATE TABLE ${t.ifNotExists ? 'IF NOT EXISTS ' : ''}${t.name} (\n  ${lines.join(',\n  ')}\n)${tail};`
}

function indexSql(i: Index, store: Store): string {
  // COLLATE NOCASE is SQLite's; such indexes are SQLite only, and the word must not reach PostgreSQL.
  const columns = i.columns.map((c) => (store === 'postgres' ? c.replace(/ COLLATE NOCASE/i, '') : c))
  const head = `CREATE ${i.unique ? 'UNIQUE ' : ''}INDEX ${i.ifNotExists ? 'IF NOT EXISTS ' : ''}${i.name}`
  return `${head} ON ${i.table} (${columns.join(', ')})${i.where ? ` WHERE ${i.where}` : ''};`
}

function stepSql(step: Step, store: Store): string | null {
  if ('table' in step) return inStore(step.table.stores, store) ? tableSql(step.table, store) : null
  if ('index' in step) return inStore(step.index.stores, store) ? indexSql(step.index, store) : null
  if ('addColumn' in step) {
    const { table, column, stores } = step.addColumn
    const sql = inStore(stores, store) ? columnSql(column, store) : null
    return sql ? `ALTER TABLE ${table} ADD COLUMN ${sql};` : null
  }
  return step.sql[store] ?? null
}

/** The migration's statements for one store, in order; '' when the store has nothing to do in it. */
export function migrationSql(m: SchemaMigration, store: Store): string {
  return m.steps
    .map((s) => stepSql(s, store))
    .filter((s): s is string => s !== null)
    .join('\n')
}

/** The tables a store holds after every migration, with their columns (SQLite's implicit rowid included as declared). */
export function declaredTables(list: SchemaMigration[], store: Store): Map<string, string[]> {
  const tables = new Map<string, string[]>()
  for (const m of list) {
    for (const s of m.steps) {
      if ('table' in s && inStore(s.table.stores, store))
        tables.set(
          s.table.name,
          s.table.columns.map((c) => c.name),
        )
      if ('addColumn' in s && inStore(s.addColumn.stores, store))
        tables.get(s.addColumn.table)?.push(s.addColumn.column.name)
    }
  }
  return tables
}
