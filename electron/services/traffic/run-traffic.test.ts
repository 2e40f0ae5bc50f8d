// The counting itself (run-traffic.ts) and the answer-time histogram (answer-buckets.ts), on the engine's real steps.
// The stores' tests (electron/runtime/traffic.test.ts) cover the same rules through both stores' writes.
import { describe, expect, it } from 'vitest'
import { closeRun, createEffects, resumeRun, startRun, type StepResult } from '../../../shared/engine'
import { nodeCatalog } from '../../../shared/nodes/runners'
import { shopFlow } from './testing/shop-flow'
import { bucketOf, boundsOf, LAST_BUCKET, medianOf } from './answer-buckets'
import { TrafficBatch, trafficOf, type RunTraffic } from './run-traffic'

const T0 = Date.UTC(2026, 0, 10, 9)
const flow = shopFlow()

async function steps(): Promise<{ clock: { now: number }; go: (body: string) => Promise<StepResult> }> {
  const clock = { now: T0 }
  const deps = {
    effects: createEffects({ clock: { now: () => clock.now } }),
    catalog: nodeCatalog,
    serviceWindow: false,
  }
  const contact = { id: 'ct_1', name: 'A', phone: '+919800000001' }
  let state: StepResult['state'] | null = null
  return {
    clock,
    go: async (body) => {
      const message = { type: 'text' as const, text: body, id: `wamid.${body}.${clock.now}` }
      const step = state
        ? await resumeRun(flow, state, message, contact, deps)
        : await startRun(flow, { contact, trigger: { kind: 'keyword', keyword: body, message } }, deps)
      state = step.state
      return step
    },
  }
}

/** As a store keeps it: the record goes into the stored state the next step is made from. */
const keep = (step: StepResult, record: RunTraffic | undefined) => Object.assign(step.state, { traffic: record })

describe('TrafficBatch', () => {
  it('leaves a run stored before the aggregates uncounted rather than counting it from its middle', async () => {
    const { go } = await steps()
    await go('shop') // written before migration 029: no record kept
    const batch = new TrafficBatch()
    expect(batch.add(flow.id, await go('done'), 3)).toBeUndefined()
    expect(batch.empty).toBe(true)
  })

  it('keeps the cohort, what was counted, and where and since when the run waits', async () => {
    const { clock, go } = await steps()
    const first = await go('shop')
    const r1 = new TrafficBatch().add(flow.id, first, 7)!
    expect(r1).toEqual({
      v: 7,
      d: Math.floor(T0 / 86_400_000),
      n: ['n_trigger_1', 'n_ask'],
      e: ['n_trigger_1\u001fout\u001fn_ask'],
      l: ['n_ask', null],
      w: 'n_ask',
      t: T0,
    })
    keep(first, r1)
    clock.now += 4000
    const batch = new TrafficBatch()
    const second = await go('x')
    expect(trafficOf(second.state)).toEqual(r1) // the engine carried the record from the state it went on from
    const r2 = batch.add(flow.id, second, 99)! // a version given for a run already counted changes nothing
    expect(r2).toMatchObject({ v: 7, w: 'n_ask', t: T0 + 4000 })
    const rows = batch.rows()
    expect(rows.answers).toEqual([expect.objectContaining({ nodeId: 'n_ask', bucket: bucketOf(4000), answers: 1 })])
    // Waiting at ask before and after: the row adds reached for check and route only.
    expect(rows.nodes.map((n) => [n.nodeId, n.reached, n.waiting])).toEqual([
      ['n_check', 1, 0],
      ['n_route', 1, 0],
    ])
    keep(second, r2)
    const closed = closeRun(second.state, 'cancelled', clock.now)
    const end = new TrafficBatch()
    expect(end.add(flow.id, closed, null)).toMatchObject({ v: 7 })
    expect(end.rows().nodes).toEqual([expect.objectContaining({ nodeId: 'n_ask', abandoned: 1, waiting: -1 })])
    expect(end.rows().runs).toEqual([expect.objectContaining({ abandoned: 1, started: 0 })])
  })
})

describe('answer buckets', () => {
  it('puts answers in fixed log-scale buckets and reads a median within half a bucket', () => {
    expect(bucketOf(0)).toBe(0)
    expect(bucketOf(999)).toBe(0)
    expect(bucketOf(1000)).toBe(1)
    expect(bucketOf(2000)).toBe(5)
    expect(bucketOf(10 * 86_400_000)).toBe(LAST_BUCKET)
    for (const ms of [1500, 30_000, 95_000, 3_600_000]) {
      const [low, high] = boundsOf(bucketOf(ms))
      expect(ms).toBeGreaterThanOrEqual(low)
      expect(ms).toBeLessThan(high)
      const median = medianOf(new Map([[bucketOf(ms), 3]]))!
      expect(Math.abs(median - ms) / ms).toBeLessThan(0.19)
    }
    expect(medianOf(new Map())).toBeNull()
    // 1 answer in 2 s's bucket, 2 in 60 s's: the middle answer is in 60 s's.
    expect(boundsOf(bucketOf(60_000))[0]).toBeLessThanOrEqual(
      medianOf(
        new Map([
          [bucketOf(2000), 1],
          [bucketOf(60_000), 2],
        ]),
      )!,
    )
  })
})
