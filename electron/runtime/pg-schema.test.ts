// One schema, two stores: a real SQLite database and a real PostgreSQL database migrated from the one list have the
// same tables with the same columns, except the studio's own tables (declared SQLite only) and PostgreSQL's pending
// traffic counts (declared PostgreSQL only); and databases made before the list was shared (SQLite's runtime tables
// created on open, the runtime's former PostgreSQL schema) end up with that same schema, their rows kept.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import Database from 'better-sqlite3'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { LEGACY_STEPS } from './pg-legacy-schema'
import { migrate } from './pg-schema'
import { pgRequired, pgUnavailableReason, startTestPg, type TestPg } from './testing/pg-server'
import { runMigrations } from '../services/db/migrate'
import { schema, migrations } from '../services/db/migrations'
import { openDatabase } from '../services/db/open'
import { inStore } from '../services/db/schema/types'

type Tables = Record<string, string[]>

/** Declared tables only one store keeps, and columns SQLite keeps as the implicit rowid. */
const onlyIn = (store: 'sqlite' | 'postgres') =>
  new Set(
    schema.flatMap((m) =>
      m.steps.flatMap((s) =>
        'table' in s && !inStore(s.table.stores, store === 'sqlite' ? 'postgres' : 'sqlite') ? [s.table.name] : [],
      ),
    ),
  )
const sqliteOnly = onlyIn('sqlite')
const postgresOnly = onlyIn('postgres')
const rowidColumns = schema.flatMap((m) =>
  m.steps.flatMap((s) =>
    'table' in s ? s.table.columns.filter((c) => c.type === 'rowid').map((c) => [s.table.name, c.name] as const) : [],
  ),
)

function sqliteTables(db: Database.Database): Tables {
  const rows = db
    .prepare("SELECT name, sql FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name")
    .all() as Array<{ name: string; sql: string }>
  // A virtual table (the Flow Logs' full-text index) and its shadow tables are SQLite's own.
  const virtual = rows.filter((r) => /^CREATE VIRTUAL TABLE/i.test(r.sql)).map((r) => r.name)
  const out: Tables = {}
  for (const { name } of rows) {
    if (sqliteOnly.has(name) || virtual.some((v) => name === v || name.startsWith(`${v}_`))) continue
    const columns = (db.prepare(`PRAGMA table_info(${name})`).all() as Array<{ name: string }>).map((c) => c.name)
    out[name] = [...columns, ...rowidColumns.filter(([t]) => t === name).map(([, c]) => c)].sort()
  }
  return out
}

async function pgTables(url: string): Promise<Tables> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    const { rows } = await client.query<{ t: string; c: string }>(
      "SELECT table_name AS t, column_name AS c FROM information_schema.columns WHERE table_schema = 'public' ORDER BY table_name, column_name",
    )
    const out: Tables = {}
    for (const r of rows) if (!postgresOnly.has(r.t)) (out[r.t] ??= []).push(r.c)
    return out
  } finally {
    await client.end()
  }
}

async function migrated(url: string): Promise<void> {
  const pool = new pg.Pool({ connectionString: url })
  const client = await pool.connect()
  try {
    await migrate(client)
  } finally {
    client.release()
    await pool.end()
  }
}

let dir: string
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'chatflow-schema-'))
})
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }))

it('SQLite: a database whose runtime tables were made on open, before they were in the schema, gets the same schema', () => {
  const fresh = openDatabase(path.join(dir, 'fresh.db'))
  const file = path.join(dir, 'old.db')
  const old = new Database(file)
  runMigrations(
    old,
    migrations.filter((m) => m.version <= 15),
  )
  // What SQLite's runtime store created when it opened, before migration 016.
  old.exec(`
    CREATE TABLE IF NOT EXISTS runtime_inbound (message_id TEXT PRIMARY KEY, contact_id TEXT NOT NULL, action TEXT NOT NULL,
      run_id TEXT, received_at INTEGER NOT NULL) WITHOUT ROWID;
    CREATE INDEX IF NOT EXISTS runtime_inbound_received ON runtime_inbound (received_at);
    CREATE TABLE IF NOT EXISTS runtime_deliveries (run_id TEXT NOT NULL, contact_id TEXT NOT NULL, message TEXT NOT NULL,
      adapter TEXT NOT NULL, attempts INTEGER NOT NULL, error TEXT NOT NULL, at INTEGER NOT NULL);
    CREATE INDEX IF NOT EXISTS runtime_deliveries_run ON runtime_deliveries (run_id);
    INSERT INTO flow_versions (flow_id, version, document, published_at) VALUES ('f1', 1, '{"name":"Orders"}', 5);
    INSERT INTO runtime_inbound VALUES ('wamid.1', 'c1', 'started', NULL, 7);`)
  old.close()
  const upgraded = openDatabase(file)
  expect(sqliteTables(upgraded)).toEqual(sqliteTables(fresh))
  expect(upgraded.prepare('SELECT name FROM flow_versions').pluck().get()).toBe('Orders')
  expect(upgraded.prepare('SELECT count(*) FROM runtime_inbound').pluck().get()).toBe(1)
  upgraded.close()
  fresh.close()
})

