// /healthz, /readyz and /metrics on each store: ready while the store answers and the outbox drains; not ready,
// naming why, when a due message waits for a sender too long or the store stops answering.
import { afterEach, expect, it } from 'vitest'
import { MemoryAdapter } from './adapters/log-adapter'
import { OUTBOX_STUCK_MS, routeLabel } from './health'
import { RuntimeMetrics } from './metrics'
import { startRuntimeServer, type RuntimeServer } from './server'
import { exampleFlow, testRuntime, text } from './testing/runtime-fixtures'
import { describeEachStore } from './testing/stores'

describeEachStore('health and metrics', (c) => {
  let server: RuntimeServer | null = null
  afterEach(async () => server?.close())

  it('is ready while the outbox drains, and not ready once a due message waits too long or the store is gone', async () => {
    const { store } = await c.open()
    await store.publish(exampleFlow('age-gate'))
    // A sender that never claims: the message below stays due, as with a stuck sender.
    const { runtime } = testRuntime(store, new MemoryAdapter(), { outbox: { send: false } })
    let clock = Date.now()
    const adapter = new MemoryAdapter()
    server = await startRuntimeServer(runtime, {
      settings: { host: '127.0.0.1', port: 0, ratePerSecond: 100, burst: 100 },
      adapter,
      metrics: new RuntimeMetrics(),
      log: () => undefined,
      now: () => clock,
    })
    const url = server.listener.url!
    const ready = async () => {
      const res = await fetch(`${url}/readyz`)
      return {
        status: res.status,
        body: (await res.json()) as { status: string; checks: Record<string, { ok: boolean; detail: string }> },
      }
    }
    expect(await (await fetch(`${url}/healthz`)).json()).toEqual({ status: 'ok' })
    expect(await ready()).toMatchObject({
      status: 200,
      body: {
        status: 'ready',
        checks: {
          store: { ok: true },
          channel: { ok: true, detail: 'memory: accepted at the last try' },
          outbox: { ok: true, detail: '0 unsent, 0 received and not yet processed' },
        },
      },
    })

    await runtime.inbound(text('+919800000601', 'wine'))
    expect((await ready()).status).toBe(200)
    clock += OUTBOX_STUCK_MS + 60_000
    expect(await ready()).toMatchObject({
      status: 503,
      body: {
        status: 'not_ready',
        checks: {
          outbox: {
            ok: false,
            detail: expect.stringMatching(/a due message has waited \d+ s for a sender \(1 unsent\)/),
          },
        },
      },
    })
    const metrics = await (await fetch(`${url}/metrics`)).text()
    expect(metrics).toContain('chatflow_outbox_depth 1')
    expect(metrics).toMatch(/chatflow_outbox_waiting_seconds \d{3}/)
    expect(metrics).toContain('chatflow_process_resident_memory_bytes')
    expect(metrics).toMatch(/chatflow_http_responses_total\{route="readyz",code="503"\} 1/)

    await runtime.close()
    expect(await ready()).toMatchObject({
      status: 503,
      body: { checks: { store: { ok: false, detail: expect.stringContaining('the store does not answer') } } },
    })
  })
})

it('labels responses from a fixed set, so no path makes a new metrics series', () => {
  expect(['/healthz', '/healthz?x=1', '/readyz/', '/metrics'].map(routeLabel)).toEqual([
    'healthz',
    'healthz',
    'readyz',
    'metrics',
  ])
  expect(['/healthz1', '/metricsXYZ', '/readyz-' + 'x'.repeat(100), '/other', undefined].map(routeLabel)).toEqual([
    'other',
    'other',
    'other',
    'other',
    'other',
  ])
})
