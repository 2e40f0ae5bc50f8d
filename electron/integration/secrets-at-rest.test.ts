// Issue 39, item 2: databases written by the old code (webhook secrets and publish keys in plain text, files 644 in
// a 755 folder) are opened by this version: the secrets are hashed, the publish keys encrypted, the files tightened;
// the old webhook key still opens its flow and a wrong one does not, on SQLite and on PostgreSQL.
import fs from 'node:fs'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PgRuntimeStore } from '../runtime/pg-store'
import { pgRequired, pgUnavailableReason, startTestPg, type TestPg } from '../runtime/testing/pg-server'
import { createBackend } from '../studio/backend'
import { publishKeys } from '../studio/publish/key-file'
import { PublishClient } from '../studio/publish/servers'
import { expectOk } from '../studio/testing/backend'
import { hashSecret } from '../services/webhook/secrets'
import { orderTotalFlow } from '../services/webhook/testing/fixtures'
import { openDatabase } from '../services/db/open'
import { migrationSql } from '../services/db/schema/sql'
import { migrations, schema } from '../services/db/migrations/index'

const OLD_SECRET = 'whsec_written_by_the_old_code_0123456789abcdefghij'
const OLD_KEY = 'pk_live_typed_in_the_browser_host'
const BEFORE = 17 // the last migration the old code knew

let root: string
let umask: number
beforeAll(() => {
  umask = process.umask(0o022)
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'chatflow-018-'))
})
afterAll(() => {
  process.umask(umask)
  fs.rmSync(root, { recursive: true, force: true })
})

