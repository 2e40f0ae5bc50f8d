import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { Database } from 'better-sqlite3'
import { afterEach, beforeEach, expect, it } from 'vitest'
import { WINDOW_MS } from '../../../shared/engine/limits'
import { openDatabase } from '../db/open'
import { BroadcastRunner, type RunnerOptions } from './runner'
import { BroadcastService } from './service'
import { SqliteBroadcastStore } from './sqlite-broadcasts'
import { RecipientTaken, type NewRecipient } from './store'
import { recordingHost } from './testing/studio-like-host'

let dir: string
let db: Database
let store: SqliteBroadcastStore
let t: number
const now = () => t
const T0 = 1_800_000_000_000
const spec = { name: 'Autumn sale', flowId: 'flw_sale' }
const people = (n: number, dueAt = T0): NewRecipient[] =>
  Array.from({ length: n }, (_, i) => ({ phone: `+9198000${String(i).padStart(5, '0')}`, dueAt }))

beforeEach(() => {
  t = T0
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'brd-run-'))
  db = openDatabase(path.join(dir, 'studio.sqlite'))
  store = new SqliteBroadcastStore(db)
})
afterEach(() => {
  db.close()
  fs.rmSync(dir, { recursive: true, force: true })
})

const runnerWith = (host: ReturnType<typeof recordingHost>, opts: Partial<RunnerOptions> = {}) =>
  new BroadcastRunner(store, host, { now, rate: () => 10, conversationLimit: null, ...opts })

/** Runs rounds as the runner's timer would, moving the fake clock to each round's next time, until `until`. */
async function runUntil(runner: BroadcastRunner, until: number): Promise<void> {
  while (t < until) {
    const r = await runner.round()
    t = Math.min(until, Math.max(r.nextAt, t + 1))
  }
}

it('starts recipients at the rate: 10 a second over 10 seconds, each once, in order', async () => {
  const host = recordingHost(store, now)
  const runner = runnerWith(host)
  const { id } = await store.create(spec, people(300), T0)
  await runUntil(runner, T0 + 10_000)
  // 10 s at 10/s, plus the half second of starts the bucket holds at the start.
  expect(host.starts.length).toBeGreaterThanOrEqual(100)
  expect(host.starts.length).toBeLessThanOrEqual(105)
  expect(host.starts.map((s) => s.seq)).toEqual(host.starts.map((_, i) => i + 1))
  // Every second holds 10 starts (pace, not bursts).
  for (let s = 1; s < 10; s++) {
    const inSecond = host.starts.filter((x) => x.at >= T0 + s * 1000 && x.at < T0 + (s + 1) * 1000).length
    expect(inSecond).toBeGreaterThanOrEqual(9)
    expect(inSecond).toBeLessThanOrEqual(11)
  }
  expect((await store.get(id))!.status).toBe('running')
})

it('follows a lower rate at once (the send pacer halved it) and a broadcast slower than the server keeps its own', async () => {
  const host = recordingHost(store, now)
  let rate = 20
  const runner = runnerWith(host, { rate: () => rate })
  const first = await store.create(spec, people(500), T0)
  await runUntil(runner, T0 + 5_000)
  const before = host.starts.length
  expect(before).toBeGreaterThanOrEqual(100)
  rate = 5
  await runUntil(runner, T0 + 10_000)
  expect(host.starts.length - before).toBeGreaterThanOrEqual(24)
  expect(host.starts.length - before).toBeLessThanOrEqual(27)
  // A broadcast at 2/s on a server allowing 100/s: its recipients go at its own pace.
  await store.setStatus(first.id, 'cancelled', t)
  rate = 100
  const slow = await store.create({ ...spec, name: 'Slow', rate: 2 }, people(50), t)
  await runUntil(runner, t + 5_000)
  const slowStarts = host.starts.filter((s) => s.broadcastId === slow.id).length
  expect(slowStarts).toBeGreaterThanOrEqual(10)
  expect(slowStarts).toBeLessThanOrEqual(11)
})

