// A run woken or cancelled by hand through the publish API of the runtime (POST /api/v1/runs/{id}/wake and
// /cancel), on each store: behind the publish key; a run waiting on time is woken before its time by its timeout
// path, once; a paused run is cancelled; unknown, finished and customer-only runs get a clear 404 or 409 and
// nothing changes.
import { afterEach, expect, it } from 'vitest'
import { exampleFlow, text } from './testing/runtime-fixtures'
import { startPublishApiRuntime, type PublishApiRuntime } from './testing/publish-api'
import { describeEachStore } from './testing/stores'
import { waitOnTime } from './testing/wait-fixtures'

const PUBLISH_KEY = 'pk_test_0123456789abcdef'
const T0 = Date.UTC(2026, 0, 10, 9)
const HOUR = 3_600_000
const flow = exampleFlow('age-gate')

describeEachStore('waking or cancelling a run by hand', (c) => {
  let api: PublishApiRuntime | undefined
  afterEach(async () => {
    await api?.close()
    api = undefined
  })

  async function setUp() {
    const { store } = await c.open()
    api = await startPublishApiRuntime(store, flow, { publishKey: PUBLISH_KEY, t0: T0 })
    const post = (runId: string, action: string, body?: string, key?: string) =>
      api!.call('POST', `/runs/${encodeURIComponent(runId)}/${action}`, body, key)
    return { store, ...api, post }
  }

  it('wakes a run waiting on time before its time, by its timeout path, once', async () => {
    const { store, runtime, post, adapter } = await setUp()
    const { runId } = await runtime.inbound(text('+919800000601', 'wine'))
    await waitOnTime(store, flow, '+919800000601', T0 + 4 * HOUR, 'failure')
    expect((await post(runId!, 'wake', undefined, 'pk_wrong_0123456789abcdef')).status).toBe(401)
    expect(await store.run(runId!)).toMatchObject({ status: 'paused' })
    const woken = await post(runId!, 'wake', '{}')
    expect(woken).toEqual({
      status: 200,
      body: {
        runId,
        action: 'woken',
        status: 'ended',
        endReason: 'completed',
        dueAt: new Date(T0 + 4 * HOUR).toISOString(),
      },
    })
    expect((await store.trace(runId!)).filter((t) => t.phase === 'resume').map((t) => t.port)).toEqual(['failure'])
    expect(await store.nextDue(0)).toBeNull()
    expect(await post(runId!, 'wake')).toMatchObject({ status: 409, body: { error: { code: 'not_waiting' } } })
    expect(await runtime.runDue()).toBe(0)
    await runtime.idle()
    expect(adapter.sent.filter((e) => JSON.stringify(e.message).includes('Come back'))).toHaveLength(1)
  })

  it('cancels a paused run; refuses what it cannot wake or cancel with a clear code', async () => {
    const { store, runtime, post } = await setUp()
    const { runId } = await runtime.inbound(text('+919800000602', 'wine'))
    const wake = await post(runId!, 'wake')
    expect(wake).toMatchObject({ status: 409, body: { error: { code: 'not_waiting_on_time' } } })
    expect((wake.body.error as { message: string }).message).toMatch(/waits for the customer/)
    expect(await post('run_nope', 'wake')).toMatchObject({ status: 404, body: { error: { code: 'not_found' } } })
    expect(await post('run_nope', 'cancel')).toMatchObject({ status: 404, body: { error: { code: 'not_found' } } })
    expect(await post(runId!, 'cancel', '{"now": true}')).toMatchObject({
      status: 400,
      body: { error: { code: 'bad_request' } },
    })
    expect(await store.run(runId!)).toMatchObject({ status: 'paused' })
    expect(await post(runId!, 'cancel')).toEqual({
      status: 200,
      body: { runId, action: 'cancelled', status: 'ended', endReason: 'cancelled' },
    })
    expect(await store.run(runId!)).toMatchObject({ status: 'ended', endReason: 'cancelled' })
    expect(await post(runId!, 'cancel')).toMatchObject({ status: 409, body: { error: { code: 'not_waiting' } } })
    // The contact's next message starts afresh.
    expect(await runtime.inbound(text('+919800000602', 'wine'))).toMatchObject({ action: 'started' })
  })
})
