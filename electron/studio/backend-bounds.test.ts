// Every call the studio's page (or IPC) makes passes the one JSON depth guard before its schema: samples saved with
// a flow, test variables, emulator presets and manual-trigger data nested too deep are refused with bad_request and
// the path, and nothing is written.
import { afterEach, beforeEach, expect, it } from 'vitest'
import { createTempBackend, expectOk, type TempBackend } from './testing/backend'

let temp: TempBackend
beforeEach(() => (temp = createTempBackend({ log: () => undefined })))
afterEach(() => temp.cleanup())

const deep = (levels: number): unknown => JSON.parse('{"a":'.repeat(levels) + '1' + '}'.repeat(levels))

it('refuses a flow saved with samples nested 1000 levels, naming the path, and keeps the stored revision', async () => {
  const flow = expectOk(await temp.backend.call('flows.create', { name: 'Samples' }))
  const document = { ...flow.document, samples: { http_call_1: deep(1000) } }
  const res = await temp.backend.call('flows.save', { document })
  expect(res.ok).toBe(false)
  if (res.ok) return
  expect(res.error.code).toBe('bad_request')
  expect(res.error.message).toMatch(
    /^Invalid request for flows\.save: document\.samples\.http_call_1\.a…\(\d+ more\)…a\.a\.a: nested more than 64 levels deep/,
  )
  expect(res.error.issues?.[0]?.path.slice(0, 4)).toEqual(['document', 'samples', 'http_call_1', 'a'])
  const stored = expectOk(await temp.backend.call('flows.get', { id: flow.id }))
  expect([stored.revision, stored.document.samples]).toEqual([flow.revision, {}])
  expect(expectOk(await temp.backend.call('flows.list', {}))).toHaveLength(1)
})

it('refuses deep test variables for a Script test and deep manual-trigger data, and still serves the next call', async () => {
  const config = { code: 'return { n: 1 }', inputs: [{ name: 'x', value: '' }], outputs: [], timeoutMs: 1000 }
  const script = await temp.backend.call('integrations.testScript', { config, values: { x: deep(5000) } })
  expect(script).toMatchObject({
    ok: false,
    error: { code: 'bad_request', issues: [{ path: expect.arrayContaining(['values', 'x']) }] },
  })
  const manual = await temp.backend.call('manual.trigger', {
    flowId: 'flw_x',
    contacts: [{ phone: '+919800000001' }],
    data: { d: deep(100_000) },
  })
  expect(manual).toMatchObject({ ok: false, error: { code: 'bad_request' } })
  const fine = expectOk(await temp.backend.call('integrations.testScript', { config, values: { x: deep(10) } })) as {
    outputs: unknown
  }
  expect(fine.outputs).toEqual({ n: 1 })
})