it('starts none past the daily limit of new conversations: waiting_limit until the rolling 24 hours free room', async () => {
  const host = recordingHost(store, now)
  const runner = runnerWith(host, { conversationLimit: 3, rate: () => 100 })
  const { id } = await store.create(spec, people(5), T0)
  await runUntil(runner, T0 + 60_000)
  expect(host.starts).toHaveLength(3)
  expect((await store.get(id))!.status).toBe('waiting_limit')
  await runUntil(runner, T0 + WINDOW_MS - 1000)
  expect(host.starts).toHaveLength(3)
  await runUntil(runner, T0 + WINDOW_MS + 120_000)
  expect(host.starts).toHaveLength(5)
  expect((await store.get(id))!).toMatchObject({ status: 'done', counts: { sent: 5 } })
})

it('a broadcast paused and resumed at the daily limit reads waiting_limit at the next round, not a minute later', async () => {
  const host = recordingHost(store, now)
  const runner = runnerWith(host, { conversationLimit: 2, rate: () => 100 })
  const service = new BroadcastService(store, now)
  const b = await service.create(spec, people(4))
  await runUntil(runner, T0 + 5_000)
  expect(host.starts).toHaveLength(2)
  expect((await store.get(b.id))!.status).toBe('waiting_limit')
  await service.pause(b.id)
  expect((await service.resume(b.id)).status).toBe('running')
  // The held recipients come back only a minute after they were held; the round says why nothing goes meanwhile.
  await runner.round()
  expect((await store.get(b.id))!.status).toBe('waiting_limit')
  expect(host.starts).toHaveLength(2)
})

it("the limit's room goes to recipients in their order, however long each contact's transaction takes to reach it", async () => {
  const inner = recordingHost(store, now)
  // Later recipients reach the budget first (their contacts' reads are quicker), as concurrent PostgreSQL starts may.
  const host = {
    ...inner,
    async start(r: Parameters<typeof inner.start>[0], limit: Parameters<typeof inner.start>[1]) {
      await new Promise((done) => setTimeout(done, (5 - r.seq) * 5))
      return inner.start(r, limit)
    },
  }
  const runner = runnerWith(host, { conversationLimit: 2, rate: () => 100 })
  await store.create(spec, people(4), T0)
  await runUntil(runner, T0 + 5_000)
  expect(inner.starts.map((s) => s.seq).sort()).toEqual([1, 2])
})

it('contacts inside their window do not count against the limit', async () => {
  const host = recordingHost(
    store,
    now,
    (r) => ({
      state: 'sent',
      runId: `run_${r.seq}`,
      cost: 0,
      templates: [],
      newConversation: false,
    }),
    () => true,
  )
  const runner = runnerWith(host, { conversationLimit: 2, rate: () => 100 })
  await store.create(spec, people(6), T0)
  await runUntil(runner, T0 + 10_000)
  expect(host.starts).toHaveLength(6)
})

it('at the daily limit, recipients inside their window still start; only those outside it wait for room', async () => {
  const inside = new Set(
    people(6)
      .slice(2)
      .filter((_, i) => i % 2 === 0)
      .map((p) => p.phone),
  )
  const host = recordingHost(
    store,
    now,
    (r) => ({ state: 'sent', runId: `run_${r.seq}`, cost: 0, templates: [], newConversation: !inside.has(r.phone) }),
    (r) => inside.has(r.phone),
  )
  const runner = runnerWith(host, { conversationLimit: 2, rate: () => 100 })
  const { id } = await store.create(spec, people(6), T0)
  await runUntil(runner, T0 + 60_000)
  // Recipients 1 and 2 open the two conversations the limit allows; 3 and 5 are inside their windows and start
  // at the limit; 4 and 6 would open conversations and wait.
  expect(host.starts.map((s) => s.seq).sort()).toEqual([1, 2, 3, 5])
  expect((await store.get(id))!.status).toBe('waiting_limit')
  await runUntil(runner, T0 + WINDOW_MS + 120_000)
  expect(host.starts.map((s) => s.seq).sort()).toEqual([1, 2, 3, 4, 5, 6])
  expect((await store.get(id))!).toMatchObject({ status: 'done', counts: { sent: 6 } })
})

