// The store side of time (docs/runtime.md, "Time"): every step commit keeps the run's wake_at (the engine's dueAt)
// on its row, and due runs are claimed through the partial index, once per lease, on any instance sharing the store.
import { afterEach, expect, it } from 'vitest'
import { createEffects, startRun, type StepResult } from '../../shared/engine'
import { nodeCatalog } from '../../shared/nodes/runners'
import { exampleFlow } from './testing/runtime-fixtures'
import { describeEachStore } from './testing/stores'
import type { RuntimeStore } from './store'

const deps = { effects: createEffects(), catalog: nodeCatalog, serviceWindow: false }
const flow = exampleFlow('age-gate')

/** A run paused at the age question, made to wait until `until` as a "no reply within" would (null: no time). */
async function commitWaiting(store: RuntimeStore, phone: string, until: number | null): Promise<string> {
  return store.withContact(phone, undefined, async (tx) => {
    const message = { type: 'text' as const, text: 'wine', id: `wamid.${phone}` }
    const step = await startRun(
      flow,
      { contact: tx.contact, trigger: { kind: 'keyword', keyword: 'wine', message } },
      deps,
    )
    expect(step.state.status).toBe('paused')
    await tx.commit({ steps: [{ flow, step: withUntil(step, until) }] })
    return step.state.id
  })
}

function withUntil(step: StepResult, until: number | null): StepResult {
  const waiting = step.state.waiting ? { ...step.state.waiting, ...(until === null ? {} : { until }) } : null
  return { ...step, state: { ...step.state, waiting } }
}

describeEachStore('due runs in the store', (c) => {
  const open: RuntimeStore[] = []
  afterEach(async () => {
    await Promise.all(open.splice(0).map((s) => s.close()))
  })

  it('keeps wake_at with every step and claims a due run once per lease, earliest first', async () => {
    const { store } = await c.open()
    open.push(store)
    await store.publish(flow)
    const t = 1_800_000_000_000
    expect(await store.nextDue(0)).toBeNull()
    const late = await commitWaiting(store, '+919800000001', t + 5_000)
    const early = await commitWaiting(store, '+919800000002', t + 1_000)
    await commitWaiting(store, '+919800000003', null)
    expect(await store.waitingCount()).toBe(2)
    expect(await store.nextDue(0)).toBe(t + 1_000)
    expect(await store.claimDue({ now: t + 999, leaseMs: 30_000, limit: 10 })).toEqual([])
    expect(await store.claimDue({ now: t + 6_000, leaseMs: 30_000, limit: 10 })).toEqual([
      { runId: early, phone: '+919800000002', wakeAt: t + 1_000 },
      { runId: late, phone: '+919800000001', wakeAt: t + 5_000 },
    ])
    // Held: no second claim until the lease runs out, or the claim is given back.
    expect(await store.claimDue({ now: t + 7_000, leaseMs: 30_000, limit: 10 })).toEqual([])
    await store.releaseDue(early, t + 8_000)
    expect(await store.claimDue({ now: t + 7_999, leaseMs: 30_000, limit: 10 })).toEqual([])
    expect((await store.claimDue({ now: t + 8_000, leaseMs: 30_000, limit: 10 })).map((d) => d.runId)).toEqual([early])
    expect((await store.claimDue({ now: t + 36_000, leaseMs: 30_000, limit: 1 })).map((d) => d.runId)).toEqual([late])
  })

  it('a step that answers the run clears its wake_at and its claim; a new wait is claimable at its own time', async () => {
    const { store } = await c.open()
    open.push(store)
    await store.publish(flow)
    const t = 1_800_000_000_000
    const runId = await commitWaiting(store, '+919800000004', t)
    expect(await store.claimDue({ now: t, leaseMs: 60_000, limit: 10 })).toHaveLength(1)
    // The same run's next step (here: the same wait moved on) rewrites wake_at and drops the claim with it.
    await store.withContact('+919800000004', undefined, async (tx) => {
      const paused = (await tx.pausedRun())!
      const step: StepResult = {
        state: { ...paused, waiting: { ...paused.waiting!, until: t + 10 } },
        trace: [],
        messages: [],
      } as unknown as StepResult
      await tx.commit({ steps: [{ flow, step }] })
    })
    if (c.kind === 'postgres')
      expect((await store.claimDue({ now: t + 10, leaseMs: 60_000, limit: 10 })).map((d) => d.runId)).toEqual([runId])
    // The run ends: it waits on nothing any more.
    await store.withContact('+919800000004', undefined, async (tx) => {
      const paused = (await tx.pausedRun())!
      const step = {
        state: { ...paused, status: 'ended', waiting: null, endedAt: t + 20, endReason: 'completed' },
        trace: [],
        messages: [],
      } as unknown as StepResult
      await tx.commit({ steps: [{ flow, step }] })
    })
    expect(await store.nextDue(0)).toBeNull()
    expect(await store.waitingCount()).toBe(0)
    expect(await store.claimDue({ now: t + 100_000_000, leaseMs: 60_000, limit: 10 })).toEqual([])
  })

  if (c.kind === 'postgres')
    it('two instances never claim the same due run, and a dead instance’s claim runs out', async () => {
      const { store, url } = await c.open()
      const other = await c.openShared!(url!)
      open.push(store, other)
      await store.publish(flow)
      const t = 1_800_000_000_000
      const ids = await Promise.all(
        Array.from({ length: 40 }, (_, i) => commitWaiting(store, `+9198000001${String(i).padStart(2, '0')}`, t + i)),
      )
      const [a, b] = await Promise.all([
        store.claimDue({ now: t + 100, leaseMs: 30_000, limit: 25 }),
        other.claimDue({ now: t + 100, leaseMs: 60_000, limit: 25 }),
      ])
      const claimed = [...a!, ...b!].map((d) => d.runId)
      expect(new Set(claimed).size).toBe(claimed.length)
      expect([...claimed].sort()).toEqual([...ids].sort())
      // `store` stops without giving its claims back: they are the other's once the lease has run out.
      expect(await other.claimDue({ now: t + 30_099, leaseMs: 30_000, limit: 50 })).toEqual([])
      expect(
        (await other.claimDue({ now: t + 30_100, leaseMs: 30_000, limit: 50 })).map((d) => d.runId).sort(),
      ).toEqual(a!.map((d) => d.runId).sort())
    })
})