const reason = pgUnavailableReason()
const pgDescribe = reason && !pgRequired() ? describe.skip : describe
if (reason && !pgRequired()) console.warn(`skipping the PostgreSQL half of the schema test: ${reason}`)

pgDescribe('PostgreSQL', () => {
  let server: TestPg
  beforeAll(async () => {
    if (reason) throw new Error(`CI=true requires the PostgreSQL tests, but here there is ${reason}.`)
    server = await startTestPg()
  }, 120_000)
  afterAll(async () => server?.stop(), 60_000)

  it('has the same tables and columns as SQLite, the studio-only tables aside', async () => {
    const url = await server.freshDatabase()
    await migrated(url)
    const fromSqlite = sqliteTables(openDatabase(path.join(dir, 'both.db')))
    const fromPg = await pgTables(url)
    expect(Object.keys(fromPg).sort()).toEqual(Object.keys(fromSqlite).sort())
    for (const [table, columns] of Object.entries(fromSqlite)) expect(fromPg[table], table).toEqual(columns)
    // Migrating again is a no-op, and the applied steps are recorded by version and name as in SQLite.
    await migrated(url)
    const client = new pg.Client({ connectionString: url })
    await client.connect()
    const { rows } = await client.query('SELECT version, name FROM schema_migrations ORDER BY version')
    await client.end()
    expect(rows).toEqual(schema.map((m) => ({ version: m.version, name: m.name })))
  }, 120_000)

  // An older runtime at legacy version 3 (the conversion also finishes its remaining legacy steps), and one at the
  // last legacy version (5, with the channel's tables and rows).
  it.each([3, 5])(
    "converts the runtime's former schema at version %i, keeping its rows, to exactly the fresh schema",
    async (legacy) => {
      const legacyUrl = await server.freshDatabase()
      const client = new pg.Client({ connectionString: legacyUrl })
      await client.connect()
      await client.query('CREATE TABLE chatflow_schema (version integer PRIMARY KEY, applied_at bigint NOT NULL)')
      for (const step of LEGACY_STEPS.filter((s) => s.version <= legacy)) {
        await client.query(step.sql)
        await client.query('INSERT INTO chatflow_schema VALUES ($1, 0)', [step.version])
      }
      const template = {
        name: 'order_update',
        language: 'en_US',
        category: 'UTILITY',
        components: [{ type: 'BODY', text: 'Hi' }],
      }
      const product = {
        catalogId: 'cat',
        id: 'p1',
        name: 'Tea',
        description: '',
        price: 4.5,
        currency: 'EUR',
        image: '',
      }
      await client.query("INSERT INTO runtime_templates VALUES ('order_update', 'en_US', $1, 10)", [
        JSON.stringify(template),
      ])
      await client.query("INSERT INTO runtime_catalog VALUES ('cat', 'p1', $1, 11)", [JSON.stringify(product)])
      await client.query("INSERT INTO inbound_messages VALUES ('wamid.1', 'c1', 'started', NULL, 12)")
      if (legacy >= 5) {
        await client.query("INSERT INTO channel_status VALUES ('wamid.out', 'read', 3, NULL, 13, 14)")
        await client.query(
          "INSERT INTO channel_inbox (message_id, phone, message, received_at) VALUES ('wamid.in', '+1555', '{}', 15)",
        )
      }
      await client.end()

      await migrated(legacyUrl)
      const freshUrl = await server.freshDatabase()
      await migrated(freshUrl)
      expect(await pgTables(legacyUrl)).toEqual(await pgTables(freshUrl))

      const after = new pg.Client({ connectionString: legacyUrl })
      await after.connect()
      expect(
        (await after.query('SELECT name, language, category, definition, updated_at FROM message_templates')).rows,
      ).toEqual([
        {
          name: 'order_update',
          language: 'en_US',
          category: 'UTILITY',
          definition: JSON.stringify(template),
          updated_at: '10',
        },
      ])
      expect((await after.query('SELECT product_id, name, price, currency FROM catalog_products')).rows).toEqual([
        { product_id: 'p1', name: 'Tea', price: 4.5, currency: 'EUR' },
      ])
      expect((await after.query('SELECT message_id FROM runtime_inbound')).rows).toEqual([{ message_id: 'wamid.1' }])
      if (legacy >= 5) {
        expect((await after.query('SELECT channel_id, state FROM runtime_channel_status')).rows).toEqual([
          { channel_id: 'wamid.out', state: 'read' },
        ])
        expect((await after.query('SELECT message_id, seq FROM runtime_channel_inbox')).rows).toEqual([
          { message_id: 'wamid.in', seq: '1' },
        ])
      }
      expect((await after.query('SELECT max(version) AS v FROM schema_migrations')).rows[0].v).toBe(
        schema.at(-1)!.version,
      )
      await after.end()
    },
    120_000,
  )
})
