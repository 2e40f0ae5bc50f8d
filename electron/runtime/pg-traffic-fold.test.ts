// PostgreSQL's pending traffic counts (pg-traffic-fold.ts, migration 032): steps append, folds move the counts into
// the aggregates, reads fold first. Exact with two instances writing and folding together, a run going on at the
// other instance, and folds racing each other and the steps.
import { afterEach, expect, it, vi } from 'vitest'
import pg from 'pg'
import { createEffects } from '../../shared/engine'
import type { TrafficReport } from '../../shared/api/commands/traffic'
import { shopFlow } from '../services/traffic/testing/shop-flow'
import { foldTraffic, pendingCounts, TrafficFolder } from './pg-traffic-fold'
import { dayOf, TrafficBatch } from '../services/traffic/run-traffic'
import type { Runtime } from './runtime'
import type { RuntimeStore } from './store'
import { testRuntime, text } from './testing/runtime-fixtures'
import { describePostgresStore } from './testing/stores'

const DAY0 = '2026-01-10'
const T0 = Date.UTC(2026, 0, 10, 9)
const QUERY = { flowId: 'flw_shop', from: DAY0, to: DAY0 }

const edgesOf = (r: TrafficReport) => Object.fromEntries(r.edges.map((e) => [`${e.from}-${e.port}->${e.to}`, e.runs]))
const nodeOf = (r: TrafficReport, id: string) => r.nodes.find((n) => n.nodeId === `n_${id}`)

describePostgresStore('traffic counts pending and folded', (c) => {
  const closing: Array<() => Promise<unknown>> = []
  afterEach(async () => {
    vi.useRealTimers()
    for (const close of closing.splice(0).reverse()) await close()
  })

  async function instances(n: number) {
    const { store, url } = await c.open()
    const stores: RuntimeStore[] = [store]
    for (let i = 1; i < n; i++) stores.push(await c.openShared!(url!))
    const clock = { now: T0 }
    const runtimes: Runtime[] = stores.map(
      (s) => testRuntime(s, undefined, { effects: createEffects({ clock: { now: () => clock.now } }) }).runtime,
    )
    for (const r of runtimes) closing.push(() => r.close())
    const pool = new pg.Pool({ connectionString: url!, max: 4 })
    closing.push(() => pool.end())
    const count = async (table: string) =>
      Number((await pool.query<{ n: string }>(`SELECT count(*) AS n FROM ${table}`)).rows[0]!.n)
    return { stores, runtimes, clock, pool, count }
  }

  it('keeps a step’s counts pending until a fold, and a read folds them first', async () => {
    // The store's own periodic fold never ticks here: only the read folds.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] })
    const { stores, runtimes, pool, count } = await instances(1)
    await stores[0]!.publish(shopFlow())
    await runtimes[0]!.inbound(text('+919800000801', 'shop'))
    await runtimes[0]!.inbound(text('+919800000801', 'done'))
    // Nothing shared was written by the steps: each appended one pending row.
    expect(await count('traffic_pending')).toBe(2)
    expect(await count('traffic_runs')).toBe(0)
    const r = await stores[0]!.traffic.report(QUERY)
    expect(r.runs).toMatchObject({ started: 1, ended: 1, turns: 2, waiting: 0 })
    expect(nodeOf(r, 'ask')).toMatchObject({ reached: 1, waiting: 0, answers: 1 })
    expect(await count('traffic_pending')).toBe(0)
    // A fold with nothing pending changes nothing; a second read reads the same.
    expect(await foldTraffic(pool)).toBe(0)
    expect((await stores[0]!.traffic.report(QUERY)).runs).toEqual(r.runs)
  })

  it('counts exactly with two instances writing and folding together, a run answered at the other instance', async () => {
    const { stores, runtimes, clock, pool, count } = await instances(2)
    await stores[0]!.publish(shopFlow())
    const phones = Array.from({ length: 24 }, (_, i) => `+9198000008${String(10 + i)}`)
    const folds: Array<Promise<unknown>> = []
    const fold = () => void folds.push(foldTraffic(pool, false), foldTraffic(pool))
    // Every contact starts at one instance and answers at the other, while folds run beside the steps.
    await Promise.all(phones.map((p, i) => (fold(), runtimes[i % 2]!.inbound(text(p, 'shop')))))
    clock.now += 5_000
    await Promise.all(phones.map((p, i) => (fold(), runtimes[(i + 1) % 2]!.inbound(text(p, i % 3 ? 'done' : 'x')))))
    await Promise.all(folds)
    const [a, b] = await Promise.all(stores.map((s) => s.traffic.report(QUERY)))
    expect(b).toEqual(a)
    expect(a!.runs).toMatchObject({ started: 24, ended: 16, waiting: 8, turns: 48 })
    expect(edgesOf(a!)).toEqual({
      'n_trigger_1-out->n_ask': 24,
      'n_ask-out->n_check': 24,
      'n_check-true->n_bye': 16,
      'n_check-false->n_route': 8,
      'n_route-false->n_ask': 8,
    })
    expect(nodeOf(a!, 'ask')).toMatchObject({ reached: 24, waiting: 8, answers: 24 })
    expect(nodeOf(a!, 'bye')).toMatchObject({ reached: 16, ended: 16 })
    expect(await count('traffic_pending')).toBe(0)
  })

  it('folds by itself after an instance wrote, and not while it writes nothing', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] })
    const { pool, count } = await instances(1)
    const batch = new TrafficBatch()
    batch.run({ flowId: 'flw_shop', day: dayOf(T0), version: 1 }, 'started')
    batch.node({ flowId: 'flw_shop', day: dayOf(T0), version: 1 }, 'n_ask', 'waiting')
    await pool.query('INSERT INTO traffic_pending (counts) VALUES ($1)', [pendingCounts(batch)])
    const idle = new TrafficFolder(pool, 1000)
    vi.advanceTimersByTime(5000)
    await idle.stop()
    expect(await count('traffic_pending')).toBe(1)
    const folder = new TrafficFolder(pool, 1000)
    folder.wrote()
    vi.advanceTimersByTime(999)
    expect(await count('traffic_pending')).toBe(1)
    vi.advanceTimersByTime(1)
    await folder.stop()
    expect(await count('traffic_pending')).toBe(0)
    const { rows } = await pool.query('SELECT flow_id, day, version, started, turns FROM traffic_runs')
    expect(rows).toEqual([{ flow_id: 'flw_shop', day: dayOf(T0), version: 1, started: 1, turns: 0 }])
    const nodes = await pool.query('SELECT node_id, reached, waiting FROM traffic_nodes')
    expect(nodes.rows).toEqual([{ node_id: 'n_ask', reached: 0, waiting: 1 }])
  })
})
