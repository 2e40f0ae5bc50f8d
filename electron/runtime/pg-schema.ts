// The runtime's PostgreSQL schema: the one list of migrations both stores share (electron/services/db/migrations,
// docs/storage.md "One schema"), written as PostgreSQL and applied on start. Instances starting together take one
// advisory lock so exactly one applies a step. Applied steps are recorded as in SQLite (schema_migrations: version
// and name); a database set up before the list was shared is converted once (pg-legacy-schema.ts).
import type { PoolClient } from 'pg'
import { schema } from '../services/db/migrations'
import { migrationSql } from '../services/db/schema/sql'
import { LEGACY_CONVERSION, LEGACY_CONVERTS_TO, LEGACY_STEPS } from './pg-legacy-schema'

const MIGRATION_LOCK = 7_373_001

export const PG_SCHEMA_VERSION = schema[schema.length - 1]!.version

const RECORD = 'INSERT INTO schema_migrations (version, name, applied_at) VALUES ($1, $2, $3)'

/** Brings the schema up to date; refuses a database migrated by a newer runtime or by another list. */
export async function migrate(client: PoolClient): Promise<void> {
  await client.query('BEGIN')
  try {
    await client.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK])
    await convertLegacy(client)
    await client.query(
      'CREATE TABLE IF NOT EXISTS schema_migrations (version integer PRIMARY KEY, name text NOT NULL, applied_at bigint NOT NULL)',
    )
    const { rows } = await client.query<{ version: number; name: string }>(
      'SELECT version, name FROM schema_migrations ORDER BY version',
    )
    const newest = rows.at(-1)?.version ?? 0
    if (newest > PG_SCHEMA_VERSION) {
      throw new Error(
        `the database was set up by a newer runtime (schema ${newest}; this one knows ${PG_SCHEMA_VERSION})`,
      )
    }
    for (const [i, row] of rows.entries()) {
      const known = schema[i]
      if (known?.version !== row.version || known.name !== row.name) {
        throw new Error(
          `the database's schema step ${row.version} is '${row.name}', which this runtime does not know; it was left untouched`,
        )
      }
    }
    for (const m of schema.filter((s) => s.version > newest)) {
      const sql = migrationSql(m, 'postgres')
      if (sql) await client.query(sql)
      await client.query(RECORD, [m.version, m.name, Date.now()])
    }
    await client.query('COMMIT')
  } catch (err) {
    await client.query('ROLLBACK').catch(() => undefined)
    throw err
  }
}

/** A database of the runtime's own former schema (chatflow_schema) is finished with its own steps, then converted. */
async function convertLegacy(client: PoolClient): Promise<void> {
  const { rows } = await client.query<{ t: string | null }>("SELECT to_regclass('chatflow_schema')::text AS t")
  if (!rows[0]?.t) return
  const applied = await client.query<{ v: number | null }>('SELECT MAX(version) AS v FROM chatflow_schema')
  const current = applied.rows[0]?.v ?? 0
  for (const step of LEGACY_STEPS.filter((s) => s.version > current)) await client.query(step.sql)
  await client.query(LEGACY_CONVERSION)
  await client.query(
    'CREATE TABLE schema_migrations (version integer PRIMARY KEY, name text NOT NULL, applied_at bigint NOT NULL)',
  )
  for (const m of schema.filter((s) => s.version <= LEGACY_CONVERTS_TO))
    await client.query(RECORD, [m.version, m.name, Date.now()])
}
