import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createTempBackend, expectOk, type TempBackend } from '../testing/backend'
import type { Backend } from '../backend'
import { saveOrdersFlow } from '../testing/orders-flow'

// traffic.overlay / traffic.funnel over the studio's own runs, written by the real engine through the emulator
// commands: one run abandoned at a question when the next start superseded it, one failed at an HTTP Call that could
// not connect (port 1 on loopback refuses), one ended; each counted under the flow's saved revision it started on.

let temp: TempBackend
let api: Backend
let now: number

beforeEach(() => {
  now = Date.UTC(2026, 0, 1, 9)
  temp = createTempBackend({ now: () => now })
  api = temp.backend
})
afterEach(() => temp.cleanup())

const setup = () => saveOrdersFlow(api)

describe('traffic commands over the studio’s own runs', () => {
  it('counts the emulator’s runs per node and connection, under the revision they started on', async () => {
    const t = await setup()
    const start = async (mode: string) => {
      now += 1000
      expectOk(
        await api.call('emulator.start', {
          flowId: t.flowId,
          contactId: t.contactId,
          trigger: { kind: 'manual', data: { mode } },
        }),
      )
    }
    await start('ask')
    await start('http') // supersedes the run waiting at ask, then fails at lookup
    await start('ask')
    now += 5000
    expectOk(
      await api.call('emulator.send', {
        flowId: t.flowId,
        contactId: t.contactId,
        event: { type: 'text', text: 'A-77' },
      }),
    )
    const r = expectOk(await api.call('traffic.overlay', { flowId: t.flowId, from: '2026-01-01', to: '2026-01-01' }))
    expect(r.versions).toEqual([t.revision])
    expect(r.runs).toMatchObject({ started: 3, ended: 1, failed: 1, abandoned: 1, waiting: 0, turns: 1 })
    const node = (name: string) => r.nodes.find((n) => n.nodeId === `n_${name}`)
    expect(node('ask')).toMatchObject({ reached: 2, abandoned: 1, stopped: 1, answers: 1 })
    expect(node('lookup')).toMatchObject({ reached: 1, failed: 1, stopped: 1 })
    expect(node('thanks')).toMatchObject({ reached: 1, ended: 1 })
    expect(r.edges).toContainEqual({ from: 'n_which', port: 'true', to: 'n_ask', runs: 2, share: 2 / 3 })
    const f = expectOk(
      await api.call('traffic.funnel', { flowId: t.flowId, goal: 'n_thanks', from: '2026-01-01', to: '2026-01-01' }),
    )
    expect(f).toMatchObject({ reached: 1, runs: 3, share: 1 / 3 })
    expect(f.path.map((s) => s.nodeId)).toEqual(['n_trigger_1', 'n_which', 'n_ask', 'n_thanks'])
    const other = expectOk(
      await api.call('traffic.overlay', {
        flowId: t.flowId,
        from: '2026-01-01',
        to: '2026-01-01',
        version: t.revision + 1,
      }),
    )
    expect(other.runs.started).toBe(0)
  })

  it('compares two revisions side by side with their funnels to one goal', async () => {
    const t = await setup()
    const start = async (mode: string) => {
      now += 1000
      expectOk(
        await api.call('emulator.start', {
          flowId: t.flowId,
          contactId: t.contactId,
          trigger: { kind: 'manual', data: { mode } },
        }),
      )
    }
    const answer = async () =>
      expectOk(
        await api.call('emulator.send', {
          flowId: t.flowId,
          contactId: t.contactId,
          event: { type: 'text', text: 'A-1' },
        }),
      )
    await start('ask')
    await answer()
    // A second revision (the same graph saved again): its runs count apart from the first's.
    const doc = expectOk(await api.call('flows.get', { id: t.flowId })).document
    const next = expectOk(
      await api.call('flows.save', { document: { ...doc, name: 'Orders 2' }, expectedRevision: t.revision }),
    ).revision
    await start('ask')
    await start('http')
    const day = { flowId: t.flowId, from: '2026-01-01', to: '2026-01-01' }
    const cmp = expectOk(await api.call('traffic.compare', { ...day, goal: 'n_thanks', versions: [t.revision, next] }))
    expect([cmp.a.version, cmp.b.version]).toEqual([t.revision, next])
    expect(cmp.a.runs).toMatchObject({ started: 1, ended: 1, turns: 1 })
    expect(cmp.b.runs).toMatchObject({ started: 2, failed: 1, abandoned: 1, turns: 0 })
    expect(cmp.a.funnel).toMatchObject({ goal: 'n_thanks', reached: 1, runs: 1, share: 1 })
    expect(cmp.b.funnel).toMatchObject({ goal: 'n_thanks', reached: 0, runs: 2, share: 0 })
    const plain = expectOk(await api.call('traffic.compare', { ...day, versions: [t.revision, next] }))
    expect([plain.a.funnel, plain.b.funnel]).toEqual([null, null])
    const bad = await api.call('traffic.compare', { ...day, versions: [t.revision] } as never)
    expect(bad).toMatchObject({ ok: false, error: { code: 'bad_request' } })
  })

  it('refuses an unknown flow and a bad period', async () => {
    const missing = await api.call('traffic.overlay', { flowId: 'flw_missing', from: '2026-01-01', to: '2026-01-02' })
    expect(missing).toMatchObject({ ok: false, error: { code: 'not_found' } })
    const t = await setup()
    const backwards = await api.call('traffic.overlay', { flowId: t.flowId, from: '2026-01-02', to: '2026-01-01' })
    expect(backwards).toMatchObject({ ok: false, error: { code: 'bad_request' } })
  })
})
