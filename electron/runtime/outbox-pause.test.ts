// The outbox when the channel refuses the token (a DeliveryError with halt) and when it asks to wait (Retry-After):
// a refusal counts no attempt and stops all sending, then one message probes the channel until it is accepted;
// a Retry-After is a floor under the backoff.
import { expect, it } from 'vitest'
import type { ChannelAdapter, OutboundEnvelope } from './adapters/adapter'
import { DeliveryError } from './adapters/adapter'
import { exampleFlow, testRuntime, text } from './testing/runtime-fixtures'
import { describeEachStore } from './testing/stores'

describeEachStore('the outbox paused by the channel', (c) => {
  it('a refused token sends nothing more, keeps every message untouched, and one probe at a time resumes sending', async () => {
    const { store } = await c.open()
    await store.publish(exampleFlow('age-gate'))
    let refusing = true
    let inFlight = 0
    let most = 0
    const calls: Array<{ to: string; at: number; refused: boolean }> = []
    const adapter: ChannelAdapter = {
      name: 'refusing',
      async send(e: OutboundEnvelope) {
        inFlight++
        most = Math.max(most, inFlight)
        await new Promise((r) => setTimeout(r, 20))
        inFlight--
        calls.push({ to: e.to, at: Date.now(), refused: refusing })
        if (refusing)
          throw new DeliveryError(
            'channel error 190: the access token has expired or was revoked: Session expired',
            true,
            { halt: true },
          )
        return { channelId: `wamid.${calls.length}` }
      },
    }
    const logs: string[] = []
    const { runtime } = testRuntime(store, adapter, { outbox: { pauseMs: 1000, pollMs: 50 }, log: (m) => logs.push(m) })
    const a = await runtime.inbound(text('+919800000701', 'wine'))
    const b = await runtime.inbound(text('+919800000702', 'wine'))
    await expect.poll(() => logs.filter((l) => l.startsWith('SENDING STOPPED')).length).toBe(1)
    await new Promise((r) => setTimeout(r, 100))
    const before = calls.length
    most = inFlight
    await new Promise((r) => setTimeout(r, 400))
    expect(calls.length).toBe(before) // paused: nothing is tried during the pause
    for (const run of [a, b])
      expect(await store.outbox(run.runId!)).toEqual([expect.objectContaining({ status: 'pending', attempts: 0 })])

    // Still refused at the probe: one message is tried, alone, and sending pauses again.
    await expect.poll(() => calls.length, { timeout: 3000 }).toBe(before + 1)
    expect(most).toBe(1)
    expect(logs.filter((l) => l.startsWith('SENDING STOPPED'))).toHaveLength(2)
    refusing = false
    await expect.poll(() => calls.filter((x) => !x.refused).length, { timeout: 5000 }).toBe(2)
    await runtime.idle()
    expect(
      calls
        .filter((x) => !x.refused)
        .map((x) => x.to)
        .sort(),
    ).toEqual(['+919800000701', '+919800000702'])
    for (const run of [a, b])
      expect(await store.outbox(run.runId!)).toEqual([expect.objectContaining({ status: 'sent', attempts: 1 })])
    expect(logs).toContain('outbox: the channel accepts messages again; sending resumed')
    await runtime.close()
  })

  it('a Retry-After longer than the backoff is waited out', async () => {
    const { store } = await c.open()
    await store.publish(exampleFlow('age-gate'))
    const at: number[] = []
    const adapter: ChannelAdapter = {
      name: 'throttled',
      async send() {
        at.push(Date.now())
        if (at.length === 1) throw new DeliveryError('channel error 130429: slow down', true, { retryAfterMs: 700 })
      },
    }
    const { runtime } = testRuntime(store, adapter, { outbox: { backoffMs: 10, pollMs: 50 } })
    await runtime.inbound(text('+919800000703', 'wine'))
    await expect.poll(() => at.length, { timeout: 5000 }).toBe(2)
    expect(at[1]! - at[0]!).toBeGreaterThanOrEqual(690)
    await runtime.close()
  })
})
