// Traffic aggregates on both stores (migration 029, electron/services/traffic; docs/logs.md "Traffic aggregates"):
// written with every step through the runtime, read back as the overlay and the funnel. A fake clock moves the runs
// across answers, midnight and the 24-hour window.
import { afterEach, expect, it } from 'vitest'
import { createEffects, WINDOW_MS } from '../../shared/engine'
import type { TrafficReport } from '../../shared/api/commands/traffic'
import { bucketOf, boundsOf } from '../services/traffic/answer-buckets'
import type { Runtime } from './runtime'
import type { RuntimeStore } from './store'
import { testRuntime, text } from './testing/runtime-fixtures'
import { shopFlow } from '../services/traffic/testing/shop-flow'
import { describeEachStore } from './testing/stores'

const DAY0 = '2026-01-10'
const T0 = Date.UTC(2026, 0, 10, 9)
const S = 1000

const edgesOf = (r: TrafficReport) => Object.fromEntries(r.edges.map((e) => [`${e.from}-${e.port}->${e.to}`, e.runs]))
const nodeOf = (r: TrafficReport, id: string) => r.nodes.find((n) => n.nodeId === `n_${id}`)

describeEachStore('traffic aggregates', (c) => {
  let runtime: Runtime | undefined
  afterEach(async () => {
    await runtime?.close()
    runtime = undefined
  })

  async function open(): Promise<{
    store: RuntimeStore
    clock: { now: number }
    say: (p: string, t: string) => Promise<unknown>
  }> {
    const { store } = await c.open()
    const clock = { now: T0 }
    runtime = testRuntime(store, undefined, { effects: createEffects({ clock: { now: () => clock.now } }) }).runtime
    const r = runtime
    return { store, clock, say: (phone, body) => r.inbound(text(phone, body)) }
  }

  it('counts a looping run once per node and edge, its turns, and the answer times at the waiting node', async () => {
    const { store, clock, say } = await open()
    await store.publish(shopFlow())
    await say('+919800000701', 'shop')
    clock.now += 10 * S
    await say('+919800000701', 'x') // check false → route false → ask again
    clock.now += 60 * S
    await say('+919800000701', 'y') // the same loop a second time
    clock.now += 30 * S
    await say('+919800000701', 'done')
    const r = await store.traffic.report({ flowId: 'flw_shop', from: DAY0, to: DAY0 })
    expect(r.runs).toMatchObject({ started: 1, ended: 1, failed: 0, expired: 0, waiting: 0, turns: 4, turnsPerRun: 4 })
    expect(edgesOf(r)).toEqual({
      'n_trigger_1-out->n_ask': 1,
      'n_ask-out->n_check': 1,
      'n_check-false->n_route': 1,
      'n_route-false->n_ask': 1,
      'n_check-true->n_bye': 1,
    })
    for (const id of ['trigger_1', 'ask', 'check', 'route', 'bye']) expect(nodeOf(r, id)?.reached).toBe(1)
    expect(nodeOf(r, 'bye')).toMatchObject({ ended: 1, stopped: 0 })
    // Three answers at ask: 10 s, 60 s, 30 s; the median is read from 30 s's bucket.
    const ask = nodeOf(r, 'ask')!
    expect(ask.answers).toBe(3)
    const [low, high] = boundsOf(bucketOf(30 * S))
    expect(ask.medianAnswerMs).toBeGreaterThanOrEqual(low)
    expect(ask.medianAnswerMs).toBeLessThan(high)
    expect(r.edges.find((e) => e.from === 'n_check' && e.port === 'true')!.share).toBe(1)
  })

  it('counts where runs stop: waiting now, failed at a node, expired while waiting', async () => {
    const { store, clock, say } = await open()
    await store.publish(shopFlow())
    await say('+919800000711', 'shop') // stays waiting at ask
    await say('+919800000712', 'shop')
    await say('+919800000712', 'fail') // route true → call fails with no failure path
    await say('+919800000713', 'shop')
    let r = await store.traffic.report({ flowId: 'flw_shop', from: DAY0, to: DAY0 })
    expect(r.runs).toMatchObject({ started: 3, failed: 1, waiting: 2, expired: 0 })
    expect(nodeOf(r, 'call')).toMatchObject({ reached: 1, failed: 1, stopped: 1 })
    expect(nodeOf(r, 'ask')).toMatchObject({ reached: 3, waiting: 2, stopped: 2 })
    clock.now = T0 + WINDOW_MS
    expect(await runtime!.expireStale()).toBe(2)
    r = await store.traffic.report({ flowId: 'flw_shop', from: DAY0, to: DAY0 })
    expect(r.runs).toMatchObject({ started: 3, failed: 1, waiting: 0, expired: 2 })
    expect(nodeOf(r, 'ask')).toMatchObject({ waiting: 0, expired: 2, stopped: 2 })
    // The expiry is not an answer: the one answer is the failing run's "fail".
    expect(nodeOf(r, 'ask')!.answers).toBe(1)
  })

  it('keeps a run in the cohort it started in: across midnight and a publish, on its start day and version', async () => {
    const { store, clock, say } = await open()
    const v1 = await store.publish(shopFlow())
    clock.now = Date.UTC(2026, 0, 10, 23, 59, 30)
    await say('+919800000721', 'shop')
    const v2 = await store.publish(shopFlow('Shop 2'))
    clock.now = Date.UTC(2026, 0, 11, 0, 0, 30) // after midnight, on the new version
    await say('+919800000721', 'done')
    await say('+919800000722', 'shop') // a new run: the new day and version
    const day1 = await store.traffic.report({ flowId: 'flw_shop', from: DAY0, to: DAY0 })
    expect(day1.runs).toMatchObject({ started: 1, ended: 1, turns: 2 })
    expect(day1.versions).toEqual([v1.version])
    expect(nodeOf(day1, 'bye')).toMatchObject({ reached: 1, ended: 1 })
    expect(nodeOf(day1, 'ask')!.answers).toBe(1)
    const day2 = await store.traffic.report({ flowId: 'flw_shop', from: '2026-01-11', to: '2026-01-11' })
    expect(day2.runs).toMatchObject({ started: 1, ended: 0, waiting: 1 })
    expect(day2.versions).toEqual([v2.version])
    expect(nodeOf(day2, 'bye')).toBeUndefined()
    const both = await store.traffic.report({ flowId: 'flw_shop', from: DAY0, to: '2026-01-11' })
    expect(both.runs.started).toBe(2)
    expect(both.versions).toEqual([v2.version, v1.version])
    expect(nodeOf(both, 'trigger_1')!.reached).toBe(2)
    const first = await store.traffic.report({ flowId: 'flw_shop', from: DAY0, to: '2026-01-11', version: v1.version })
    expect(first.runs).toMatchObject({ started: 1, ended: 1 })
    expect(edgesOf(first)['n_check-true->n_bye']).toBe(1)
  })

  it('counts the steps of many contacts written at once exactly (one transaction or many)', async () => {
    const { store, clock, say } = await open()
    await store.publish(shopFlow())
    const phones = Array.from({ length: 12 }, (_, i) => `+9198000007${String(40 + i)}`)
    await Promise.all(phones.map((p) => say(p, 'shop')))
    clock.now += 5 * S
    await Promise.all(phones.map((p, i) => say(p, i % 3 ? 'done' : 'x')))
    const r = await store.traffic.report({ flowId: 'flw_shop', from: DAY0, to: DAY0 })
    expect(r.runs).toMatchObject({ started: 12, ended: 8, waiting: 4, turns: 24 })
    expect(edgesOf(r)).toMatchObject({
      'n_trigger_1-out->n_ask': 12,
      'n_check-true->n_bye': 8,
      'n_route-false->n_ask': 4,
    })
    expect(nodeOf(r, 'ask')).toMatchObject({ reached: 12, waiting: 4, answers: 12 })
  })

  it('gives the funnel to a goal along the path most runs took', async () => {
    const { store, say } = await open()
    await store.publish(shopFlow())
    for (const [phone, answers] of [
      ['+919800000731', ['done']],
      ['+919800000732', ['x', 'done']],
      ['+919800000733', ['fail']],
      ['+919800000734', []],
    ] as const) {
      await say(phone, 'shop')
      for (const a of answers) await say(phone, a)
    }
    const f = await store.traffic.funnel({ flowId: 'flw_shop', goal: 'n_bye', from: DAY0, to: DAY0 })
    expect(f).toMatchObject({ reached: 2, runs: 4, share: 0.5 })
    expect(f.path.map((s) => [s.nodeId, s.reached])).toEqual([
      ['n_trigger_1', 4],
      ['n_ask', 4],
      ['n_check', 3],
      ['n_bye', 2],
    ])
    const none = await store.traffic.funnel({ flowId: 'flw_shop', goal: 'n_nowhere', from: DAY0, to: DAY0 })
    expect(none).toMatchObject({ reached: 0, runs: 4, share: 0, path: [] })
  })
})
