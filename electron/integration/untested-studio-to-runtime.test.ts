// Untested traffic of a production runtime, on each of its stores: the studio's tests.untestedTraffic with a serverId
// reads the runtime's traffic and the runs that took each connection through its publish API (same key as Flow Logs),
// and plays the studio's saved tests of the flow to take away what they cover.
import { afterEach, expect, it } from 'vitest'
import { createEffects } from '../../shared/engine'
import { shopFlow } from '../services/traffic/testing/shop-flow'
import { startRuntimeServer, type RuntimeServer } from '../runtime/server'
import type { RuntimeStore } from '../runtime/store'
import { testRuntime, text } from '../runtime/testing/runtime-fixtures'
import { describeEachStore } from '../runtime/testing/stores'
import { createTempBackend, expectOk, type TempBackend } from '../studio/testing/backend'

const KEY = 'pk_untested_0123456789abcdef'
const T0 = Date.UTC(2026, 0, 10, 9)
const DAY = { from: '2026-01-10', to: '2026-01-10' }

describeEachStore('untested traffic of a runtime', (c) => {
  let server: RuntimeServer | null = null
  let studio: TempBackend | null = null
  let close: (() => Promise<void>) | null = null
  afterEach(async () => {
    await server?.close()
    await close?.()
    await studio?.cleanup()
  })

  /** The shop flow in a studio and on a runtime with two customers: one done at once, one who loops first. */
  async function setUp() {
    studio = createTempBackend({ now: () => T0 })
    const call = studio.backend.call.bind(studio.backend)
    const created = expectOk(await call('flows.create', { name: 'Shop' }))
    const doc = { ...shopFlow(), id: created.id, active: true }
    expectOk(await call('flows.save', { document: doc, expectedRevision: created.revision }))
    const store: RuntimeStore = (await c.open()).store
    await store.publish(doc)
    const { runtime } = testRuntime(store, undefined, { effects: createEffects({ clock: { now: () => T0 } }) })
    close = () => runtime.close()
    for (const [phone, says] of [
      ['+919800000951', ['shop', 'done']],
      ['+919800000952', ['shop', 'x', 'done']],
    ] as const)
      for (const s of says) await runtime.inbound(text(phone, s))
    await runtime.idle()
    const runs = (await store.logs.list(created.id, {}, undefined, 10)).runs
    server = await startRuntimeServer(runtime, {
      settings: { host: '127.0.0.1', port: 0, ratePerSecond: 100, burst: 100 },
      publishKey: KEY,
      publishPort: 0,
      log: () => undefined,
    })
    const saved = expectOk(
      await call('publish.servers.save', { name: 'Production', baseUrl: server.publishUrl!, key: KEY }),
    )
    const looped = runs.find((r) => r.contact.phone === '+919800000952')!.id
    return { serverId: saved.id, flowId: created.id, call, looped }
  }

  it('lists what only production took, less what the studio’s saved tests take', async () => {
    const { serverId, flowId, call, looped } = await setUp()
    // A saved test in the studio: the customer who is done at once.
    const contactId = expectOk(await call('emulator.contact', {})).id
    expectOk(await call('emulator.start', { flowId, contactId, trigger: { kind: 'keyword', text: 'shop' } }))
    expectOk(await call('emulator.send', { flowId, contactId, event: { type: 'text', text: 'done' } }))
    expectOk(await call('emulator.saveTest', { flowId, contactId, name: 'done at once', presets: {}, mocks: {} }))
    const r = expectOk(await call('tests.untestedTraffic', { serverId, flowId, ...DAY }))
    expect(r).toEqual({
      runs: 2,
      tests: 1,
      failedTests: 0,
      branches: [
        { from: 'n_check', port: 'false', to: 'n_route', runs: 1, share: 0.5, runId: looped },
        { from: 'n_route', port: 'false', to: 'n_ask', runs: 1, share: 0.5, runId: looped },
      ],
    })
    // Saved as a test (masked, as a server's run is by default), the looping run takes both branches off the list.
    const saved = expectOk(await call('logs.saveTest', { serverId, runId: looped, name: 'loops once' }))
    expect(saved.flowId).toBe(flowId)
    expect(expectOk(await call('tests.untestedTraffic', { serverId, flowId, ...DAY }))).toEqual({
      runs: 2,
      tests: 2,
      failedTests: 0,
      branches: [],
    })
  })

  it('says what the server answered when the period has no runs there, and when the key is wrong', async () => {
    const { serverId, flowId, call } = await setUp()
    expect(
      expectOk(await call('tests.untestedTraffic', { serverId, flowId, from: '2025-01-01', to: '2025-01-31' })),
    ).toEqual({ runs: 0, branches: [], tests: 0, failedTests: 0 })
    expectOk(
      await call('publish.servers.save', {
        id: serverId,
        name: 'Production',
        baseUrl: server!.publishUrl!,
        key: 'pk_wrong_0123456789abcdef',
      }),
    )
    const refused = await call('tests.untestedTraffic', { serverId, flowId, ...DAY })
    expect(refused).toMatchObject({ ok: false, error: { code: 'unauthorized' } })
  })
})
