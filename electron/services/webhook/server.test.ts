import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { WebhookRequest } from './request'
import type { WebhookRun } from './server'
import { post, startTestListener, type TestListener } from './testing/support'

// Error cases of the endpoint. None of them may reach startRun; the recorder below proves it. The full path with
// the real engine is in webhook-runs.test.ts.
let t: TestListener
let started: { flowId: string; request: WebhookRequest }[]
let answer: () => Promise<WebhookRun>

beforeEach(async () => {
  started = []
  answer = async () => ({ runId: 'run_1', state: 'ended', contactId: 'ct_1' })
  t = await startTestListener(() => async (flow, request) => {
    started.push({ flowId: flow.id, request })
    return answer()
  })
})
afterEach(() => t.close())

const ok = { phone_number: '+919800000001', data: { name: 'Asha', amount: 250 } }

function expectError(res: { status: number; body: any }, status: number, code: string): void {
  expect({ status: res.status, code: res.body?.error?.code }).toEqual({ status, code })
  expect(typeof res.body.error.message).toBe('string')
  expect(JSON.stringify(res.body)).not.toMatch(/\bat .*\.(ts|js):\d+/)
  expect(started).toEqual([])
}

describe('authentication', () => {
  it('answers a missing key, a wrong key and an unknown flow the same 401', async () => {
    const f = t.webhookFlow()
    const missing = await post(f.endpoint, ok)
    const wrong = await post(f.endpoint, ok, { 'x-api-key': f.secret.slice(0, -1) + 'x' })
    const unknown = await post(`${t.url}/chatbot-webhook/flw_nope/trigger`, ok, { 'x-api-key': f.secret })
    for (const res of [missing, wrong, unknown]) expectError(res, 401, 'unauthorized')
    expect(wrong.body).toEqual(unknown.body)
  })

  it("refuses another flow's key", async () => {
    const a = t.webhookFlow()
    const b = t.webhookFlow()
    expectError(await post(a.endpoint, ok, { 'x-api-key': b.secret }), 401, 'unauthorized')
  })

  it('checks the key before the body, so an unauthenticated caller learns nothing from it', async () => {
    const f = t.webhookFlow()
    expectError(await post(f.endpoint, '{not json', { 'x-api-key': 'nope' }), 401, 'unauthorized')
    expectError(await post(f.endpoint, 'x', { 'x-api-key': 'nope', 'content-type': 'text/plain' }), 401, 'unauthorized')
  })

  it('stops accepting the old key as soon as the secret is rotated', async () => {
    const f = t.webhookFlow()
    const fresh = t.secrets.rotate(f.id).secret
    expectError(await post(f.endpoint, ok, { 'x-api-key': f.secret }), 401, 'unauthorized')
    expect((await post(f.endpoint, ok, { 'x-api-key': fresh })).status).toBe(200)
  })
})

describe('flow state (only to a caller holding the key)', () => {
  it('answers 404 for a deleted flow', async () => {
    const f = t.webhookFlow()
    t.flows.softDelete(f.id)
    expectError(await post(f.endpoint, ok, { 'x-api-key': f.secret }), 404, 'flow_not_found')
  })

  it('answers 409 for an inactive flow, from the next request after the edit', async () => {
    const f = t.webhookFlow()
    expect((await post(f.endpoint, ok, { 'x-api-key': f.secret })).status).toBe(200)
    started = []
    t.flows.change(f.id, 'deactivate', (d) => ({ ...d, active: false }))
    expectError(await post(f.endpoint, ok, { 'x-api-key': f.secret }), 409, 'flow_inactive')
  })

  it('answers 409 when the flow has no webhook trigger', async () => {
    const f = t.webhookFlow((d) => ({
      ...d,
      nodes: d.nodes.map((n) => ({ ...n, config: { ...n.config, kind: 'keyword' } })),
    }))
    expectError(await post(f.endpoint, ok, { 'x-api-key': f.secret }), 409, 'no_webhook_trigger')
  })
})

