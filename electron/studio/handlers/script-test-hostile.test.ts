// Issue 18, cases 1 and 6 through the Script node's Test in the studio: a loop inside a built-in used to hang the
// back end (and with it the browser host); 0 and negative time limits tripped a QuickJS assertion.
import { afterAll, beforeAll, expect, it } from 'vitest'
import { createTempBackend, expectOk, type TempBackend } from '../testing/backend'

let temp: TempBackend
beforeAll(() => (temp = createTempBackend({ log: () => undefined })))
afterAll(() => temp.cleanup())

const config = (code: string, timeoutMs: number) => ({ code, inputs: [], outputs: [], timeoutMs })
const testScript = async (code: string, timeoutMs = 1000) =>
  expectOk(await temp.backend.call('integrations.testScript', { config: config(code, timeoutMs) })) as {
    ok: boolean
    outputs: Record<string, unknown>
    error: { code: string; message: string } | null
    durationMs: number
  }

it('stops a loop inside Array.prototype.lastIndexOf at the deadline while the back end answers other calls', async () => {
  await testScript('return {}')
  // The order of events, not their times: the other call is answered while the frozen script still runs (it ends
  // only at its deadline), which no machine's speed can turn round.
  const order: string[] = []
  const frozen = testScript('return { v: Array.prototype.lastIndexOf.call({ length: 2 ** 53 - 1 }, 1) }', 1000).then(
    (r) => (order.push('frozen script stopped'), r),
  )
  expectOk(await temp.backend.call('flows.create', { name: 'Meanwhile' }))
  order.push('other call answered')
  const result = await frozen
  expect(order).toEqual(['other call answered', 'frozen script stopped'])
  expect(result).toMatchObject({
    ok: false,
    error: { code: 'script_timeout', message: expect.stringMatching(/1000 ms limit/) },
  })
  expect(result.durationMs).toBeGreaterThanOrEqual(1000)
  expect((await testScript('return { after: 1 }')).outputs).toEqual({ after: 1 })
})

it('tests with a time limit of 0 or below as 100 ms, and above 5000 as 5000 ms', async () => {
  expect(await testScript('return { ok: true }', 0)).toMatchObject({ ok: true, outputs: { ok: true } })
  expect(await testScript('return { ok: true }', -20)).toMatchObject({ ok: true, outputs: { ok: true } })
  expect((await testScript('while (true) {}', -20)).error?.message).toMatch(/100 ms limit/)
  expect((await testScript('while (true) {}', 60_000)).error?.message).toMatch(/5000 ms limit/)
}, 30_000)
