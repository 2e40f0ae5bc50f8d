// Flow Logs of a production runtime, on each of its stores: the studio's logs commands with a serverId read the
// runtime's logs API (its publish API, same key) and answer as for local runs: filters, paging, facets, rows, one
// run with its delivery states, the failed-deliveries filter, and an export.
import { afterEach, expect, it } from 'vitest'
import { DeliveryError } from '../runtime/adapters/adapter'
import type { RuntimeStore } from '../runtime/store'
import { exampleFlow, testRuntime, text } from '../runtime/testing/runtime-fixtures'
import { describeEachStore } from '../runtime/testing/stores'
import type { LogFilter } from '../../shared/api/commands/logs'
import type { ChannelAdapter } from '../runtime/adapters/adapter'
import { expectOk } from '../studio/testing/backend'
import { studioReadingServer, type StudioReadingServer } from './testing/studio-and-runtime'

const KEY = 'pk_logs_0123456789abcdef'
const REFUSED = '+919800000502'

describeEachStore('Flow Logs of a runtime', (c) => {
  let reading: StudioReadingServer | null = null
  let close: (() => Promise<void>) | null = null
  afterEach(async () => {
    await reading?.closeServer()
    await close?.()
    await reading?.close()
    reading = null
  })

  /** A runtime with the age gate, three conversations (one refused by the channel), and a studio that knows it. */
  async function setUp() {
    const store: RuntimeStore = (await c.open()).store
    await store.publish(exampleFlow('age-gate'))
    const adapter: ChannelAdapter = {
      name: 'scripted',
      async send(e) {
        if (e.to === REFUSED) throw new DeliveryError('channel error 131047: outside the window', false)
      },
    }
    const { runtime } = testRuntime(store, adapter)
    close = () => runtime.close()
    await runtime.inbound({ ...text('+919800000501', 'wine'), name: 'Asha' })
    await runtime.inbound(text('+919800000501', '30'))
    await runtime.inbound({ ...text(REFUSED, 'wine'), name: 'Ravi' })
    await runtime.inbound({ ...text('+919800000503', 'wine'), name: 'Mina' })
    await runtime.idle()
    reading = await studioReadingServer(runtime, KEY)
    return { serverId: reading.serverId, call: reading.call }
  }

  it('lists, filters, pages and opens the runtime’s runs with their delivery states', async () => {
    const { serverId, call } = await setUp()
    const all = expectOk(await call('logs.list', { serverId, flowId: 'flw_age_gate', filter: {}, limit: 100 }))
    expect(all.runs.map((r) => [r.contact.name, r.status, r.failedDeliveries])).toEqual([
      ['Mina', 'paused', 0],
      ['Ravi', 'paused', 1],
      ['Asha', 'ended', 0],
    ])
    const page1 = expectOk(await call('logs.list', { serverId, flowId: 'flw_age_gate', filter: {}, limit: 2 }))
    const page2 = expectOk(
      await call('logs.list', { serverId, flowId: 'flw_age_gate', filter: {}, after: page1.next!, limit: 2 }),
    )
    expect([...page1.runs, ...page2.runs].map((r) => r.id)).toEqual(all.runs.map((r) => r.id))
    expect(page2.next).toBeNull()
    const pick = async (filter: LogFilter) =>
      expectOk(await call('logs.list', { serverId, flowId: 'flw_age_gate', filter, limit: 100 })).runs.map(
        (r) => r.contact.name,
      )
    expect(await pick({ delivery: 'failed' })).toEqual(['Ravi'])
    expect(await pick({ status: ['ended'] })).toEqual(['Asha'])
    expect(await pick({ contact: 'min' })).toEqual(['Mina'])
    expect(await pick({ text: 'wine list' })).toEqual(['Asha'])
    expect(expectOk(await call('logs.facets', { serverId, flowId: 'flw_age_gate' }))).toEqual({
      triggerKinds: ['keyword'],
    })
    expect(
      expectOk(await call('logs.rows', { serverId, ids: [all.runs[1]!.id, 'run_missing'] })).map((r) => r.contact.name),
    ).toEqual(['Ravi'])

    const ravi = expectOk(await call('logs.run', { serverId, runId: all.runs[1]!.id }))
    expect(ravi.messages.map((m) => [m.direction, m.delivery?.state ?? null, m.delivery?.error ?? null])).toEqual([
      ['in', null, null],
      ['out', 'failed', 'channel error 131047: outside the window (refused, not retried)'],
    ])
    const asha = expectOk(await call('logs.run', { serverId, runId: all.runs[2]!.id }))
    expect(asha.messages.filter((m) => m.direction === 'out').map((m) => m.delivery?.state)).toEqual(['sent', 'sent'])
    expect(asha.path.length).toBeGreaterThan(2)
    const missing = await call('logs.run', { serverId, runId: 'run_missing' })
    expect(missing).toMatchObject({ ok: false, error: { code: 'not_found' } })
    const exported = expectOk(
      await call('logs.export', { serverId, flowId: 'flw_age_gate', filter: { delivery: 'failed' }, limit: 10 }),
    )
    expect(exported.runs.map((r) => r.run.contact.name)).toEqual(['Ravi'])
  })

  it('an unreachable server is a clear error, not an empty list', async () => {
    const { serverId, call } = await setUp()
    await reading!.closeServer()
    const down = await call('logs.list', { serverId, flowId: 'flw_age_gate', filter: {}, limit: 10 })
    expect(down).toMatchObject({
      ok: false,
      error: { code: 'unavailable', message: expect.stringContaining('"Production" cannot be reached') },
    })
  })
})
