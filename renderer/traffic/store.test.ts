import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { buildFlow } from '../../shared/engine/testing/fixtures'
import { createTempBackend, expectOk, type TempBackend } from '../../electron/studio/testing/backend'
import { createApiClient } from '../api'
import { createTrafficStore, shownTraffic, type TrafficStore } from './store'

// The Traffic overlay's store against a real back end on a temporary SQLite file, with runs the emulator made: what
// it reads for the chosen period, version and goal, two versions side by side, an error said, a stale answer dropped.

let t: TempBackend
let now: number
let store: TrafficStore

beforeEach(() => {
  now = Date.UTC(2026, 0, 5, 9)
  t = createTempBackend({ now: () => now, log: () => {} })
  store = createTrafficStore(createApiClient({ call: (c, p) => t.backend.call(c, p), on: () => () => {} }), () => now)
})
afterEach(() => t.cleanup())

async function flowWithRuns() {
  const api = t.backend
  const created = expectOk(await api.call('flows.create', { name: 'Sizes' }))
  const doc = buildFlow(
    [
      { type: 'trigger', name: 'trigger_1', config: { kind: 'manual' } },
      { type: 'question', name: 'ask', config: { prompt: 'Size?', saveTo: 'size' } },
      { type: 'message', name: 'confirm', config: { text: 'Done' } },
    ],
    [
      ['trigger_1', 'out', 'ask'],
      ['ask', 'out', 'confirm'],
    ],
    { id: created.id, name: 'Sizes', active: true },
  )
  const first = expectOk(await api.call('flows.save', { document: doc, expectedRevision: created.revision })).revision
  const contact = expectOk(await api.call('emulator.contact', {})).id
  const start = () =>
    api.call('emulator.start', { flowId: created.id, contactId: contact, trigger: { kind: 'manual' } })
  const answer = () =>
    api.call('emulator.send', { flowId: created.id, contactId: contact, event: { type: 'text', text: 'M' } })
  expectOk(await start())
  now += 4000
  expectOk(await answer())
  expectOk(await start()) // waits at ask
  const second = expectOk(
    await api.call('flows.save', { document: { ...doc, name: 'Sizes 2' }, expectedRevision: first }),
  ).revision
  now += 1000
  expectOk(await start()) // supersedes the one waiting: abandoned there
  expectOk(await answer())
  return { flowId: created.id, first, second }
}

describe('traffic store', () => {
  it('reads the overlay and the funnel of the period, and two revisions side by side', async () => {
    const f = await flowWithRuns()
    store.getState().setFlow(f.flowId)
    store.getState().setOn(true)
    await store.getState().load()
    const s = store.getState()
    expect(s.status).toBe('ready')
    expect(shownTraffic(s, f.flowId)?.report.runs).toMatchObject({ started: 3, ended: 2, abandoned: 1 })
    expect(s.data).toMatchObject({ from: '2025-12-07', to: '2026-01-05', funnel: null, compare: null })
    expect(shownTraffic(s, 'flw_other')).toBeNull()

    store.getState().change({ goal: 'n_confirm' })
    await store.getState().load()
    expect(store.getState().data!.funnel).toMatchObject({ reached: 2, runs: 3 })

    store.getState().change({ version: f.first, versus: f.second })
    await store.getState().load()
    const cmp = store.getState().data!.compare!
    expect(cmp.a).toMatchObject({ version: f.first, runs: { started: 2, ended: 1, abandoned: 1 } })
    expect(cmp.b).toMatchObject({ version: f.second, runs: { started: 1, ended: 1 } })
    expect([cmp.a.funnel?.share, cmp.b.funnel?.share]).toEqual([0.5, 1])
    expect(store.getState().data!.report).toBe(cmp.a)

    // Comparing a version with itself, or without a first version, is no comparison.
    store.getState().change({ versus: f.first })
    expect(store.getState().settings.versus).toBeNull()
    store.getState().change({ version: null, versus: f.second })
    expect(store.getState().settings.versus).toBeNull()
    store.getState().setOn(false)
    expect(shownTraffic(store.getState(), f.flowId)).toBeNull()
  })

  it('says why a read failed, keeping what it showed', async () => {
    const f = await flowWithRuns()
    store.getState().setFlow(f.flowId)
    store.getState().setOn(true)
    await store.getState().load()
    store.getState().change({ serverId: 'srv_gone' })
    await store.getState().load()
    expect(store.getState()).toMatchObject({ status: 'error', error: expect.stringMatching(/srv_gone/) })
    expect(store.getState().data?.report.runs.started).toBe(3)
  })

  it('drops an answer a newer read, another flow or Cancel has replaced', async () => {
    const f = await flowWithRuns()
    store.getState().setFlow(f.flowId)
    store.setState({ on: true }) // on, without the read setOn starts: this test starts its own
    const slow = store.getState().load()
    store.getState().cancel()
    await slow
    expect(store.getState()).toMatchObject({ status: 'cancelled', data: null })
    const stale = store.getState().load()
    store.getState().setFlow('flw_other')
    await stale
    expect(store.getState().data).toBeNull()
  })
})
