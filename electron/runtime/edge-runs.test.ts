// "Runs that took this edge" on both stores (electron/services/traffic/edge-runs.ts) and on the publish API
// (GET /api/v1/flows/{id}/traffic/runs, docs/publish-api.md "Traffic of a runtime"): newest first, by period and
// version, a customer's text that spells an edge's key is not a run that took it, and bad queries are refused.
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { createEffects } from '../../shared/engine'
import { buildPublishApp } from '../services/publish/http'
import { SEP } from '../services/traffic/run-traffic'
import { shopFlow } from '../services/traffic/testing/shop-flow'
import { storePublishTarget } from './publish-target'
import type { Runtime } from './runtime'
import type { RuntimeStore } from './store'
import { testRuntime, text } from './testing/runtime-fixtures'
import { describeEachStore } from './testing/stores'

const KEY = 'pk_edges_0123456789abcdef'
const DAY1 = '2026-01-10'
const DAY2 = '2026-01-11'
const T1 = Date.UTC(2026, 0, 10, 9)
const T2 = Date.UTC(2026, 0, 11, 9)
const BYE = { flowId: 'flw_shop', from: 'n_check', port: 'true', to: 'n_bye', limit: 10 }

describeEachStore('runs that took an edge', (c) => {
  let store: RuntimeStore
  let runtime: Runtime
  let base: string
  let close: () => Promise<void>
  const runOf = new Map<string, string>()
  let v2 = 0

  beforeAll(async () => {
    store = (await c.open()).store
    const clock = { now: T1 }
    runtime = testRuntime(store, undefined, { effects: createEffects({ clock: { now: () => clock.now } }) }).runtime
    const say = (phone: string, body: string) => runtime.inbound(text(phone, body))
    await store.publish(shopFlow())
    await say('+919800000901', 'shop') // A: done at once (check → true → bye)
    await say('+919800000901', 'done')
    clock.now += 60_000
    await say('+919800000902', 'shop') // B: loops (check → false → route → false → ask), then done
    await say('+919800000902', 'x')
    clock.now += 60_000
    await say('+919800000902', 'done')
    clock.now += 60_000
    // C types the very characters of the edge's key: its stored state holds them, but it never took the edge.
    await say('+919800000903', 'shop')
    await say('+919800000903', `n_check${SEP}true${SEP}n_bye`)
    clock.now = T2
    v2 = (await store.publish(shopFlow('Shop 2'))).version
    await say('+919800000904', 'shop') // D: the next day, on the new version
    await say('+919800000904', 'done')
    const page = await store.logs.list('flw_shop', {}, undefined, 50)
    for (const r of page.runs) runOf.set(r.contact.phone.slice(-1), r.id)
    const app = buildPublishApp(storePublishTarget(store), KEY)
    await app.listen({ host: '127.0.0.1', port: 0 })
    base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/api/v1`
    close = () => app.close()
  })
  afterAll(async () => {
    await close()
    await runtime.close()
  })

  const ids = (...who: string[]) => who.map((w) => runOf.get(w))

  it('finds the runs that took an edge, newest first, once each however often they looped', async () => {
    expect(runOf.size).toBe(4)
    expect((await store.traffic.edgeRuns(BYE)).runs).toEqual(ids('4', '2', '1'))
    expect((await store.traffic.edgeRuns({ ...BYE, limit: 2 })).runs).toEqual(ids('4', '2'))
    const loop = { flowId: 'flw_shop', from: 'n_route', port: 'false', to: 'n_ask', limit: 10 }
    expect((await store.traffic.edgeRuns(loop)).runs).toEqual(ids('3', '2'))
  })

  it('keeps to the period (UTC days the runs started) and the version', async () => {
    expect((await store.traffic.edgeRuns({ ...BYE, since: DAY1, until: DAY1 })).runs).toEqual(ids('2', '1'))
    expect((await store.traffic.edgeRuns({ ...BYE, since: DAY2 })).runs).toEqual(ids('4'))
    expect((await store.traffic.edgeRuns({ ...BYE, until: DAY1, version: v2 })).runs).toEqual([])
    expect((await store.traffic.edgeRuns({ ...BYE, version: v2 })).runs).toEqual(ids('4'))
  })

  it('finds none for an edge no run took, nor for one in another flow', async () => {
    expect((await store.traffic.edgeRuns({ ...BYE, port: 'false' })).runs).toEqual([])
    expect((await store.traffic.edgeRuns({ ...BYE, flowId: 'flw_other' })).runs).toEqual([])
  })

  const get = async (path: string, key = KEY) => {
    const res = await fetch(`${base}${path}`, { headers: { authorization: `Bearer ${key}` } })
    return { status: res.status, body: (await res.json()) as Record<string, unknown> }
  }

  it('answers GET /flows/{id}/traffic/runs with the publish key', async () => {
    expect(await get('/flows/flw_shop/traffic/runs?from=n_check&port=true&to=n_bye')).toEqual({
      status: 200,
      body: { runs: ids('4', '2', '1') },
    })
    expect(await get(`/flows/flw_shop/traffic/runs?from=n_check&port=true&to=n_bye&limit=1&until=${DAY1}`)).toEqual({
      status: 200,
      body: { runs: ids('2') },
    })
    expect(await get(`/flows/flw_shop/traffic/runs?from=n_check&port=true&to=n_bye&version=${v2}`)).toEqual({
      status: 200,
      body: { runs: ids('4') },
    })
    expect((await get('/flows/flw_shop/traffic/runs?from=n_check&port=true&to=n_bye', 'wrong')).status).toBe(401)
  })

  it.each([
    ['?port=true&to=n_bye', 'from'],
    ['?from=n_check&to=n_bye', 'port'],
    ['?from=n_check&port=true', 'to'],
    ['?from=&port=true&to=n_bye', 'from'],
    ['?from=n_check&port=true&to=n_bye&limit=0', 'limit'],
    ['?from=n_check&port=true&to=n_bye&limit=101', 'limit'],
    ['?from=n_check&port=true&to=n_bye&limit=ten', 'limit'],
    ['?from=n_check&port=true&to=n_bye&since=2026-1-10', 'YYYY-MM-DD'],
    ['?from=n_check&port=true&to=n_bye&until=2026-02-30', 'not a date of the calendar'],
    ['?from=n_check&port=true&to=n_bye&since=2026-01-11&until=2026-01-10', '`until` is before `since`'],
    ['?from=n_check&port=true&to=n_bye&version=v1', 'version'],
    ['?from=n_check&port=true&to=n_bye&goal=n_bye', 'Unknown query parameter "goal"'],
  ])('refuses %s with 400 and a sentence naming %s', async (query, says) => {
    const res = await get(`/flows/flw_shop/traffic/runs${query}`)
    expect(res.status).toBe(400)
    expect(res.body).toMatchObject({ error: { code: 'bad_request' } })
    expect((res.body.error as { message: string }).message).toContain(says)
  })

  it('refuses a repeated parameter and a flow id with a space', async () => {
    expect(await get('/flows/flw_shop/traffic/runs?from=a&from=b&port=true&to=n_bye')).toMatchObject({
      status: 400,
      body: { error: { code: 'repeated_parameter' } },
    })
    expect((await get('/flows/flw%20shop/traffic/runs?from=n_check&port=true&to=n_bye')).status).toBe(400)
  })
})
