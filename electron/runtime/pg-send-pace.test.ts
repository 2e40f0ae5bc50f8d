// One send pace per phone number across PostgreSQL instances (pg-send-pace.ts, send-pacer.ts): two instances on one
// database, each given the number's rate, send at that rate between them, not each at it; one alone gets all of it.
// The bucket's instants are given (a fake clock); the database is real.
import { afterEach, expect, it } from 'vitest'
import { SendPacer, type PacerClock } from './send-pacer'
import type { RuntimeStore } from './store'
import { describePostgresStore } from './testing/stores'

const T = 1_800_000_000_000

/** A fake clock whose timers run only when the test runs them. */
class FakeClock implements PacerClock {
  t = T
  timers: Array<{ at: number; fn: () => void }> = []
  now = () => this.t
  setTimeout = (fn: () => void, ms: number) => this.timers.push({ at: this.t + ms, fn })
}

describePostgresStore('the send pace shared by instances', (c) => {
  const stores: RuntimeStore[] = []
  afterEach(async () => {
    await Promise.all(stores.splice(0).map((s) => s.close()))
  })
  async function twoInstances() {
    const { store, url } = await c.open()
    const other = await c.openShared!(url!)
    stores.push(store, other)
    return [store, other] as const
  }

  it('hands out the bucket once between instances: full at first, then the rate, never more', async () => {
    const [a, b] = await twoInstances()
    const pa = a.sendPace!('106540352242922')
    const pb = b.sendPace!('106540352242922')
    // 100/s holding 10: the first take finds it full; then nothing is left at the same instant, for either.
    expect(await pa.take(50, 100, 10, T)).toBe(10)
    expect(await pb.take(50, 100, 10, T)).toBe(0)
    // 50 ms give 5, to whichever asks first.
    expect(await pb.take(50, 100, 10, T + 50)).toBe(5)
    expect(await pa.take(50, 100, 10, T + 50)).toBe(0)
    // A clock behind the bucket's refills nothing (and takes nothing it had not).
    expect(await pa.take(50, 100, 10, T + 20)).toBe(0)
    // Over a second of alternating takes they get the rate between them.
    let got = 0
    for (let t = T + 60; t <= T + 1050; t += 10) got += await (t % 20 ? pa : pb).take(50, 100, 10, t)
    expect(got).toBe(100)
    // Another number has a bucket of its own.
    expect(await b.sendPace!('other').take(50, 100, 10, T + 1050)).toBe(10)
  })

  it("two instances' pacers, each given the number's rate, send at it between them; one alone at all of it", async () => {
    const [a, b] = await twoInstances()
    const clock = new FakeClock()
    const pacers = [a, b].map((s) => new SendPacer(100, clock, () => undefined, s.sendPace!('n1')))
    const done = [0, 0]
    for (const [i, p] of pacers.entries()) for (let k = 0; k < 200; k++) void p.acquire().then(() => done[i]!++)
    // Run the clock's timers in order; after each, wait for the pacers' takes to answer (each then sets a timer).
    const runUntil = async (end: number) => {
      for (;;) {
        await until(() => clock.timers.length === 2)
        const next = clock.timers.reduce((m, x) => (x.at < m.at ? x : m))
        if (next.at > end) return
        clock.t = Math.max(clock.t, next.at)
        clock.timers.splice(clock.timers.indexOf(next), 1)
        next.fn()
      }
    }
    await runUntil(T + 1000)
    const total = done[0]! + done[1]!
    // A second at 100/s plus the bucket's 10 at the start: the rate between them, not twice it.
    expect(total).toBeLessThanOrEqual(110)
    expect(total).toBeGreaterThanOrEqual(90)
  })

  it('an instance alone gets the whole rate', async () => {
    const [a] = await twoInstances()
    const clock = new FakeClock()
    const pacer = new SendPacer(100, clock, () => undefined, a.sendPace!('n2'))
    let done = 0
    for (let k = 0; k < 300; k++) void pacer.acquire().then(() => done++)
    for (;;) {
      await until(() => clock.timers.length === 1)
      const next = clock.timers.pop()!
      if (next.at > T + 1000) break
      clock.t = next.at
      next.fn()
    }
    expect(done).toBeGreaterThanOrEqual(90)
    expect(done).toBeLessThanOrEqual(110)
  })
})

/** Waits, a turn of the event loop at a time, until `ok` (the database's answers are real I/O). */
async function until(ok: () => boolean): Promise<void> {
  for (let i = 0; i < 10_000 && !ok(); i++) await new Promise((r) => setTimeout(r, 1))
  if (!ok()) throw new Error('the pacers did not settle')
}
