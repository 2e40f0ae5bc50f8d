// The publish API's traffic and funnel (docs/publish-api.md, "Traffic of a runtime") over a real store of each kind:
// the key, the answers the studio's overlay reads, and every kind of bad query refused with a sentence.
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { createEffects } from '../../shared/engine'
import { buildPublishApp } from '../services/publish/http'
import { storePublishTarget } from './publish-target'
import type { Runtime } from './runtime'
import type { RuntimeStore } from './store'
import { testRuntime, text } from './testing/runtime-fixtures'
import { describeEachStore } from './testing/stores'
import { shopFlow } from '../services/traffic/testing/shop-flow'

const KEY = 'pk_traffic_0123456789abcdef'
const T0 = Date.UTC(2026, 0, 10, 9)

describeEachStore('the traffic routes of the publish API', (c) => {
  let store: RuntimeStore
  let runtime: Runtime
  let base: string
  let close: () => Promise<void>
  beforeAll(async () => {
    store = (await c.open()).store
    runtime = testRuntime(store, undefined, { effects: createEffects({ clock: { now: () => T0 } }) }).runtime
    await store.publish(shopFlow())
    for (const [phone, answers] of [
      ['+919800000801', ['done']],
      ['+919800000802', ['x']],
    ] as const) {
      await runtime.inbound(text(phone, 'shop'))
      for (const a of answers) await runtime.inbound(text(phone, a))
    }
    const app = buildPublishApp(storePublishTarget(store), KEY)
    await app.listen({ host: '127.0.0.1', port: 0 })
    base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/api/v1`
    close = () => app.close()
  })
  afterAll(async () => {
    await close()
    await runtime.close()
  })

  const get = async (path: string, key = KEY) => {
    const res = await fetch(`${base}${path}`, { headers: { authorization: `Bearer ${key}` } })
    return { status: res.status, body: (await res.json()) as Record<string, unknown> }
  }

  it('answers the overlay and the funnel of a period, per version or all', async () => {
    const overlay = await get('/flows/flw_shop/traffic?from=2026-01-10&to=2026-01-10')
    expect(overlay.status).toBe(200)
    expect(overlay.body).toMatchObject({
      flowId: 'flw_shop',
      from: '2026-01-10',
      to: '2026-01-10',
      version: null,
      versions: [1],
      runs: { started: 2, ended: 1, waiting: 1, turns: 4, turnsPerRun: 2 },
    })
    expect(overlay.body.edges).toContainEqual({ from: 'n_check', port: 'true', to: 'n_bye', runs: 1, share: 0.5 })
    expect((await get('/flows/flw_shop/traffic?from=2026-01-10&to=2026-01-10&version=2')).body).toMatchObject({
      version: 2,
      runs: { started: 0 },
      nodes: [],
      edges: [],
    })
    const funnel = await get('/flows/flw_shop/funnel?goal=n_bye&from=2026-01-01&to=2026-01-31&version=1')
    expect(funnel).toMatchObject({ status: 200, body: { goal: 'n_bye', reached: 1, runs: 2, share: 0.5 } })
    expect((funnel.body.path as Array<{ nodeId: string }>).map((s) => s.nodeId)).toEqual([
      'n_trigger_1',
      'n_ask',
      'n_check',
      'n_bye',
    ])
  })

  it('needs the publish key', async () => {
    expect(await get('/flows/flw_shop/traffic?from=2026-01-10&to=2026-01-10', 'wrong')).toMatchObject({
      status: 401,
      body: { error: { code: 'unauthorized' } },
    })
  })

  it.each([
    ['/flows/flw_shop/traffic', 'from'],
    ['/flows/flw_shop/traffic?from=2026-01-10', 'to'],
    ['/flows/flw_shop/traffic?from=2026-1-10&to=2026-01-10', 'YYYY-MM-DD'],
    ['/flows/flw_shop/traffic?from=2026-02-30&to=2026-03-01', 'not a date of the calendar'],
    ['/flows/flw_shop/traffic?from=2026-01-11&to=2026-01-10', '`to` is before `from`'],
    ['/flows/flw_shop/traffic?from=2020-01-01&to=2026-01-10', 'at most 400 days'],
    ['/flows/flw_shop/traffic?from=2026-01-10&to=2026-01-10&version=v1', 'version'],
    ['/flows/flw_shop/traffic?from=2026-01-10&to=2026-01-10&version=-1', 'version'],
    ['/flows/flw_shop/traffic?from=2026-01-10&to=2026-01-10&limit=5', 'Unknown query parameter "limit"'],
    ['/flows/flw_shop/funnel?from=2026-01-10&to=2026-01-10', 'goal'],
    ['/flows/flw_shop/funnel?goal=&from=2026-01-10&to=2026-01-10', 'goal'],
    ['/flows/flw_shop/funnel?goal=n_bye&from=2026-01-10&to=2026-01-10&status=ended', 'Unknown query parameter'],
  ])('refuses %s with 400 naming what is wrong (%s)', async (path, says) => {
    const res = await get(path)
    expect(res.status).toBe(400)
    expect(res.body).toMatchObject({ error: { code: 'bad_request' } })
    expect((res.body.error as { message: string }).message).toContain(says)
  })

  it('refuses a repeated parameter and a flow id with a space', async () => {
    expect(await get('/flows/flw_shop/traffic?from=2026-01-10&from=2026-01-11&to=2026-01-12')).toMatchObject({
      status: 400,
      body: { error: { code: 'repeated_parameter' } },
    })
    expect(await get('/flows/flw%20shop/traffic?from=2026-01-10&to=2026-01-10')).toMatchObject({
      status: 400,
      body: { error: { code: 'bad_request' } },
    })
  })
})
