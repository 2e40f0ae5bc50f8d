import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { Database } from 'better-sqlite3'
import { afterEach, beforeEach, expect, it } from 'vitest'
import { openDatabase } from '../db/open'
import { SqliteBroadcastStore } from './sqlite-broadcasts'
import type { NewRecipient } from './store'

let dir: string
let db: Database
let store: SqliteBroadcastStore
const T0 = 1_800_000_000_000
const spec = { name: 'Autumn sale', flowId: 'flw_sale', variables: { discount: '10%' } }
const people = (n: number, dueAt = T0): NewRecipient[] =>
  Array.from({ length: n }, (_, i) => ({ phone: `+9198000${String(i).padStart(5, '0')}`, dueAt, variables: { i } }))

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'brd-'))
  db = openDatabase(path.join(dir, 'studio.sqlite'))
  store = new SqliteBroadcastStore(db)
})
afterEach(() => {
  db.close()
  fs.rmSync(dir, { recursive: true, force: true })
})

it('creates a broadcast with its recipients numbered in order, blocked ones kept with their reason', async () => {
  const view = await store.create(
    spec,
    [...people(2), { phone: '12', dueAt: T0, blocked: { code: 'invalid_number', message: 'Not a phone number.' } }],
    T0,
  )
  expect(view).toMatchObject({ name: 'Autumn sale', flowId: 'flw_sale', status: 'scheduled', nextAt: T0 })
  expect(view.id).toMatch(/^brd_/)
  expect(view.counts).toMatchObject({ total: 3, pending: 2, blocked: 1, cost: 0 })
  const rs = await store.recipients(view.id, { limit: 10 })
  expect(rs.map((r) => [r.seq, r.state, r.reason?.code ?? null])).toEqual([
    [1, 'pending', null],
    [2, 'pending', null],
    [3, 'blocked', 'invalid_number'],
  ])
  expect(await store.recipients(view.id, { limit: 10, after: 1, state: 'pending' })).toHaveLength(1)
})

it('claims due pending recipients once per lease, earliest first, with the broadcast variables under their own', async () => {
  const { id } = await store.create(spec, [...people(3, T0 + 1000), ...people(1, T0)], T0)
  expect(await store.claim({ now: T0 - 1, leaseMs: 1000, limit: 10 })).toEqual([])
  const first = await store.claim({ now: T0 + 1000, leaseMs: 5000, limit: 2 })
  expect(first.map((r) => r.seq)).toEqual([4, 1])
  expect(first[0]!.variables).toEqual({ discount: '10%', i: 0 })
  expect((await store.get(id))!.status).toBe('running')
  expect((await store.claim({ now: T0 + 1000, leaseMs: 5000, limit: 10 })).map((r) => r.seq)).toEqual([2, 3])
  expect(await store.claim({ now: T0 + 5999, leaseMs: 5000, limit: 10 })).toEqual([])
  // The lease ran out with nothing written: they are claimed again.
  expect((await store.claim({ now: T0 + 6000, leaseMs: 5000, limit: 10 })).map((r) => r.seq)).toEqual([4, 1, 2, 3])
})

it('moves only a pending recipient: a second start of the same recipient changes nothing', async () => {
  const { id } = await store.create(spec, people(1), T0)
  const outcome = { state: 'sent' as const, runId: 'run_1', cost: 2, templates: ['promo'], newConversation: true }
  expect(await store.settle({ broadcastId: id, seq: 1, outcome, at: T0 + 5 })).toBe(true)
  expect(await store.settle({ broadcastId: id, seq: 1, outcome: { ...outcome, runId: 'run_2' }, at: T0 + 6 })).toBe(
    false,
  )
  expect((await store.recipients(id, { limit: 5 }))[0]).toMatchObject({ state: 'sent', runId: 'run_1', cost: 2 })
  expect(await store.newConversationsSince(T0)).toBe(1)
  expect(await store.newConversationsSince(T0 + 5)).toBe(0)
  expect(await store.finishDone(T0 + 7)).toEqual([id])
  expect((await store.get(id))!).toMatchObject({ status: 'done', finishedAt: T0 + 7, counts: { sent: 1, cost: 2 } })
})

it('pausing holds every recipient back; cancelling cancels the pending ones and finishes the broadcast', async () => {
  const { id } = await store.create(spec, people(3), T0)
  await store.setStatus(id, 'paused', T0)
  expect(await store.claim({ now: T0, leaseMs: 1000, limit: 10 })).toEqual([])
  expect((await store.get(id))!.pausedAt).toBe(T0)
  await store.setStatus(id, 'running', T0 + 1)
  expect(await store.claim({ now: T0 + 1, leaseMs: 1000, limit: 1 })).toHaveLength(1)
  const cancelled = (await store.setStatus(id, 'cancelled', T0 + 2))!
  expect(cancelled).toMatchObject({ status: 'cancelled', finishedAt: T0 + 2, nextAt: null })
  expect(cancelled.counts).toMatchObject({ pending: 0, cancelled: 3 })
  expect(await store.claim({ now: T0 + 10_000, leaseMs: 1000, limit: 10 })).toEqual([])
})

it('settles started recipients from their runs outbox rows: all sent -> sent, any failed -> failed with the code', async () => {
  const { id } = await store.create(spec, people(3), T0)
  db.prepare("INSERT INTO contacts (id, name, phone, created_at, updated_at) VALUES ('ct_1', 'A', '+1', 0, 0)").run()
  for (const [seq, run] of [
    [1, 'run_a'],
    [2, 'run_b'],
    [3, 'run_c'],
  ] as const) {
    db.prepare(
      "INSERT INTO runs (id, flow_id, flow_name, contact_id, status, trigger_kind, state, started_at, updated_at) VALUES (?, 'f', 'f', 'ct_1', 'paused', 'manual', '{}', 0, 0)",
    ).run(run)
    const outcome = { state: 'started' as const, runId: run, cost: 1, templates: ['promo'], newConversation: false }
    await store.settle({ broadcastId: id, seq, outcome, at: T0 })
  }
  const out = db.prepare(
    "INSERT INTO runtime_outbox (id, run_id, flow_id, contact_id, phone, message, created_at, status, last_error) VALUES (?, ?, 'f', 'ct_1', '+1', '{}', 0, ?, ?)",
  )
  out.run('o1', 'run_a', 'sent', null)
  out.run('o2', 'run_b', 'failed', 'channel error 131026: Message undeliverable')
  out.run('o3', 'run_c', 'pending', null)
  expect(await store.settleStarted(T0 + 1, 100)).toEqual({ moved: 2, waiting: 1 })
  const rs = await store.recipients(id, { limit: 5 })
  expect(rs.map((r) => [r.state, r.reason?.code ?? null])).toEqual([
    ['sent', null],
    ['failed', '131026'],
    ['started', null],
  ])
  expect(await store.finishDone(T0 + 2)).toEqual([])
})

it("opened by the one process that owns the file, a dead process's claims are void: claimed again at once", async () => {
  const { id } = await store.create(spec, people(2), T0)
  expect(await store.claim({ now: T0, leaseMs: 30_000, limit: 10 })).toHaveLength(2)
  expect(await new SqliteBroadcastStore(db).claim({ now: T0 + 1, leaseMs: 30_000, limit: 10 })).toEqual([])
  const owner = new SqliteBroadcastStore(db, { ownsFile: true })
  expect((await owner.claim({ now: T0 + 2, leaseMs: 30_000, limit: 10 })).map((r) => [r.broadcastId, r.seq])).toEqual([
    [id, 1],
    [id, 2],
  ])
})
