// Issue 39, item 8, at the pool: 40 endless scripts from one contact delayed another contact's 20 ms script by 10 s.
// First with stand-in workers on a fake clock (when each script is handed to a worker), then with real workers,
// where the assertion is the order in which scripts finished, never how long they took.
import { afterEach, describe, expect, it, vi } from 'vitest'
import { POOL, SCRIPT_LIMITS } from './limits'
import { ScriptPool } from './pool'
import { ENDLESS, fakeWorkers } from './testing/fake-worker'

const LIMIT_MS = 1000

describe('one contact’s backlog on a fake clock', () => {
  afterEach(() => vi.useRealTimers())

  it.each([1, 2])(
    'with %i worker(s), another contact’s script starts within one script’s time limit',
    async (workers) => {
      const fake = fakeWorkers()
      const pool = new ScriptPool(workers, fake.start)
      // QuickJS is compiled (real file reads) on the first script, before the clock is faked.
      await pool.run('return {}', {}, LIMIT_MS, SCRIPT_LIMITS)
      fake.started.length = 0
      vi.useFakeTimers()
      const settled: string[] = []
      const loops = Array.from({ length: 40 }, (_, i) =>
        pool
          .run(ENDLESS, {}, LIMIT_MS, SCRIPT_LIMITS, 'alice')
          .catch((e: Error) => settled.push(`alice ${i}: ${e.message}`)),
      )
      let bobAt = -1
      const bob = pool.run('return { quick: true }', {}, LIMIT_MS, SCRIPT_LIMITS, 'bob').then(() => {
        bobAt = Date.now() - start
      })
      const start = Date.now()
      // One script's time limit (and the grace before its worker is stopped), in small steps.
      for (let t = 0; t <= LIMIT_MS + POOL.graceMs && bobAt < 0; t += 50) await vi.advanceTimersByTimeAsync(50)
      expect(bobAt).toBeGreaterThanOrEqual(0)
      expect(bobAt).toBeLessThanOrEqual(LIMIT_MS + POOL.graceMs)
      // Bob's script was handed out second: right after the first of Alice's.
      expect(fake.started.indexOf('return { quick: true }')).toBe(1)
      await bob
      await pool.close()
      await Promise.all(loops)
      expect(settled.length).toBe(40)
    },
  )
})

describe('one contact’s backlog with real workers', () => {
  it('another contact’s script finishes before the backlog’s second script', async () => {
    const pool = new ScriptPool(1)
    try {
      const finished: string[] = []
      const record = (name: string, p: Promise<unknown>) =>
        p.then(
          () => finished.push(name),
          () => finished.push(name),
        )
      const alice = Array.from({ length: 4 }, (_, i) =>
        record(`alice ${i + 1}`, pool.run('for (;;) {}', {}, 100, SCRIPT_LIMITS, 'alice')),
      )
      const bob = record('bob', pool.run('return { ok: 1 }', {}, 1000, SCRIPT_LIMITS, 'bob'))
      await Promise.all([...alice, bob])
      expect(finished).toEqual(['alice 1', 'bob', 'alice 2', 'alice 3', 'alice 4'])
    } finally {
      await pool.close()
    }
  })
})