/** A server on loopback that records the Authorization header it is sent. */
async function recordingServer() {
  const seen: string[] = []
  const server = http.createServer((req, res) => {
    seen.push(String(req.headers.authorization))
    res.writeHead(200, { 'content-type': 'application/json' }).end('{"versions":[]}')
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1`
  return { url, seen, close: () => new Promise<void>((r) => server.close(() => r())) }
}

describe('SQLite: a studio database of the old code', () => {
  it('is opened with its webhook secrets hashed, its publish keys encrypted and its files made private', async () => {
    const dataDir = path.join(root, 'old-studio')
    fs.mkdirSync(dataDir)
    const file = path.join(dataDir, 'studio.sqlite')
    const server = await recordingServer()
    // As the old code wrote it: its migrations, a secret and a browser host's publish key as typed, 644 in 755.
    const old = openDatabase(file, { migrations: migrations.slice(0, BEFORE), onPermissions: () => {} })
    const flow = orderTotalFlow('flw_old')
    old
      .prepare(
        'INSERT INTO flows (id, name, active, document, revision, created_at, updated_at) VALUES (?, ?, 1, ?, 1, 1, 1)',
      )
      .run(flow.id, flow.name, JSON.stringify(flow))
    old.prepare('INSERT INTO webhook_secrets (flow_id, secret, created_at) VALUES (?, ?, 1)').run(flow.id, OLD_SECRET)
    old
      .prepare(
        "INSERT INTO publish_servers (id, name, base_url, key, key_storage, created_at) VALUES ('srv_1', 'Prod', ?, ?, 'plain', 1)",
      )
      .run(server.url, OLD_KEY)
    old.close()
    fs.chmodSync(file, 0o644)
    fs.chmodSync(dataDir, 0o755)

    const logged: string[] = []
    const backend = createBackend({ dataDir, log: (m) => logged.push(m) })
    try {
      const info = expectOk(await backend.call('webhook.info', { flowId: flow.id }))
      expect(info).toMatchObject({ secret: null, maskedSecret: `whsec_••••••••${OLD_SECRET.slice(-4)}` })
      const send = (key: string) =>
        fetch(info.url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-api-key': key },
          body: JSON.stringify({ phone_number: '+919800000001', data: { name: 'Asha', amount: 250 } }),
        })
      expect((await send(OLD_SECRET)).status).toBe(200)
      expect((await send(`${OLD_SECRET.slice(0, -1)}x`)).status).toBe(401)
      const { servers } = expectOk(await backend.call('publish.servers.list', {}))
      expect(servers).toEqual([expect.objectContaining({ id: 'srv_1', keyStorage: 'keyFile' })])
      expect(logged).toContainEqual(expect.stringContaining('Encrypted the API key of 1 production server'))
      expect(logged).toContainEqual(expect.stringContaining(`The folder ${dataDir} could be read by other users`))
      expect(logged).toContainEqual(expect.stringContaining(`The file ${file} could be read by other users`))
    } finally {
      await backend.close()
    }
    expect((fs.statSync(dataDir).mode & 0o777).toString(8)).toBe('700')
    expect((fs.statSync(file).mode & 0o777).toString(8)).toBe('600')
    expect((fs.statSync(path.join(dataDir, 'secrets.key')).mode & 0o777).toString(8)).toBe('600')

    const db = openDatabase(file)
    try {
      const bytes = JSON.stringify([
        db.prepare('SELECT * FROM webhook_secrets').all(),
        db.prepare('SELECT * FROM publish_servers').all(),
      ])
      expect(bytes).not.toContain(OLD_SECRET)
      expect(bytes).not.toContain(OLD_KEY)
      expect(db.prepare('SELECT secret, hint FROM webhook_secrets').get()).toEqual({
        secret: hashSecret(OLD_SECRET),
        hint: OLD_SECRET.slice(-4),
      })
      // The encrypted key reads back as typed, and is what the server is sent.
      await new PublishClient(
        db,
        () => 1,
        publishKeys(dataDir, () => {}, {}),
      ).versions('srv_1', 'flw_old')
      expect(server.seen).toEqual([`Bearer ${OLD_KEY}`])
    } finally {
      db.close()
      await server.close()
    }
  })
})

const reason = pgUnavailableReason()
const pgDescribe = reason && !pgRequired() ? describe.skip : describe
if (reason && !pgRequired()) console.warn(`skipping the PostgreSQL half of the migration 018 test: ${reason}`)

pgDescribe('PostgreSQL: a runtime database of the old code', () => {
  let server: TestPg
  beforeAll(async () => {
    if (reason) throw new Error(`CI=true requires the PostgreSQL tests, but here there is ${reason}.`)
    server = await startTestPg()
  }, 120_000)
  afterAll(async () => server?.stop(), 60_000)

  it('is opened with its webhook secrets hashed; the old key still opens its flow, a wrong one does not', async () => {
    const url = await server.freshDatabase()
    const client = new pg.Client({ connectionString: url })
    await client.connect()
    try {
      await client.query(
        'CREATE TABLE schema_migrations (version integer PRIMARY KEY, name text NOT NULL, applied_at bigint NOT NULL)',
      )
      for (const m of schema.slice(0, BEFORE)) {
        const sql = migrationSql(m, 'postgres')
        if (sql) await client.query(sql)
        await client.query('INSERT INTO schema_migrations VALUES ($1, $2, 1)', [m.version, m.name])
      }
      await client.query("INSERT INTO webhook_secrets (flow_id, secret, created_at) VALUES ('flw_old', $1, 1)", [
        OLD_SECRET,
      ])
    } finally {
      await client.end()
    }
    const store = await PgRuntimeStore.open(url)
    try {
      expect(await store.verifySecret('flw_old', OLD_SECRET)).toBe(true)
      expect(await store.verifySecret('flw_old', `${OLD_SECRET.slice(0, -1)}x`)).toBe(false)
      expect(await store.ensureSecret('flw_old', false)).toBeNull()
    } finally {
      await store.close()
    }
    const check = new pg.Client({ connectionString: url })
    await check.connect()
    try {
      const { rows } = await check.query('SELECT secret, hint FROM webhook_secrets')
      expect(rows).toEqual([{ secret: hashSecret(OLD_SECRET), hint: OLD_SECRET.slice(-4) }])
    } finally {
      await check.end()
    }
  })
})
