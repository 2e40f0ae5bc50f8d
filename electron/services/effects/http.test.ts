import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createEffects, type HttpEffect } from '../../../shared/engine/effects'
import { createRenderer } from '../../../shared/engine/render'
import type { Vars } from '../../../shared/engine/types'
import { httpCallDefinition, type HttpCallConfig } from '../../../shared/nodes/http_call/definition'
import { runHttpCall } from '../../../shared/nodes/http_call/run'
import { createHttpEffect } from './http'
import { startTestServer, type TestServer } from './testing/server'

let server: TestServer
beforeAll(async () => {
  server = await startTestServer()
})
afterAll(() => server.close())

function call(patch: Partial<HttpCallConfig>, vars: Vars = {}, http: HttpEffect = createHttpEffect()) {
  const config = { ...httpCallDefinition.defaults(), ...patch }
  return runHttpCall({
    config,
    effects: createEffects({ http }),
    ...createRenderer(vars),
  })
}

describe('HTTP Call against a real local server', () => {
  it('saves status, parsed JSON and headers on 2xx and leaves by success', async () => {
    const out = await call(
      {
        url: `${server.base}/orders/{{order_id}}`,
        saveAs: [{ variable: 'order_status', path: 'result.order.status' }],
      },
      { order_id: 'A1' },
    )
    expect(out.kind).toBe('next')
    if (out.kind !== 'next') return
    expect(out.port).toBe('success')
    expect(out.output).toMatchObject({ status: 200, ok: true, result: { order: { status: 'shipped', total: 42.5 } } })
    expect((out.output as { headers: Record<string, string> }).headers['x-test']).toBe('yes')
    expect(out.vars).toEqual({ order_status: 'shipped' })
  })

  it('fails an answer nested deeper than the JSON guard instead of keeping it in the session', async () => {
    const deep = await call({ url: `${server.base}/deep-json` })
    expect(deep).toMatchObject({
      kind: 'fail',
      error: { code: 'http_bad_response', message: expect.stringMatching(/nested more than 64 levels deep/) },
    })
  })

  it('fails on 4xx and 5xx with the status and body kept', async () => {
    const notFound = await call({ url: `${server.base}/orders/ZZ` })
    expect(notFound).toMatchObject({
      kind: 'fail',
      error: { code: 'http_status' },
      output: { status: 404, result: { error: 'order not found' } },
    })
    const broken = await call({ url: `${server.base}/fail` })
    expect(broken).toMatchObject({
      kind: 'fail',
      error: { code: 'http_status', message: 'The server answered 500.' },
      output: { status: 500, result: 'internal trouble' },
    })
  })

  it('keeps a non-JSON body as text, and a JSON body that does not parse as text too', async () => {
    expect(await call({ url: `${server.base}/text` })).toMatchObject({
      kind: 'next',
      output: { result: 'plain hello' },
    })
    expect(await call({ url: `${server.base}/bad-json` })).toMatchObject({
      kind: 'next',
      output: { result: '{"not": json' },
    })
  })

  it('stops at the timeout with a clear reason', async () => {
    const out = await call({ url: `${server.base}/slow`, timeoutMs: 300 })
    expect(out).toMatchObject({
      kind: 'fail',
      error: { code: 'http_timeout', message: 'No complete answer within 300 ms.' },
      output: { status: 0 },
    })
  })

  it.each(['not a url', 'ftp://127.0.0.1/x', '{{missing}}/orders', 'http://'])(
    'refuses the invalid URL %s',
    async (url) => {
      const out = await call({ url })
      expect(out).toMatchObject({ kind: 'fail', error: { code: 'http_invalid_url' }, output: { status: 0, ok: false } })
    },
  )

  it('reports an unreachable host as a network error', async () => {
    const out = await call({ url: 'http://127.0.0.1:1/x' })
    expect(out).toMatchObject({ kind: 'fail', error: { code: 'http_network' } })
  })

  it('refuses oversized responses, streamed or declared', async () => {
    const http = createHttpEffect({ maxBytes: 1024 * 1024 })
    expect(await call({ url: `${server.base}/big` }, {}, http)).toMatchObject({
      kind: 'fail',
      error: { code: 'http_too_large' },
    })
    expect(await call({ url: `${server.base}/big-declared` }, {}, http)).toMatchObject({
      kind: 'fail',
      error: { code: 'http_too_large' },
    })
  })

  it('follows redirects within the bound and refuses beyond it', async () => {
    const http = createHttpEffect({ maxRedirects: 3 })
    expect(await call({ url: `${server.base}/hop/2` }, {}, http)).toMatchObject({
      kind: 'next',
      output: { status: 200, result: { order: { id: 'A1' } } },
    })
    expect(await call({ url: `${server.base}/hop/5` }, {}, http)).toMatchObject({
      kind: 'fail',
      error: { code: 'http_redirects' },
    })
  })

  it('turns a POST into GET on 303 and keeps it on 307', async () => {
    const base = { method: 'POST' as const, bodyType: 'json' as const, body: '{"a":1}' }
    expect(await call({ ...base, url: `${server.base}/see-other` })).toMatchObject({
      output: { result: { method: 'GET', body: '' } },
    })
    expect(await call({ ...base, url: `${server.base}/keep-method` })).toMatchObject({
      output: { result: { method: 'POST', body: '{"a":1}' } },
    })
  })

  it('encodes placeholders in the URL and query, escapes them in a JSON body, and sends auth', async () => {
    const vars = { q: 'a&b=c/d', name: 'Ann "the" \\ best\n', total: 12.5, order: { id: 7 } }
    const out = await call(
      {
        method: 'POST',
        url: `${server.base}/echo?path={{q}}`,
        query: [{ key: 'who', value: '{{name}}' }],
        headers: [{ key: 'X-Trace', value: 'id-{{total}}' }],
        bodyType: 'json',
        body: '{"name": "{{name}}", "total": {{total}}, "order": {{order}}, "missing": {{nothing}}}',
        auth: { ...httpCallDefinition.defaults().auth, type: 'basic', username: 'u', password: 'p:ß' },
      },
      vars,
    )
    expect(out.kind).toBe('next')
    const echo = (
      out as { output: { result: { query: Record<string, string>; headers: Record<string, string>; body: string } } }
    ).output.result
    expect(echo.query).toEqual({ path: 'a&b=c/d', who: vars.name })
    expect(JSON.parse(echo.body)).toEqual({ name: vars.name, total: 12.5, order: { id: 7 }, missing: null })
    expect(echo.headers['x-trace']).toBe('id-12.5')
    expect(echo.headers['content-type']).toBe('application/json')
    expect(Buffer.from(echo.headers.authorization!.replace('Basic ', ''), 'base64').toString('utf8')).toBe('u:p:ß')
  })

  it('sends bearer and API-key auth, and form bodies encoded', async () => {
    const auth = httpCallDefinition.defaults().auth
    const bearer = await call(
      { url: `${server.base}/echo`, auth: { ...auth, type: 'bearer', token: '{{t}}' } },
      { t: 'tok1' },
    )
    expect(bearer).toMatchObject({ output: { result: { headers: { authorization: 'Bearer tok1' } } } })
    const key = await call({
      url: `${server.base}/echo`,
      auth: { ...auth, type: 'api_key', headerName: 'x-api-key', apiKey: 'k9' },
    })
    expect(key).toMatchObject({ output: { result: { headers: { 'x-api-key': 'k9' } } } })
    const form = await call(
      { method: 'POST', url: `${server.base}/echo`, bodyType: 'form', body: 'a=1&b={{v}}' },
      { v: 'x&y=z' },
    )
    expect(form).toMatchObject({ output: { result: { body: 'a=1&b=x%26y%3Dz' } } })
  })

  it('refuses a header value that would carry a line break', async () => {
    const out = await call(
      { url: `${server.base}/echo`, headers: [{ key: 'X-A', value: '{{v}}' }] },
      { v: 'a\r\nX-Evil: 1' },
    )
    expect(out).toMatchObject({ kind: 'fail', error: { code: 'http_invalid_header' } })
  })
})
