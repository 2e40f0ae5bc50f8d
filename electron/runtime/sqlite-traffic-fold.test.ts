// SQLite's pending traffic counts (migration 034, sqlite-store.ts): a group commit appends its steps' counts as one
// row, a fold moves them into the aggregates in one transaction; reads fold first, the store folds about once a
// second after commits appended and when it closes. The counts are those of adding every commit directly.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, expect, it, vi } from 'vitest'
import { createEffects } from '../../shared/engine'
import { openDatabase } from '../services/db/open'
import { FOLD_EVERY_MS } from '../services/traffic/pending'
import { SqliteTrafficWriter } from '../services/traffic/sqlite-traffic'
import type { TrafficRows } from '../services/traffic/run-traffic'
import { shopFlow } from '../services/traffic/testing/shop-flow'
import type { Runtime } from './runtime'
import { SqliteRuntimeStore } from './sqlite-store'
import { testRuntime, text } from './testing/runtime-fixtures'

const T0 = Date.UTC(2026, 0, 10, 9)
const QUERY = { flowId: 'flw_shop', from: '2026-01-10', to: '2026-01-10' }
const TABLES = ['traffic_runs', 'traffic_nodes', 'traffic_edges', 'traffic_answers']

const closing: Array<() => unknown> = []
afterEach(async () => {
  vi.useRealTimers()
  for (const close of closing.splice(0).reverse()) await close()
})

function open() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'chatflow-sqlite-fold-'))
  closing.push(() => fs.rmSync(dir, { recursive: true, force: true }))
  const file = path.join(dir, 'runtime.sqlite')
  const db = openDatabase(file)
  const store = new SqliteRuntimeStore(db)
  const clock = { now: T0 }
  const runtime: Runtime = testRuntime(store, undefined, {
    effects: createEffects({ clock: { now: () => clock.now } }),
  }).runtime
  let closed = false
  closing.push(() => !closed && runtime.close())
  const count = (table: string) => db.prepare(`SELECT count(*) FROM ${table}`).pluck().get() as number
  const rows = () =>
    TABLES.flatMap((t) =>
      (db.prepare(`SELECT * FROM ${t} ORDER BY 1, 2, 3, 4`).all() as object[]).map((r) => ({ t, ...r })),
    )
  const say = (phone: string, body: string) => runtime.inbound(text(phone, body))
  const close = async () => {
    closed = true
    await runtime.close()
  }
  return { db, file, store, clock, count, rows, say, close }
}

it('keeps a commit’s counts pending until a fold, and a read folds them first', async () => {
  // The periodic fold never ticks here: only the read folds.
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] })
  const { store, count, say } = open()
  await store.publish(shopFlow())
  await say('+919800000801', 'shop')
  await say('+919800000801', 'done')
  // The steps wrote none of the aggregates' rows: each commit appended one pending row.
  expect(count('traffic_pending')).toBe(2)
  for (const t of TABLES) expect(count(t)).toBe(0)
  const r = await store.traffic.report(QUERY)
  expect(r.runs).toMatchObject({ started: 1, ended: 1, turns: 2, waiting: 0 })
  expect(r.nodes.find((n) => n.nodeId === 'n_ask')).toMatchObject({ reached: 1, waiting: 0, answers: 1 })
  expect(count('traffic_pending')).toBe(0)
  // Folded once: a second read reads the same.
  expect(await store.traffic.report(QUERY)).toEqual(r)
})

it('folds about once a second after commits appended, and when the store closes', async () => {
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] })
  const { file, store, count, say, close } = open()
  await store.publish(shopFlow())
  await say('+919800000802', 'shop')
  expect(count('traffic_pending')).toBe(1)
  vi.advanceTimersByTime(FOLD_EVERY_MS)
  // The fold is a write of the group commit: committed with the next turn, and read at once on this connection.
  expect(count('traffic_pending')).toBe(0)
  expect(count('traffic_runs')).toBe(1)
  await say('+919800000802', 'done')
  expect(count('traffic_pending')).toBe(1)
  await close()
  // Closed with a fold: the file holds the totals and nothing pending.
  const db = openDatabase(file)
  expect(db.prepare('SELECT count(*) FROM traffic_pending').pluck().get()).toBe(0)
  expect(db.prepare('SELECT started, ended, turns FROM traffic_runs').get()).toEqual({ started: 1, ended: 1, turns: 2 })
  db.close()
})

it('adds up exactly what adding every commit directly adds, over many contacts and commits', async () => {
  const { store, clock, rows, say } = open()
  await store.publish(shopFlow())
  // What each commit counted, added the direct way for comparison (the rows as the commit appended them).
  const direct = openDatabase(':memory:')
  const writer = new SqliteTrafficWriter(direct)
  const appended: TrafficRows[] = []
  const append = SqliteTrafficWriter.prototype.append
  const spy = vi.spyOn(SqliteTrafficWriter.prototype, 'append').mockImplementation(function (
    this: SqliteTrafficWriter,
    batch,
  ) {
    appended.push(structuredClone(batch.rows()))
    return append.call(this, batch)
  })
  const contacts = Array.from({ length: 12 }, (_, i) => `+9198000009${String(i).padStart(2, '0')}`)
  await Promise.all(contacts.map((p) => say(p, 'shop')))
  clock.now += 5_000
  await Promise.all(contacts.map((p, i) => say(p, i % 3 ? 'x' : 'done')))
  clock.now += 5_000
  await Promise.all(contacts.map((p, i) => i % 3 && say(p, i % 2 ? 'done' : 'y')))
  spy.mockRestore()
  expect(appended.length).toBeGreaterThan(2)
  direct.transaction(() => appended.forEach((rows) => writer.add(rows)))()
  expect(store.foldTraffic()).toBeGreaterThan(0)
  const want = TABLES.flatMap((t) =>
    (direct.prepare(`SELECT * FROM ${t} ORDER BY 1, 2, 3, 4`).all() as Array<Record<string, unknown>>)
      .filter((r) =>
        Object.entries(r).some(
          ([k, v]) => typeof v === 'number' && !['day', 'version', 'bucket'].includes(k) && v !== 0,
        ),
      )
      .map((r) => ({ t, ...r })),
  )
  expect(want.length).toBeGreaterThan(10)
  expect(rows()).toEqual(want)
  direct.close()
})

it('folds all or nothing: a pending row it cannot read leaves every count where it was', async () => {
  const { db, store, count, say } = open()
  await store.publish(shopFlow())
  await say('+919800000803', 'shop')
  await store.traffic.report(QUERY)
  await say('+919800000803', 'done')
  expect(count('traffic_pending')).toBe(1)
  const before = db.prepare('SELECT * FROM traffic_runs').all()
  db.prepare("INSERT INTO traffic_pending (counts) VALUES ('{not json')").run()
  await expect(store.traffic.report(QUERY)).rejects.toThrow()
  expect(count('traffic_pending')).toBe(2)
  expect(db.prepare('SELECT * FROM traffic_runs').all()).toEqual(before)
  db.prepare("DELETE FROM traffic_pending WHERE counts = '{not json'").run()
  expect((await store.traffic.report(QUERY)).runs).toMatchObject({ started: 1, ended: 1, turns: 2 })
})