describe('request shape', () => {
  const cases: [string, unknown, number, string, string?][] = [
    ['malformed JSON', '{"phone_number": ', 400, 'invalid_json'],
    ['a prototype-polluting key', '{"phone_number":"+919800000001","__proto__":{"x":1}}', 400, 'invalid_json'],
    ['a JSON array', '[1,2]', 400, 'body_not_object'],
    ['JSON null', 'null', 400, 'body_not_object'],
    ['a JSON string', '"+919800000001"', 400, 'body_not_object'],
    ['no phone_number', { data: {} }, 400, 'missing_field', 'phone_number'],
    [
      'a phone_number without country code',
      { phone_number: '9800000001' },
      400,
      'invalid_phone_number',
      'phone_number',
    ],
    ['a phone_number with letters', { phone_number: '+91abc00001' }, 400, 'invalid_phone_number', 'phone_number'],
    ['a phone_number too long', { phone_number: '+1234567890123456' }, 400, 'invalid_phone_number', 'phone_number'],
    ['a numeric phone_number', { phone_number: 919800000001 }, 400, 'invalid_field', 'phone_number'],
    ['data as an array', { ...ok, data: [1] }, 400, 'invalid_field', 'data'],
    ['data as a string', { ...ok, data: 'x' }, 400, 'invalid_field', 'data'],
    ['a numeric message_text', { ...ok, message_text: 5 }, 400, 'invalid_field', 'message_text'],
    ['an object button_id', { ...ok, button_id: {} }, 400, 'invalid_field', 'button_id'],
    ['a button_id too long', { ...ok, button_id: 'b'.repeat(257) }, 400, 'field_too_long', 'button_id'],
    ['an unknown field', { ...ok, phone: '+919800000001' }, 400, 'unknown_field', 'phone'],
    // Issue 18: the typo is named, not reported as the phone_number it was meant to be.
    ['a typo for phone_number alone', { phone: '+919800000001' }, 400, 'unknown_field', 'phone'],
    [
      'data nested 100 levels',
      { ...ok, data: JSON.parse('{"a":'.repeat(100) + '1' + '}'.repeat(100)) },
      400,
      'json_too_deep',
      'data.a.a.a…(57 more)…a.a.a',
    ],
  ]
  for (const [name, body, status, code, field] of cases) {
    it(`answers ${status} ${code} for ${name}`, async () => {
      const f = t.webhookFlow()
      const res = await post(f.endpoint, body, { 'x-api-key': f.secret })
      expectError(res, status, code)
      if (field) expect(res.body.error.field).toBe(field)
    })
  }

  it('answers 400 missing_body for an empty body', async () => {
    const f = t.webhookFlow()
    expectError(await post(f.endpoint, '', { 'x-api-key': f.secret }), 400, 'missing_body')
  })

  it('answers 415 for another or no content type', async () => {
    const f = t.webhookFlow()
    expectError(
      await post(f.endpoint, JSON.stringify(ok), { 'x-api-key': f.secret, 'content-type': 'text/plain' }),
      415,
      'unsupported_media_type',
    )
    const res = await fetch(f.endpoint, {
      method: 'POST',
      headers: { 'x-api-key': f.secret },
      body: new Uint8Array(Buffer.from(JSON.stringify(ok))),
    })
    expectError({ status: res.status, body: await res.json() }, 415, 'unsupported_media_type')
  })

  it('answers 413 for a body over 64 KiB', async () => {
    const f = t.webhookFlow()
    const big = { ...ok, data: { blob: 'x'.repeat(70 * 1024) } }
    expectError(await post(f.endpoint, big, { 'x-api-key': f.secret }), 413, 'body_too_large')
  })

  it('accepts a phone number written with spaces and dashes and passes the fields through', async () => {
    const f = t.webhookFlow()
    const res = await post(
      f.endpoint,
      { phone_number: '+91 98000-00001', data: { a: 1 }, message_text: 'hi', button_id: 'b1' },
      { 'x-api-key': f.secret, 'content-type': 'application/json; charset=utf-8' },
    )
    expect(res.status).toBe(200)
    expect(res.body).toEqual({ run_id: 'run_1', state: 'ended', flow_id: f.id, contact_id: 'ct_1' })
    expect(started).toEqual([
      { flowId: f.id, request: { phone_number: '+919800000001', data: { a: 1 }, message_text: 'hi', button_id: 'b1' } },
    ])
  })
})

describe('routing, rate and failures', () => {
  it('answers 405 for another method and 404 for another path, in JSON', async () => {
    const f = t.webhookFlow()
    const get = await fetch(f.endpoint)
    expect(get.status).toBe(405)
    expect(get.headers.get('allow')).toBe('POST')
    expect(((await get.json()) as any).error.code).toBe('method_not_allowed')
    expectError(await post(`${t.url}/chatbot-webhook/${f.id}`, ok, { 'x-api-key': f.secret }), 404, 'not_found')
  })

  it('answers 429 with Retry-After past the per-flow rate, without touching other flows', async () => {
    await t.listener.start({ host: '127.0.0.1', port: 0, ratePerSecond: 1, burst: 2 })
    const url = t.listener.status().url!
    const a = t.webhookFlow()
    const b = t.webhookFlow()
    const ep = (id: string) => `${url}/chatbot-webhook/${id}/trigger`
    expect((await post(ep(a.id), ok, { 'x-api-key': a.secret })).status).toBe(200)
    expect((await post(ep(a.id), ok, { 'x-api-key': a.secret })).status).toBe(200)
    started = []
    const limited = await post(ep(a.id), ok, { 'x-api-key': a.secret })
    expectError(limited, 429, 'rate_limited')
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThanOrEqual(1)
    expect((await post(ep(b.id), ok, { 'x-api-key': b.secret })).status).toBe(200)
  })

  it('answers 431 in JSON for headers over the limit, and 401 for a key over 512 characters', async () => {
    const f = t.webhookFlow()
    expectError(
      await post(f.endpoint, ok, { 'x-api-key': f.secret, 'x-padding': 'a'.repeat(20_000) }),
      431,
      'headers_too_large',
    )
    expectError(await post(f.endpoint, ok, { 'x-api-key': f.secret + 'a'.repeat(600) }), 401, 'unauthorized')
    expect((await post(f.endpoint, ok, { 'x-api-key': f.secret })).status).toBe(200)
  })

  it('answers 500 internal without details when the run cannot start, and keeps serving', async () => {
    const f = t.webhookFlow()
    answer = async () => {
      throw new Error('disk on fire at /secret/path.ts:12')
    }
    const res = await post(f.endpoint, ok, { 'x-api-key': f.secret })
    expect(res.status).toBe(500)
    expect(res.body.error.code).toBe('internal')
    expect(JSON.stringify(res.body)).not.toContain('disk on fire')
    expect(t.logs.join('\n')).toContain('disk on fire')
    answer = async () => ({ runId: 'run_2', state: 'paused', contactId: 'ct_1' })
    expect((await post(f.endpoint, ok, { 'x-api-key': f.secret })).body.run_id).toBe('run_2')
  })
})
