import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { buildFlow } from '../../../shared/engine/testing/fixtures'
import type { FlowDocument } from '../../../shared/flow/document'
import { createTempBackend, expectOk, type TempBackend } from '../testing/backend'
import type { Backend } from '../backend'

// tests.untestedTraffic over the studio's own runs (docs/testing.md, "Untested traffic"): runs written by the real
// engine through the emulator, saved tests played as `chatflow test` plays them. A connection the runs took is listed
// until a saved test takes it; a test that covers nothing of it leaves it listed; each names the newest run that took
// it, the one the Tests tab saves as a test.

let temp: TempBackend
let api: Backend
let now: number

beforeEach(() => {
  now = Date.UTC(2026, 0, 1, 9)
  temp = createTempBackend({ now: () => now })
  api = temp.backend
})
afterEach(() => temp.cleanup())

const DAY = { from: '2026-01-01', to: '2026-01-01' }

/** trigger → which: mode "ask" → ask → thanks; any other mode → bye. */
const ordersFlow = (id: string, edges: Array<[string, string, string]>) =>
  buildFlow(
    [
      { type: 'trigger', name: 'trigger_1', config: { kind: 'manual' } },
      {
        type: 'condition',
        name: 'which',
        config: { rules: [{ left: '{{trigger_1.data.mode}}', operator: 'equals', right: 'ask' }] },
      },
      { type: 'question', name: 'ask', config: { prompt: 'Order number?', saveTo: 'order' } },
      { type: 'message', name: 'thanks', config: { text: 'Thanks {{order}}' } },
      { type: 'message', name: 'bye', config: { text: 'Bye' } },
    ],
    edges,
    { id, name: 'Orders', active: true },
  )

const EDGES: Array<[string, string, string]> = [
  ['trigger_1', 'out', 'which'],
  ['which', 'true', 'ask'],
  ['which', 'false', 'bye'],
  ['ask', 'out', 'thanks'],
]

async function setup() {
  const created = expectOk(await api.call('flows.create', { name: 'Orders' }))
  let revision = expectOk(
    await api.call('flows.save', { document: ordersFlow(created.id, EDGES), expectedRevision: created.revision }),
  ).revision
  const contactId = expectOk(await api.call('emulator.contact', {})).id
  const flowId = created.id
  const runIds: Record<string, string> = {}
  /** One conversation in the emulator; its run id is kept under `label`. */
  const talk = async (label: string, mode: string) => {
    now += 1000
    const s = expectOk(
      await api.call('emulator.start', { flowId, contactId, trigger: { kind: 'manual', data: { mode } } }),
    )
    if (mode === 'ask') {
      now += 1000
      expectOk(await api.call('emulator.send', { flowId, contactId, event: { type: 'text', text: 'A-1' } }))
    }
    runIds[label] = s.session.run!.id
  }
  const saveTest = async (name: string) =>
    expectOk(await api.call('emulator.saveTest', { flowId, contactId, name, presets: {}, mocks: {} }))
  const save = async (doc: FlowDocument) => {
    revision = expectOk(await api.call('flows.save', { document: doc, expectedRevision: revision })).revision
  }
  const untested = async () => expectOk(await api.call('tests.untestedTraffic', { flowId, ...DAY }))
  return { flowId, runIds, talk, saveTest, save, untested }
}