it('starts nothing beyond the room its host gives (the outbox backlog bound)', async () => {
  const host = recordingHost(store, now)
  let room = 4
  const runner = runnerWith(host, { rate: () => 1000, room: () => room })
  await store.create(spec, people(50), T0)
  await runner.round()
  expect(host.starts).toHaveLength(4)
  room = 0
  t += 1000
  await runner.round()
  expect(host.starts).toHaveLength(4)
})

it('a recipient another start took is left as it is; a start that throws fails the recipient with the reason', async () => {
  const { id } = await store.create(spec, people(2), T0)
  const runner = new BroadcastRunner(
    store,
    {
      async start(r) {
        if (r.seq === 1) throw new RecipientTaken(r.broadcastId, r.seq)
        throw new Error('database is locked')
      },
    },
    { now, rate: () => 100, conversationLimit: null },
  )
  await runner.round()
  const rs = await store.recipients(id, { limit: 5 })
  expect(rs.map((r) => [r.state, r.reason?.code ?? null])).toEqual([
    ['pending', null],
    ['failed', 'start_failed'],
  ])
})

it('the service: pause holds it, resume goes on, cancel cancels the rest; bad changes refused with a code', async () => {
  const host = recordingHost(store, now)
  const runner = runnerWith(host)
  const service = new BroadcastService(store, now)
  const b = await service.create(spec, people(100))
  await runUntil(runner, T0 + 2_000)
  const startedBeforePause = host.starts.length
  expect((await service.pause(b.id)).status).toBe('paused')
  await runUntil(runner, T0 + 10_000)
  expect(host.starts).toHaveLength(startedBeforePause)
  expect((await service.resume(b.id)).status).toBe('running')
  await expect(service.resume(b.id)).rejects.toMatchObject({ code: 'not_paused' })
  await runUntil(runner, T0 + 12_000)
  expect(host.starts.length).toBeGreaterThan(startedBeforePause + 15)
  const cancelled = await service.cancel(b.id)
  expect(cancelled.status).toBe('cancelled')
  expect(cancelled.counts.cancelled).toBe(100 - host.starts.length)
  await expect(service.pause(b.id)).rejects.toMatchObject({ code: 'broadcast_finished' })
  await expect(service.get('brd_nope')).rejects.toMatchObject({ code: 'not_found' })
  await expect(service.create(spec, [])).rejects.toMatchObject({ code: 'no_recipients' })
})

it('a restart goes on where the store says: a claim never started is started once after its lease', async () => {
  const { id } = await store.create(spec, people(3), T0)
  // A process claimed all three and died before starting them.
  expect(await store.claim({ now: T0, leaseMs: 30_000, limit: 10 })).toHaveLength(3)
  const host = recordingHost(store, now)
  const runner = runnerWith(host, { rate: () => 100 })
  await runUntil(runner, T0 + 29_000)
  expect(host.starts).toHaveLength(0)
  await runUntil(runner, T0 + 32_000)
  expect(host.starts.map((s) => s.seq)).toEqual([1, 2, 3])
  expect((await store.get(id))!.status).toBe('done')
})

it("a view says the pace it goes at on this server now: the server's rate, or the broadcast's own when slower", async () => {
  let serverRate = 40
  const service = new BroadcastService(store, now, undefined, () => serverRate)
  const fast = await service.create({ ...spec, rate: 100 }, people(1))
  const slow = await service.create({ ...spec, rate: 10 }, people(1))
  expect([fast.ratePerSecond, slow.ratePerSecond]).toEqual([40, 10])
  serverRate = 5 // the send pacer halved it after a 130429, twice
  expect((await service.list()).map((b) => b.ratePerSecond).sort()).toEqual([5, 5])
})
