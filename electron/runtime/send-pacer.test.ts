// The send pacer on a fake clock (its timers run only when the test moves the clock), and its adapter against the
// fake Cloud API (a real HTTP server): the channel's 130429 slows sending down, which then climbs back.
import { afterEach, beforeEach, expect, it } from 'vitest'
import { CloudApiAdapter } from './adapters/cloud-api'
import type { ChannelAdapter } from './adapters/adapter'
import { pacedAdapter, SendPacer, type PacerClock } from './send-pacer'
import { startFakeCloudApi, type FakeCloudApi } from './testing/fake-cloud-api'
import { envelopeOf } from './testing/runtime-fixtures'

class FakeClock implements PacerClock {
  t = 1_800_000_000_000
  private timers: Array<{ at: number; fn: () => void }> = []
  now = () => this.t
  setTimeout = (fn: () => void, ms: number) => this.timers.push({ at: this.t + ms, fn })
  /** Moves time forward in 1 ms steps, running the timers that come due (as the event loop would). */
  async advance(ms: number): Promise<void> {
    const end = this.t + ms
    while (this.t < end) {
      this.t++
      const due = this.timers.filter((x) => x.at <= this.t)
      this.timers = this.timers.filter((x) => x.at > this.t)
      for (const d of due) d.fn()
      if (due.length) await Promise.resolve()
    }
    await new Promise((r) => setImmediate(r))
  }
}

let clock: FakeClock
beforeEach(() => (clock = new FakeClock()))

function queue(pacer: SendPacer, n: number): { done: number[] } {
  const done: number[] = []
  for (let i = 0; i < n; i++) void pacer.acquire().then(() => done.push(clock.t))
  return { done }
}

it('lets sends go at the configured rate, whatever the queue', async () => {
  const pacer = new SendPacer(80, clock)
  const q = queue(pacer, 1000)
  await clock.advance(10_000)
  // 10 s at 80/s, plus the bucket's burst of 8 at the start.
  expect(q.done.length).toBe(808)
  for (let s = 1; s < 10; s++) {
    const inSecond = q.done.filter((at) => at > clock.t - 10_000 + s * 1000 && at <= clock.t - 10_000 + (s + 1) * 1000)
    expect(inSecond.length).toBe(80)
  }
  expect(pacer.waiting()).toBe(1000 - 808)
})

it('a 130429 halves the rate and pauses for the back-off, then the rate climbs back to the configured one', async () => {
  const pacer = new SendPacer(80, clock)
  const q = queue(pacer, 5000)
  await clock.advance(2_000)
  const before = q.done.length
  pacer.throttled()
  expect(pacer.rate()).toBe(40)
  await clock.advance(999)
  expect(q.done.length).toBe(before) // paused for 1 s
  await clock.advance(1_001)
  const firstSecond = q.done.length - before
  expect(firstSecond).toBeGreaterThanOrEqual(40)
  expect(firstSecond).toBeLessThanOrEqual(50) // a burst of 4, then 40/s climbing by 8/s
  // Climbs by a tenth of the configured rate each second: back to 80 five seconds after the pause.
  await clock.advance(4_000)
  expect(pacer.rate()).toBe(80)
  // A throttle answered for a send that left before the pause counts once; two in a row double the back-off.
  pacer.throttled()
  pacer.throttled()
  expect(pacer.throttles).toBe(2)
  await clock.advance(1_000)
  pacer.throttled()
  expect(pacer.rate()).toBeCloseTo(20 + 8 * 0, 0)
  const at = q.done.length
  await clock.advance(1_999)
  expect(q.done.length).toBe(at) // 2 s: the second throttle in a row
  // The channel's Retry-After is a floor under the back-off.
  const p2 = new SendPacer(10, clock)
  p2.throttled(5_000)
  expect(p2.paused()).toBe(true)
  await clock.advance(4_999)
  expect(p2.paused()).toBe(true)
  await clock.advance(1)
  expect(p2.paused()).toBe(false)
})

let fake: FakeCloudApi | null = null
afterEach(async () => {
  await fake?.close()
  fake = null
})

it("the paced adapter tells the pacer of the Cloud API's 130429 and of nothing else", async () => {
  fake = await startFakeCloudApi()
  const inner: ChannelAdapter = new CloudApiAdapter({
    baseUrl: `${fake.url}/`,
    version: 'v25.0',
    phoneNumberId: '106540352242922',
    token: { current: () => 'EAAG-test-token-0123456789' },
  })
  const pacer = new SendPacer(80, clock)
  const paced = pacedAdapter(inner, pacer)
  fake.answerNext({ status: 400, code: 131026 }, { status: 429, code: 130429, retryAfter: '3' })
  await expect(paced.send(envelopeOf({ type: 'text', text: { body: 'a' } }))).rejects.toThrow(/131026/)
  expect(pacer.throttles).toBe(0)
  await expect(paced.send(envelopeOf({ type: 'text', text: { body: 'b' } }))).rejects.toThrow(/130429/)
  expect(pacer.throttles).toBe(1)
  expect(pacer.rate()).toBe(40)
  expect(pacer.paused()).toBe(true)
})