describe('untested traffic over the studio’s own runs', () => {
  it('lists every connection the runs took while no test is saved, most runs first, with the newest run', async () => {
    const t = await setup()
    await t.talk('ask1', 'ask')
    await t.talk('ask2', 'ask')
    await t.talk('other', 'other')
    const r = await t.untested()
    expect(r).toMatchObject({ runs: 3, tests: 0, failedTests: 0 })
    expect(r.branches).toEqual([
      { from: 'n_trigger_1', port: 'out', to: 'n_which', runs: 3, share: 1, runId: t.runIds.other },
      { from: 'n_ask', port: 'out', to: 'n_thanks', runs: 2, share: 2 / 3, runId: t.runIds.ask2 },
      { from: 'n_which', port: 'true', to: 'n_ask', runs: 2, share: 2 / 3, runId: t.runIds.ask2 },
      { from: 'n_which', port: 'false', to: 'n_bye', runs: 1, share: 1 / 3, runId: t.runIds.other },
    ])
  })

  it('drops what a saved test takes when played, and keeps what it does not take', async () => {
    const t = await setup()
    await t.talk('other', 'other')
    await t.talk('ask1', 'ask')
    await t.saveTest('asks for the order') // the "ask" conversation: takes which → true, not which → false
    const r = await t.untested()
    expect(r).toMatchObject({ runs: 2, tests: 1, failedTests: 0 })
    expect(r.branches).toEqual([
      { from: 'n_which', port: 'false', to: 'n_bye', runs: 1, share: 1 / 2, runId: t.runIds.other },
    ])
    await t.talk('other2', 'other')
    await t.saveTest('says bye')
    expect(await t.untested()).toMatchObject({ runs: 3, tests: 2, branches: [] })
  })

  it('plays the tests against today’s flow: a test whose conversation no longer takes a branch does not cover it', async () => {
    const t = await setup()
    await t.talk('ask1', 'ask')
    await t.saveTest('asks for the order')
    await t.talk('other', 'other')
    expect((await t.untested()).branches.map((b) => b.from + '.' + b.port)).toEqual(['n_which.false'])
    // Today the condition sends "ask" to bye as well: the saved test now takes which → false, fails, and still
    // covers what it ran; which → true is left to the runs that took it.
    const doc = ordersFlow(t.flowId, EDGES)
    const which = doc.nodes.find((n) => n.id === 'n_which')!
    which.config = { rules: [{ left: '{{trigger_1.data.mode}}', operator: 'equals', right: 'never' }] }
    await t.save(doc)
    const r = await t.untested()
    expect(r).toMatchObject({ tests: 1, failedTests: 1 })
    expect(r.branches.map((b) => `${b.from}.${b.port}`)).toEqual(['n_ask.out', 'n_which.true'])
  })

  it('leaves out connections today’s flow no longer has', async () => {
    const t = await setup()
    await t.talk('ask1', 'ask')
    await t.talk('other', 'other')
    await t.save(
      ordersFlow(
        t.flowId,
        EDGES.filter(([from, port]) => !(from === 'which' && port === 'false')),
      ),
    )
    const r = await t.untested()
    expect(r.branches.map((b) => `${b.from}.${b.port}`)).toEqual(['n_trigger_1.out', 'n_ask.out', 'n_which.true'])
  })

  it('names no run once the runs that took a branch are deleted; the aggregates still count them', async () => {
    const t = await setup()
    await t.talk('other', 'other')
    now += 60_000
    const cut = now
    await t.talk('ask1', 'ask')
    expectOk(await api.call('logs.purge', { flowId: t.flowId, before: cut }))
    const r = await t.untested()
    expect(r.runs).toBe(2)
    expect(r.branches).toContainEqual({ from: 'n_which', port: 'false', to: 'n_bye', runs: 1, share: 0.5, runId: null })
    expect(r.branches).toContainEqual({
      from: 'n_which',
      port: 'true',
      to: 'n_ask',
      runs: 1,
      share: 0.5,
      runId: t.runIds.ask1,
    })
  })

  it('says how far the tests have been played', async () => {
    const t = await setup()
    await t.talk('ask1', 'ask')
    await t.saveTest('one')
    await t.talk('other', 'other')
    await t.saveTest('two')
    const seen: unknown[] = []
    api.on('tests.untestedProgress', (p) => seen.push(p))
    await t.untested()
    expect(seen).toEqual([0, 1, 2].map((done) => ({ flowId: t.flowId, done, total: 2 })))
  })

  it('stops between two tests when cancelled, answering cancelled, and can be asked again', async () => {
    const t = await setup()
    await t.talk('ask1', 'ask')
    await t.saveTest('one')
    await t.saveTest('two')
    const cancels: Array<Promise<unknown>> = []
    const off = api.on('tests.untestedProgress', (p) => {
      if (p.done === 0) cancels.push(api.call('tests.cancelUntested', { flowId: t.flowId }))
    })
    const r = await api.call('tests.untestedTraffic', { flowId: t.flowId, ...DAY })
    off()
    expect(r).toMatchObject({ ok: false, error: { code: 'cancelled' } })
    expect(await Promise.all(cancels)).toEqual([{ ok: true, value: { cancelled: true } }])
    expect(expectOk(await api.call('tests.cancelUntested', { flowId: t.flowId }))).toEqual({ cancelled: false })
    expect(await t.untested()).toMatchObject({ tests: 2, branches: [] })
  })

  it('answers zero runs for a period without runs, and refuses a bad period and an unknown flow', async () => {
    const t = await setup()
    await t.talk('ask1', 'ask')
    expect(
      expectOk(await api.call('tests.untestedTraffic', { flowId: t.flowId, from: '2025-12-01', to: '2025-12-31' })),
    ).toEqual({ runs: 0, branches: [], tests: 0, failedTests: 0 })
    const bad = await api.call('tests.untestedTraffic', { flowId: t.flowId, from: '2026-01-02', to: '2026-01-01' })
    expect(bad).toMatchObject({ ok: false, error: { code: 'bad_request' } })
    const missing = await api.call('tests.untestedTraffic', { flowId: 'flw_nope', ...DAY })
    expect(missing).toMatchObject({ ok: false, error: { code: 'not_found' } })
  })
})
