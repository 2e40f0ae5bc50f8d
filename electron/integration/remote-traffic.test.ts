// The traffic of a production runtime read by the studio, on each of its stores: the traffic commands with a
// serverId go through the runtime's publish API (same key as Flow Logs) and answer what the runtime counted: the
// overlay, a goal funnel, two published versions side by side; the server's refusals reach the caller as in Flow Logs.
import { afterEach, expect, it } from 'vitest'
import { createEffects } from '../../shared/engine'
import type { RuntimeStore } from '../runtime/store'
import { testRuntime, text } from '../runtime/testing/runtime-fixtures'
import { describeEachStore } from '../runtime/testing/stores'
import { shopFlow } from '../services/traffic/testing/shop-flow'
import { expectOk } from '../studio/testing/backend'
import { studioReadingServer, type StudioReadingServer } from './testing/studio-and-runtime'

const KEY = 'pk_traffic_0123456789abcdef'
const T0 = Date.UTC(2026, 2, 3, 9)
const DAY = { flowId: 'flw_shop', from: '2026-03-01', to: '2026-03-31' }

describeEachStore('traffic of a runtime read by the studio', (c) => {
  let reading: StudioReadingServer | null = null
  let close: (() => Promise<void>) | null = null
  afterEach(async () => {
    await reading?.closeServer()
    await close?.()
    await reading?.close()
    reading = null
  })

  /** Version 1: two runs (one ends at bye, one waits at ask); version 2: one run that ends at bye. */
  async function setUp() {
    const store: RuntimeStore = (await c.open()).store
    const { runtime } = testRuntime(store, undefined, { effects: createEffects({ clock: { now: () => T0 } }) })
    close = () => runtime.close()
    await store.publish(shopFlow())
    const talk = async (phone: string, ...answers: string[]) => {
      await runtime.inbound(text(phone, 'shop'))
      for (const a of answers) await runtime.inbound(text(phone, a))
    }
    await talk('+919800000901', 'done')
    await talk('+919800000902', 'x')
    await store.publish(shopFlow('Shop 2'))
    await talk('+919800000903', 'done')
    await runtime.idle()
    reading = await studioReadingServer(runtime, KEY)
    return { serverId: reading.serverId, call: reading.call }
  }

  it('reads the overlay, a funnel and two versions side by side from the server', async () => {
    const { serverId, call } = await setUp()
    // The studio has no flow flw_shop: a server's flow is read from the server alone.
    const all = expectOk(await call('traffic.overlay', { serverId, ...DAY }))
    expect(all.versions).toEqual([2, 1])
    expect(all.runs).toMatchObject({ started: 3, ended: 2, waiting: 1 })
    expect(all.nodes.find((n) => n.nodeId === 'n_ask')).toMatchObject({ reached: 3, waiting: 1, stopped: 1 })
    expect(all.edges).toContainEqual({ from: 'n_check', port: 'true', to: 'n_bye', runs: 2, share: 2 / 3 })
    const v1 = expectOk(await call('traffic.overlay', { serverId, ...DAY, version: 1 }))
    expect(v1.runs.started).toBe(2)
    const funnel = expectOk(await call('traffic.funnel', { serverId, ...DAY, goal: 'n_bye' }))
    expect(funnel).toMatchObject({ goal: 'n_bye', reached: 2, runs: 3 })
    expect(funnel.path.map((s) => s.nodeId)).toEqual(['n_trigger_1', 'n_ask', 'n_check', 'n_bye'])

    const cmp = expectOk(await call('traffic.compare', { serverId, ...DAY, goal: 'n_bye', versions: [1, 2] }))
    expect(cmp.a).toMatchObject({ version: 1, runs: { started: 2, ended: 1, waiting: 1 } })
    expect(cmp.b).toMatchObject({ version: 2, runs: { started: 1, ended: 1, waiting: 0 } })
    expect(cmp.a.funnel).toMatchObject({ reached: 1, runs: 2, share: 0.5 })
    expect(cmp.b.funnel).toMatchObject({ reached: 1, runs: 1, share: 1 })
  })

  it('says why when the server refuses or cannot be reached', async () => {
    const { serverId, call } = await setUp()
    const wrong = expectOk(
      await call('publish.servers.save', {
        name: 'Wrong key',
        baseUrl: reading!.server.publishUrl!,
        key: 'pk_wrong_0123456789',
      }),
    )
    expect(await call('traffic.overlay', { serverId: wrong.id, ...DAY })).toMatchObject({
      ok: false,
      error: { code: 'unauthorized', message: expect.stringContaining('"Wrong key" answered 401') },
    })
    expect(await call('traffic.overlay', { serverId: 'srv_missing', ...DAY })).toMatchObject({
      ok: false,
      error: { code: 'not_found' },
    })
    await reading!.closeServer()
    expect(await call('traffic.funnel', { serverId, ...DAY, goal: 'n_bye' })).toMatchObject({
      ok: false,
      error: { code: 'unavailable', message: expect.stringContaining('"Production" cannot be reached') },
    })
  })
})
