// What `chatflow serve` counts and logs, on each store: the store instrumented as serve instruments it, a runtime
// over it, and /metrics read as Prometheus text. A completed run, a failed run and an unsent message each move the
// metrics the docs tell operators to watch (docs/deploy.md, "What to watch"); the log lines carry run and contact ids.
import { Writable } from 'node:stream'
import pino from 'pino'
import { expect, it } from 'vitest'
import { buildFlow } from '../../shared/engine/testing/fixtures'
import { MemoryAdapter } from './adapters/log-adapter'
import { instrumentStore } from './instrument'
import { RuntimeMetrics } from './metrics'
import { exampleFlow, testRuntime, text } from './testing/runtime-fixtures'
import { describeEachStore } from './testing/stores'

/** A flow whose condition leads back to itself: the engine fails the run at its loop bound. */
const loopFlow = buildFlow(
  [
    { type: 'trigger', name: 'trigger_1', config: { kind: 'keyword', keywords: ['loop'], matchMode: 'exact' } },
    { type: 'condition', name: 'condition_1', config: { join: 'and', rules: [] } },
  ],
  [
    ['trigger_1', 'out', 'condition_1'],
    ['condition_1', 'true', 'condition_1'],
    ['condition_1', 'false', 'condition_1'],
  ],
  { id: 'flw_loop', name: 'Loop' },
)

function captureLogger() {
  const lines: Array<Record<string, unknown>> = []
  const sink = new Writable({
    write(chunk: Buffer, _enc, done) {
      for (const l of chunk.toString().split('\n')) if (l) lines.push(JSON.parse(l) as Record<string, unknown>)
      done()
    },
  })
  return { logger: pino({ level: 'info' }, sink), lines }
}

/** The value of one sample of the Prometheus text, e.g. `chatflow_steps_total` or `name{label="x"}`. */
function sample(metrics: string, name: string): number | undefined {
  const line = metrics.split('\n').find((l) => l.startsWith(`${name} `))
  return line === undefined ? undefined : Number(line.slice(name.length + 1))
}

describeEachStore('the runtime’s metrics and logs', (c) => {
  it('counts runs started, ended and failed, steps and their latency, deliveries, and the outbox’s depth and age', async () => {
    const { store } = await c.open()
    const metrics = new RuntimeMetrics({ defaults: false })
    const { logger, lines } = captureLogger()
    const instrumented = instrumentStore(store, metrics, logger)
    await instrumented.publish(exampleFlow('age-gate'))
    await instrumented.publish(loopFlow)
    const adapter = new MemoryAdapter()
    const { runtime } = testRuntime(instrumented, adapter)
    try {
      await runtime.inbound(text('+919800000701', 'wine'))
      await runtime.inbound(text('+919800000701', '30'))
      await runtime.inbound(text('+919800000702', 'loop'))
      await runtime.idle()
      const read = { stats: () => store.channel.stats(Date.now()), halted: () => false }
      const m = await metrics.text(read)
      expect(sample(m, 'chatflow_runs_started_total{flow_id="flw_age_gate"}')).toBe(1)
      expect(sample(m, 'chatflow_runs_started_total{flow_id="flw_loop"}')).toBe(1)
      expect(sample(m, 'chatflow_runs_ended_total{flow_id="flw_age_gate",reason="completed"}')).toBe(1)
      expect(sample(m, 'chatflow_runs_failed_total{flow_id="flw_loop",code="loop_limit"}')).toBe(1)
      // Three committed contact transactions: the age gate's start and resume, the loop's start.
      expect(sample(m, 'chatflow_steps_total')).toBe(3)
      expect(sample(m, 'chatflow_step_duration_seconds_count')).toBe(3)
      expect(sample(m, 'chatflow_step_duration_seconds_sum')).toBeGreaterThan(0)
      expect(sample(m, 'chatflow_deliveries_total{state="accepted"}')).toBe(2)
      expect(sample(m, 'chatflow_outbox_depth')).toBe(0)
      expect(sample(m, 'chatflow_outbox_oldest_age_seconds')).toBe(0)
      expect(adapter.sent.map((e) => e.to)).toEqual(['+919800000701', '+919800000701'])

      const steps = lines.filter((l) => l.msg === 'run step')
      expect(steps).toHaveLength(3)
      for (const l of steps)
        expect(l).toMatchObject({
          runId: expect.stringMatching(/^run_/),
          contactId: expect.stringMatching(/^ct_/),
          flowId: expect.any(String),
        })
      expect(steps.at(-1)).toMatchObject({ flowId: 'flw_loop', status: 'failed', error: 'loop_limit' })
    } finally {
      await runtime.close()
    }
  })

  it('an unsent message shows in the outbox depth and the age of the oldest', async () => {
    const { store } = await c.open()
    const metrics = new RuntimeMetrics({ defaults: false })
    const instrumented = instrumentStore(store, metrics, pino({ level: 'silent' }))
    await instrumented.publish(exampleFlow('age-gate'))
    // A sender that never claims: the question stays in the outbox.
    const { runtime } = testRuntime(instrumented, new MemoryAdapter(), { outbox: { send: false } })
    try {
      await runtime.inbound(text('+919800000703', 'wine'))
      const later = Date.now() + 90_000
      const m = await metrics.text({ stats: () => store.channel.stats(later), halted: () => true }, later)
      expect(sample(m, 'chatflow_outbox_depth')).toBe(1)
      expect(sample(m, 'chatflow_outbox_oldest_age_seconds')).toBeGreaterThanOrEqual(89)
      expect(sample(m, 'chatflow_outbox_waiting_seconds')).toBeGreaterThanOrEqual(89)
      expect(sample(m, 'chatflow_channel_sending_halted')).toBe(1)
      expect(sample(m, 'chatflow_deliveries_total{state="accepted"}')).toBeUndefined()
    } finally {
      await runtime.close()
    }
  })
  it('logs a takeover started and ended, and each customer message held for the person, with their ids', async () => {
    const { store } = await c.open()
    const { logger, lines } = captureLogger()
    const instrumented = instrumentStore(store, new RuntimeMetrics({ defaults: false }), logger)
    await instrumented.publish(exampleFlow('age-gate'))
    const { runtime } = testRuntime(instrumented, new MemoryAdapter())
    try {
      const phone = '+919800000703'
      await runtime.inbound(text(phone, 'wine'))
      const { handled } = await runtime.takeovers.contactEvent(phone, { kind: 'takeover', by: 'api', note: 'refund' })
      const id = handled!.handover && 'start' in handled!.handover ? handled!.handover.start.id : ''
      await runtime.inbound(text(phone, 'hello?'))
      await runtime.takeovers.contactEvent(phone, { kind: 'handback', by: 'api' })
      const seen = lines.filter((l) => l.handoverId === id).map((l) => [l.msg, l.by])
      expect(seen).toEqual([
        ['takeover started', 'api'],
        ['customer message held for the person', undefined],
        ['takeover ended', 'api'],
      ])
    } finally {
      await runtime.close()
    }
  })
})
