// Issue 18, cases 1, 2 and 6, at the sandbox itself: a loop inside a C built-in, an allocation bomb past QuickJS's
// own accounting, and time limits outside the documented range. Each used to freeze, bloat or crash the process.
import { spawnSync } from 'node:child_process'
import { afterAll, describe, expect, it } from 'vitest'
import { ScriptError } from '../../../shared/nodes/script/run-error'
import { SCRIPT_LIMITS } from './limits'
import { ScriptPool } from './pool'

const pool = new ScriptPool(2)
afterAll(() => pool.close())

const run = (code: string, timeoutMs = 1000, inputs: Record<string, unknown> = {}) =>
  pool.run(code, inputs, timeoutMs, SCRIPT_LIMITS)

async function failure(code: string, timeoutMs = 1000): Promise<ScriptError> {
  try {
    await run(code, timeoutMs)
  } catch (err) {
    if (err instanceof ScriptError) return err
    throw err
  }
  throw new Error('the script did not fail')
}

/**
 * Counts the main thread's 50 ms ticks while `work` runs. A frozen script ends only when the pool's own deadline
 * timer (the limit plus its grace) fires on the main thread; timers fire in the order they fall due, so a free main
 * thread has ticked many times before that, on a machine of any speed. A script run on the main thread would
 * block it for the whole time: no tick at all.
 */
async function mainThreadTicks<T>(work: Promise<T>): Promise<{ result: T; ticks: number }> {
  let ticks = 0
  const tick = setInterval(() => ticks++, 50)
  try {
    return { result: await work, ticks }
  } finally {
    clearInterval(tick)
  }
}

const rssMb = () => process.memoryUsage().rss / 1024 / 1024

describe('case 1: a loop inside a built-in', () => {
  it.each(['lastIndexOf', 'indexOf', 'includes'])(
    'stops Array.prototype.%s over a huge length at the deadline, without blocking',
    async (method) => {
      await run('return {}') // a started worker, so the deadline is measured on the script alone
      const { result, ticks } = await mainThreadTicks(
        failure(`return { v: Array.prototype.${method}.call({ length: 2 ** 53 - 1 }, 1) }`, 1000),
      )
      expect(result.code).toBe('script_timeout')
      expect(result.message).toMatch(/1000 ms limit/)
      expect(ticks).toBeGreaterThan(0)
    },
  )

  it('runs other scripts while one is frozen, and keeps working afterwards', async () => {
    await Promise.all([run('return {}'), run('return {}')]) // both workers started
    // An order of events, not a time: the frozen script ends only at its deadline, the other must end before it.
    const order: string[] = []
    const frozen = failure('return { v: Array.prototype.join.call({ length: 2 ** 32 - 1 }) }', 5000).then(
      (e) => (order.push('frozen'), e),
    )
    expect((await run('return { ok: 1 }')).outputs).toEqual({ ok: 1 })
    order.push('other')
    expect((await frozen).code).toMatch(/script_timeout|script_memory/)
    expect(order).toEqual(['other', 'frozen'])
    expect((await run('return { after: true }')).outputs).toEqual({ after: true })
  })
})

describe('case 2: memory', () => {
  it('stops an allocation bomb that QuickJS does not count, caps the memory, and gives it back', async () => {
    await run('return {}')
    const before = rssMb()
    let peak = before
    const sample = setInterval(() => (peak = Math.max(peak, rssMb())), 20)
    const e = await failure('const a = []; for (;;) a.push(new Array(1e6).fill(1))', 5000)
    const buffers = await failure(
      'const a = []; for (let i = 0; i < 4000; i++) a.push(new ArrayBuffer(1 << 20)); return { n: a.length }',
      5000,
    )
    clearInterval(sample)
    expect(e.code).toBe('script_memory')
    expect(buffers.code).toBe('script_memory')
    // Two workers may each hold a capped instance; the old limit was 2 GB of WebAssembly memory per script.
    expect(peak - before).toBeLessThan(300)
    await run('return {}')
    await new Promise((r) => setTimeout(r, 200))
    expect(rssMb() - before).toBeLessThan(50)
  })
})

