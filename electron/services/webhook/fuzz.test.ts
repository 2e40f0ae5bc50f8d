import http from 'node:http'
import net from 'node:net'
import fc from 'fast-check'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { parseWebhookBody } from './request'
import { post, startTestListener, type TestListener } from './testing/support'

// Bad requests of every kind (bodies, headers, keys, paths, broken HTTP): none may start a run, none may get a
// 2xx or a 5xx, and the listener must still serve a good request afterwards.
let t: TestListener
let flow: { id: string; secret: string; endpoint: string }
let started = 0

beforeAll(async () => {
  t = await startTestListener(
    () => async () => {
      started++
      return { runId: 'run_fuzz', state: 'ended', contactId: 'ct' }
    },
    { ratePerSecond: 100_000, burst: 100_000 },
  )
  flow = t.webhookFlow()
})
afterAll(() => t.close())

interface Raw {
  method: string
  path: string
  headers: Record<string, string>
  body: string
}

function send(req: Raw): Promise<{ status: number; body: string }> {
  const { port } = new URL(t.url)
  return new Promise((resolve, reject) => {
    const r = http.request(
      { host: '127.0.0.1', port, method: req.method, path: req.path, headers: req.headers },
      (res) => {
        let body = ''
        res.setEncoding('utf8')
        res.on('data', (c: string) => (body += c))
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }))
      },
    )
    r.on('error', reject)
    r.end(req.body)
  })
}

const isValidBody = (text: string): boolean => {
  try {
    parseWebhookBody(JSON.parse(text))
    return true
  } catch {
    return false
  }
}

const token = fc.stringMatching(/^[\w.~%-]{0,40}$/)
const jsonText = fc.oneof(
  fc.json(),
  fc.string({ maxLength: 200 }),
  fc
    .record(
      { phone_number: fc.oneof(fc.string(), fc.integer(), fc.constant(null)), data: fc.jsonValue() },
      { requiredKeys: [] },
    )
    .map((o) => JSON.stringify(o)),
  fc.constantFrom(
    '{"phone_number":"+919800000001","data":[]}',
    '{"phone_number":"+1"}',
    '{',
    '{"__proto__":{}}',
    '\u0000',
  ),
)

function arbitraries(): fc.Arbitrary<Raw> {
  const badWithKey: fc.Arbitrary<Raw> = fc
    .record({
      body: jsonText,
      ct: fc.constantFrom(
        'application/json',
        'application/json; charset=utf-8',
        'text/plain',
        'application/x-www-form-urlencoded',
        '',
      ),
    })
    .filter(({ body, ct }) => !(ct.startsWith('application/json') && isValidBody(body)))
    .map(({ body, ct }) => ({
      method: 'POST',
      path: `/chatbot-webhook/${flow.id}/trigger`,
      headers: { 'x-api-key': flow.secret, ...(ct ? { 'content-type': ct } : {}) },
      body,
    }))

  const badKey: fc.Arbitrary<Raw> = fc
    .record({
      key: fc.oneof(
        token,
        fc.constant(''),
        fc.constant(flow.secret.slice(0, -1)),
        fc.constant(flow.secret + 'x'),
        fc.constant(flow.secret.toUpperCase()),
      ),
      flowId: fc.oneof(token, fc.constant('FLOW')),
    })
    .map(({ key, flowId }) => ({
      method: 'POST',
      path: `/chatbot-webhook/${encodeURIComponent(flowId === 'FLOW' ? flow.id : flowId)}/trigger`,
      headers: { 'content-type': 'application/json', ...(key ? { 'x-api-key': key } : {}) },
      body: JSON.stringify({ phone_number: '+919800000001' }),
    }))
    .filter((r) => r.headers['x-api-key'] !== flow.secret)

  const badPath: fc.Arbitrary<Raw> = fc
    .record({
      method: fc.constantFrom('GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS'),
      path: fc.oneof(
        token.map((p) => `/${p}`),
        fc.constant('/chatbot-webhook//trigger'),
        token.map((p) => `/chatbot-webhook/${p}/trigger/extra`),
      ),
    })
    .map(({ method, path }) => ({
      method,
      path,
      headers: { 'content-type': 'application/json', 'x-api-key': flow.secret },
      body: '{"phone_number":"+919800000001"}',
    }))
  return fc.oneof(badWithKey, badKey, badPath)
}

it('answers every bad request with a 4xx JSON error and starts no run', async () => {
  const statuses = new Set<number>()
  await fc.assert(
    fc.asyncProperty(arbitraries(), async (req) => {
      const res = await send(req)
      statuses.add(res.status)
      expect(res.status).toBeGreaterThanOrEqual(400)
      expect(res.status).toBeLessThan(500)
      expect((JSON.parse(res.body) as { error: { code: string } }).error.code).toMatch(/^[a-z_]+$/)
      expect(started).toBe(0)
    }),
    { numRuns: 400 },
  )
  expect([...statuses].sort()).toEqual(expect.arrayContaining([400, 401, 404, 415]))
}, 30_000)

it('survives broken HTTP on the socket and keeps serving', async () => {
  const { port } = new URL(t.url)
  const garbage = [
    'GARBAGE\r\n\r\n',
    'POST /x HTTP/1.1\r\nContent-Length: 99999999999999\r\n\r\n',
    'POST / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n',
    '\u0000\u0001\u0002',
  ]
  for (const text of garbage) {
    await new Promise<void>((resolve) => {
      const socket = net.connect(Number(port), '127.0.0.1', () => socket.end(text))
      socket.on('data', () => undefined)
      socket.on('close', () => resolve())
      socket.on('error', () => resolve())
    })
  }
  expect(started).toBe(0)
  const good = await post(flow.endpoint, { phone_number: '+919800000001' }, { 'x-api-key': flow.secret })
  expect(good.status).toBe(200)
  expect(started).toBe(1)
})
