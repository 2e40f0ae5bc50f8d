import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { httpCallDefinition } from '../../../shared/nodes/http_call/definition'
import { scriptDefinition } from '../../../shared/nodes/script/definition'
import { startTestServer, type TestServer } from '../../services/effects/testing/server'
import { createTempBackend, expectOk, type TempBackend } from '../testing/backend'

let server: TestServer
let temp: TempBackend
beforeAll(async () => {
  server = await startTestServer()
  temp = createTempBackend()
})
afterAll(async () => {
  await temp.cleanup()
  await server.close()
})

describe('integrations.testRequest', () => {
  it('runs the call once with the given variables and offers the response as sample', async () => {
    const config = {
      ...httpCallDefinition.defaults(),
      url: `${server.base}/orders/{{order_id}}`,
      auth: { ...httpCallDefinition.defaults().auth, type: 'bearer' as const, token: 'secret-token' },
    }
    const r = expectOk(await temp.backend.call('integrations.testRequest', { config, vars: { order_id: 'A1' } }))
    expect(r).toMatchObject({
      ok: true,
      status: 200,
      error: null,
      sample: { status: 200, result: { order: { status: 'shipped' } } },
    })
    expect(r.request).toMatchObject({
      method: 'GET',
      url: `${server.base}/orders/A1`,
      headers: { authorization: '•••' },
    })
  })

  it('reports an invalid URL as an error without a sample', async () => {
    const config = { ...httpCallDefinition.defaults(), url: 'htp:/broken' }
    const r = expectOk(await temp.backend.call('integrations.testRequest', { config }))
    expect(r).toMatchObject({ ok: false, status: 0, sample: null, request: null, error: { code: 'http_invalid_url' } })
  })

  it('keeps a 404 answer as a sample too', async () => {
    const config = { ...httpCallDefinition.defaults(), url: `${server.base}/orders/none` }
    const r = expectOk(await temp.backend.call('integrations.testRequest', { config }))
    expect(r).toMatchObject({
      ok: false,
      status: 404,
      error: { code: 'http_status' },
      sample: { status: 404, result: { error: 'order not found' } },
    })
  })

  it('refuses a malformed config at the contract', async () => {
    const r = await temp.backend.call('integrations.testRequest', { config: { url: 1 } })
    expect(r).toMatchObject({ ok: false, error: { code: 'bad_request' } })
  })
})

describe('integrations.testScript', () => {
  const base = scriptDefinition.defaults()
  it('returns outputs, logs and missing declared outputs', async () => {
    const config = {
      ...base,
      code: 'console.log("got", input.n)\nreturn { double: input.n * 2, greeting: input.greeting }',
      inputs: [
        { name: 'n', value: '{{qty}}' },
        { name: 'greeting', value: 'Hi {{name}}' },
      ],
      outputs: [
        { name: 'double', type: 'number' as const },
        { name: 'total', type: 'number' as const },
      ],
    }
    const r = expectOk(
      await temp.backend.call('integrations.testScript', { config, values: { n: 21 }, vars: { name: 'Ann' } }),
    )
    expect(r).toMatchObject({
      ok: true,
      outputs: { double: 42, greeting: 'Hi Ann' },
      logs: ['got 21'],
      error: null,
      missingOutputs: ['total'],
    })
  })

  it('returns the error with the user line and column, and the studio keeps answering after a runaway script', async () => {
    const bad = expectOk(
      await temp.backend.call('integrations.testScript', {
        config: { ...base, code: 'let a = 1\nreturn { b: a.c.d }' },
      }),
    )
    expect(bad).toMatchObject({ ok: false, error: { code: 'script_error', line: 2 } })
    const loop = expectOk(
      await temp.backend.call('integrations.testScript', {
        config: { ...base, code: 'while (true) {}', timeoutMs: 200 },
      }),
    )
    expect(loop).toMatchObject({ ok: false, error: { code: 'script_timeout' } })
    const after = expectOk(await temp.backend.call('settings.get', { key: 'flows.sort' }))
    expect(after).toEqual({ value: null })
  })
})

describe('template library commands', () => {
  const template = {
    name: 'welcome_back',
    language: 'en',
    category: 'MARKETING' as const,
    header: { type: 'none' as const, text: '' },
    body: 'Welcome back, {{1}}!',
    footer: '',
    buttons: [{ type: 'quick_reply' as const, text: 'Show offers' }],
  }

  it('saves, lists and deletes templates in the studio database', async () => {
    const saved = expectOk(await temp.backend.call('integrations.saveTemplate', { template }))
    expect(saved.template).toMatchObject({ name: 'welcome_back', language: 'en' })
    await temp.reopen()
    const listed = expectOk(await temp.backend.call('integrations.listTemplates', {}))
    expect(listed.templates.map((t) => t.name)).toEqual(['welcome_back'])
    expect(
      expectOk(await temp.backend.call('integrations.deleteTemplate', { name: 'welcome_back', language: 'en' })),
    ).toEqual({ deleted: true })
    expect(expectOk(await temp.backend.call('integrations.listTemplates', {})).templates).toEqual([])
  })

  it('refuses a template that breaks the channel rules with every problem listed', async () => {
    const r = await temp.backend.call('integrations.saveTemplate', {
      template: { ...template, body: 'Hi {{2}}', footer: 'x'.repeat(61) },
    })
    expect(r).toMatchObject({ ok: false, error: { code: 'invalid_template' } })
    if (!r.ok) expect(r.error.issues).toHaveLength(2)
  })
})