describe("the owners' variants of cases 1 and 2: other built-ins that loop in C, regular expressions, memory", () => {
  it.each([
    [
      'sort on a huge array-like',
      'return { v: Array.prototype.sort.call({ length: 2 ** 32 - 1 }).length }',
      'script_timeout',
    ],
    [
      'join on a huge array-like',
      'return { v: Array.prototype.join.call({ length: 2 ** 53 - 1 }).length }',
      'script_timeout',
    ],
    [
      'copyWithin on a huge array-like',
      'return { v: Array.prototype.copyWithin.call({ length: 2 ** 53 - 1 }, 0, 1).length }',
      'script_timeout',
    ],
    ['catastrophic backtracking', 'return { v: /(a+)+$/.test("a".repeat(40) + "b") }', 'script_timeout'],
    ['a huge repeat', 'return { v: "x".repeat(2 ** 29).length }', 'script_memory'],
    ['many small allocations', 'const a = []; for (;;) a.push({ i: a.length })', 'script_memory'],
    ['a cyclic value to JSON', 'const a = {}; a.a = a; return { v: JSON.stringify(a) }', 'script_error'],
  ])('%s', async (_what, code, expected) => {
    // Loops are stopped at 300 ms; memory runs out in its own time, however busy the machine.
    expect((await failure(code, expected === 'script_timeout' ? 300 : 5000)).code).toBe(expected)
  })
})

describe('case 6: time limits outside 100–5000 ms (above 5000: handlers/script-test-hostile.test.ts)', () => {
  it('runs 0 and negative limits as 100 ms instead of tripping an assertion', async () => {
    expect((await run('return { ok: 1 }', 0)).outputs).toEqual({ ok: 1 })
    expect((await run('return { ok: 2 }', -50)).outputs).toEqual({ ok: 2 })
    const loop = await failure('while (true) {}', -1)
    expect(loop).toMatchObject({ code: 'script_timeout', message: expect.stringMatching(/100 ms limit/) })
  })
})

describe('await in a script body', () => {
  it('awaits promises the script makes, with errors on the user line', async () => {
    expect(
      (await run('const v = await Promise.resolve(5)\nconst w = await new Promise((r) => r(v * 2))\nreturn { v, w }'))
        .outputs,
    ).toEqual({ v: 5, w: 10 })
    const e = await failure('await null\nconst x = await Promise.resolve(null)\nreturn { y: x.field }')
    expect(e).toMatchObject({ code: 'script_error', line: 3 })
    const rejected = await failure('console.log("first")\nawait Promise.reject(new Error("no stock"))')
    expect(rejected).toMatchObject({ code: 'script_error', message: 'no stock', line: 2, logs: ['first'] })
    expect((await failure('await new Promise(() => {})')).message).toMatch(/never settles/)
  })

  it('stops an endless chain of awaits as a time limit, not as a promise that never settles', async () => {
    // Interrupted inside a job, QuickJS reported an empty queue ("never settles") or "TypeError: not a function".
    for (const code of ['for (;;) await null', 'while (true) await 1'])
      expect(await failure(code, 200), code).toMatchObject({
        code: 'script_timeout',
        message: expect.stringMatching(/200 ms limit/),
      })
  })
})

it('refuses a returned object nested deeper than the JSON guard allows', async () => {
  const e = await failure('let o = 1; for (let i = 0; i < 100; i++) o = { o }; return { o }')
  expect(e.code).toBe('script_bad_return')
  expect(e.message).toMatch(/nested more than 64 levels/)
})

it('lets a process that ran a script exit without waiting for the idle worker to be retired', async () => {
  // `chatflow test` of a flow with a Script used to linger for POOL.idleMs (30 s) after its last line. The child's
  // idle time is an hour: one that waited for it would be stopped by the 2-minute timeout (a signal), which no
  // start-up on a slow machine comes near.
  const pool = new URL('./pool.ts', import.meta.url).href
  const limits = new URL('./limits.ts', import.meta.url).href
  const code = `const { ScriptPool } = await import(${JSON.stringify(pool)}); const { SCRIPT_LIMITS, POOL } = await import(${JSON.stringify(limits)});
    POOL.idleMs = 3_600_000
    const r = await new ScriptPool(1).run('return { a: 1 }', {}, 1000, SCRIPT_LIMITS); console.log(JSON.stringify(r.outputs))`
  const child = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', code], {
    encoding: 'utf8',
    timeout: 120_000,
  })
  expect(child.stderr).toBe('')
  expect(child.stdout.trim()).toBe('{"a":1}')
  expect(child.signal).toBeNull()
}, 150_000)
