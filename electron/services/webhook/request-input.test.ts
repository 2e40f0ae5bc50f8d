// The one reader of query parameters and headers (issue 39, item 1): a name given twice or a value over its limit
// is a 4xx with a code, on the reader and on the Fastify listeners that use it (the webhook listener, which the
// runtime's channel webhook and inbound endpoint share, and the publish API). The browser host: electron/web/server.test.ts.
import net from 'node:net'
import type { AddressInfo } from 'node:net'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { buildPublishApp, type PublishTarget } from '../publish/http'
import { readCookie, readHeader, readQuery, RequestInputError } from './request-input'
import { startTestListener, type TestListener } from './testing/support'

const headers = (...pairs: string[]) => ({ rawHeaders: pairs })
const failure = (run: () => unknown) => {
  try {
    run()
  } catch (err) {
    if (err instanceof RequestInputError) return { status: err.status, code: err.code, message: err.message }
    throw err
  }
  return null
}

describe('the reader', () => {
  it('reads each query parameter once, decoded, and refuses a repeated name or an oversize value', () => {
    expect({ ...readQuery('/x?a=1&b=%C3%A9&c') }).toEqual({ a: '1', b: 'é', c: '' })
    expect({ ...readQuery('/x') }).toEqual({})
    expect({ ...readQuery(undefined) }).toEqual({})
    expect(readQuery('/x?__proto__=1').__proto__).toBe('1')
    expect(failure(() => readQuery('/x?hub.verify_token=a&hub.verify_token=b'))).toEqual({
      status: 400,
      code: 'repeated_parameter',
      message: 'The query parameter "hub.verify_token" is given more than once; give it once.',
    })
    expect(failure(() => readQuery('/x?a=1&a=1'))?.code).toBe('repeated_parameter')
    expect(failure(() => readQuery(`/x?a=${'x'.repeat(2049)}`))).toMatchObject({
      status: 414,
      code: 'parameter_too_long',
    })
    expect(readQuery(`/x?a=${'x'.repeat(2048)}`).a).toHaveLength(2048)
  })

  it('reads one header in any case, and refuses one sent twice, even those Node keeps only the first of', () => {
    expect(readHeader(headers('X-Api-Key', 'k'), 'x-api-key')).toBe('k')
    expect(readHeader(headers('Host', 'a'), 'x-api-key')).toBeUndefined()
    for (const name of ['authorization', 'content-type', 'host', 'x-hub-signature-256'])
      expect(failure(() => readHeader(headers(name, 'a', name.toUpperCase(), 'b'), name))).toMatchObject({
        status: 400,
        code: 'repeated_header',
      })
    expect(failure(() => readHeader(headers('a', 'x'.repeat(101)), 'a', 100))).toMatchObject({
      status: 431,
      code: 'header_too_long',
    })
  })

  it('reads one cookie, and refuses the same cookie twice', () => {
    expect(readCookie(headers('Cookie', 's=1; t=a=b'), 't')).toBe('a=b')
    expect(readCookie(headers('Cookie', 's=1'), 't')).toBeUndefined()
    expect(failure(() => readCookie(headers('Cookie', 't=1; t=2'), 't'))?.code).toBe('repeated_parameter')
  })
})

/** Sends exactly these request lines (fetch would join repeated headers into one), answers status and JSON body. */
function raw(url: string, lines: string[], body = ''): Promise<{ status: number; body: { error?: { code: string } } }> {
  const u = new URL(url)
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(u.port), u.hostname)
    let text = ''
    socket.on('data', (d: Buffer) => (text += d.toString()))
    socket.on('error', reject)
    socket.on('close', () => {
      const [head, ...rest] = text.split('\r\n\r\n')
      resolve({ status: Number(head!.split(' ')[1]), body: JSON.parse(rest.join('\r\n\r\n') || 'null') })
    })
    const length = body ? [`Content-Length: ${Buffer.byteLength(body)}`] : []
    socket.end([...lines, `Host: ${u.host}`, 'Connection: close', ...length, '', body].join('\r\n'))
  })
}

describe('the webhook listener', () => {
  let t: TestListener
  beforeEach(
    async () => (t = await startTestListener(() => async () => ({ runId: 'r', state: 'ended', contactId: 'c' }))),
  )
  afterEach(() => t.close())

  it('refuses a repeated x-api-key or Content-Type with 400 before anything runs', async () => {
    const f = t.webhookFlow()
    const path = new URL(f.endpoint).pathname
    const body = JSON.stringify({ phone_number: '+919800000001' })
    const key = `x-api-key: ${f.secret}`
    const json = 'Content-Type: application/json'
    expect(await raw(f.endpoint, [`POST ${path} HTTP/1.1`, key, json], body)).toMatchObject({ status: 200 })
    for (const lines of [
      [key, key, json],
      [key, json, json],
    ])
      expect(await raw(f.endpoint, [`POST ${path} HTTP/1.1`, ...lines], body)).toMatchObject({
        status: 400,
        body: { error: { code: 'repeated_header' } },
      })
  })
})

describe('the publish API', () => {
  const KEY = 'pk_test_0123456789abcdef'
  const listed: unknown[] = []
  const target: PublishTarget = {
    receive: async () => ({ ok: false, error: { code: 'bad_request', message: 'no' } }),
    versions: async () => ({ ok: true, value: [] }),
    rollback: async () => ({ ok: false, error: { code: 'not_found', message: 'no' } }),
    logs: {
      list: async (_flow, filter, _after, limit) => (listed.push({ filter, limit }), { runs: [], next: null }),
      triggerKinds: async () => [],
      run: async () => null,
      rows: async () => [],
    },
  }
  const app = buildPublishApp(target, KEY)
  let base: string
  beforeAll(async () => {
    await app.listen({ host: '127.0.0.1', port: 0 })
    base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`
  })
  afterAll(() => app.close())

  it('refuses a repeated Authorization header, and a repeated or oversize query parameter of the runs list', async () => {
    const auth = `Authorization: Bearer ${KEY}`
    const runs = (query: string, lines = [auth]) => raw(base, [`GET /api/v1/flows/f/runs?${query} HTTP/1.1`, ...lines])
    expect(await runs('limit=5')).toMatchObject({ status: 200 })
    expect(listed).toEqual([{ filter: expect.any(Object), limit: 5 }])
    expect(await runs('limit=5', [auth, auth])).toMatchObject({
      status: 400,
      body: { error: { code: 'repeated_header' } },
    })
    expect(await runs('limit=5&limit=6')).toMatchObject({
      status: 400,
      body: { error: { code: 'repeated_parameter' } },
    })
    expect(await runs(`text=${'x'.repeat(3000)}`)).toMatchObject({
      status: 414,
      body: { error: { code: 'parameter_too_long' } },
    })
    expect(listed).toHaveLength(1)
  })

  it('names its 8 MiB limit in a 413', async () => {
    const res = await fetch(`${base}/api/v1/flows/f/versions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' },
      body: `{"document": "${'x'.repeat(8 * 1024 * 1024)}"}`,
    })
    expect([res.status, await res.json()]).toEqual([
      413,
      { error: { code: 'too_large', message: 'The request body is larger than 8 MiB (8,388,608 bytes).' } },
    ])
  })
})
