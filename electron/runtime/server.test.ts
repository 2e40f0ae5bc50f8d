// The runtime's HTTP side on 127.0.0.1: the inbound endpoint (key, body checks, processed, duplicate), the webhook
// trigger on the same listener, and the publish API's webhook-secret request.
import fs from 'node:fs'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import type { Database } from 'better-sqlite3'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDatabase } from '../services/db/open'
import { ListenerSettingsSchema } from '../services/webhook/settings'
import { orderTotalFlow } from '../services/webhook/testing/fixtures'
import { MemoryAdapter } from './adapters/log-adapter'
import { startRuntimeServer, type RuntimeServer } from './server'
import { SqliteRuntimeStore } from './sqlite-store'
import { exampleFlow, testRuntime } from './testing/runtime-fixtures'
import type { Runtime } from './runtime'

const INBOUND_KEY = 'ik_test_0123456789abcdef'
const PUBLISH_KEY = 'pk_test_0123456789abcdef'
let dir: string
let server: RuntimeServer
let runtime: Runtime
let adapter: MemoryAdapter
let base: string
let db: Database

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'chatflow-runtime-http-'))
  db = openDatabase(path.join(dir, 'studio.sqlite'))
  const store = new SqliteRuntimeStore(db)
  ;({ runtime } = testRuntime(store, (adapter = new MemoryAdapter())))
  const settings = { ...ListenerSettingsSchema.parse({}), port: 0 }
  server = await startRuntimeServer(runtime, {
    settings,
    inboundKey: INBOUND_KEY,
    publishKey: PUBLISH_KEY,
    publishPort: 0,
    log: () => undefined,
  })
  base = server.listener.url!
  const publish = (document: unknown) =>
    fetch(`${server.publishUrl}/flows/${(document as { id: string }).id}/versions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${PUBLISH_KEY}`, 'content-type': 'application/json' },
      body: JSON.stringify({ document }),
    })
  expect((await publish(exampleFlow('age-gate'))).status).toBe(201)
  expect((await publish({ ...orderTotalFlow('flw_total'), webhookSecretRef: 'flw_total' })).status).toBe(201)
})

afterAll(async () => {
  await server.close()
  await runtime.close()
  fs.rmSync(dir, { recursive: true, force: true })
})

const inbound = (body: unknown, key = INBOUND_KEY) =>
  fetch(`${base}/api/v1/inbound`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })

const textMessage = (id: string, body: string) => ({
  contact: { wa_id: '919800000011', name: 'Asha' },
  message: { id, type: 'text', text: { body } },
})

it('refuses a wrong key before reading the body', async () => {
  const res = await inbound({ nonsense: true }, 'wrong-key-wrong-key')
  expect(res.status).toBe(401)
  expect(res.headers.get('www-authenticate')).toContain('chatflow-inbound')
  expect(await res.json()).toMatchObject({ error: { code: 'unauthorized' } })
})

it('names the offending field of a bad body', async () => {
  const res = await inbound({ contact: { wa_id: '919800000011' }, message: { id: 'w1', type: 'interactive' } })
  expect(res.status).toBe(400)
  expect(await res.json()).toMatchObject({ error: { field: 'message.interactive' } })
  const badPhone = await inbound({
    contact: { wa_id: 'abc' },
    message: { id: 'w1', type: 'text', text: { body: 'x' } },
  })
  expect(await badPhone.json()).toMatchObject({ error: { code: 'invalid_phone_number', field: 'contact.wa_id' } })
})

it('processes a message once, answers its redelivery as a duplicate, and resumes with a button or text', async () => {
  const first = await inbound(textMessage('wamid.h1', 'wine'))
  expect(first.status).toBe(200)
  const answer = (await first.json()) as { run_id: string }
  expect(answer).toMatchObject({ status: 'processed', action: 'started', state: 'paused' })
  expect(await (await inbound(textMessage('wamid.h1', 'wine'))).json()).toMatchObject({
    status: 'duplicate',
    run_id: answer.run_id,
  })
  expect(await (await inbound(textMessage('wamid.h2', '20'))).json()).toMatchObject({
    status: 'processed',
    action: 'resumed',
    state: 'ended',
  })
  await runtime.idle()
  expect(adapter.to('+919800000011').map((e) => (e.message as { text: { body: string } }).text.body)).toEqual([
    'Welcome to the cellar! How old are you?',
    'Thanks! Our wine list is at https://example-cellar.com/wines. Cheers, Asha!',
  ])
})

it('serves the webhook trigger on the same listener with a secret made through the publish API', async () => {
  const made = await fetch(`${server.publishUrl}/flows/flw_total/webhook-secret`, {
    method: 'POST',
    headers: { authorization: `Bearer ${PUBLISH_KEY}`, 'content-type': 'application/json' },
    body: '{}',
  })
  const { secret } = (await made.json()) as { secret: string }
  expect(secret).toMatch(/^whsec_/)
  const res = await fetch(`${base}/chatbot-webhook/flw_total/trigger`, {
    method: 'POST',
    headers: { 'x-api-key': secret, 'content-type': 'application/json' },
    body: JSON.stringify({ phone_number: '+919800000012', data: { name: 'Ravi', amount: 50 } }),
  })
  expect(res.status).toBe(200)
  expect(await res.json()).toMatchObject({ state: 'ended', flow_id: 'flw_total' })
  const wrong = await fetch(`${base}/chatbot-webhook/flw_total/trigger`, {
    method: 'POST',
    headers: { 'x-api-key': 'whsec_wrong', 'content-type': 'application/json' },
    body: JSON.stringify({ phone_number: '+919800000012' }),
  })
  expect(wrong.status).toBe(401)
  // Issue 39: only the secret's digest is kept, so asking again cannot answer it: 409, and rotate makes a new one.
  const again = await fetch(`${server.publishUrl}/flows/flw_total/webhook-secret`, {
    method: 'POST',
    headers: { authorization: `Bearer ${PUBLISH_KEY}`, 'content-type': 'application/json' },
    body: '{}',
  })
  expect(again.status).toBe(409)
  expect(await again.json()).toMatchObject({
    error: { code: 'conflict', message: expect.stringContaining('kept hashed and cannot be shown again') },
  })
  expect(JSON.stringify(db.prepare('SELECT * FROM webhook_secrets').all())).not.toContain(secret.slice(6))
})

// Issue 18, case 3: JSON nested deeper than the guard allows (shared/json/bounds.ts) is refused where it enters the
// listener, with 400 and the path, before anything is written; an inbound message is never answered `retry` for it
// (a gateway would redeliver it for ever).
describe('hostile JSON', () => {
  const nested = (levels: number) => JSON.parse('{"a":'.repeat(levels) + '1' + '}'.repeat(levels)) as unknown
  const count = (table: string) => (db.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n
  // The flow has a secret already (the test above made it), and a secret is answered only when made: rotate.
  const secret = async () => {
    const made = await fetch(`${server.publishUrl}/flows/flw_total/webhook-secret`, {
      method: 'POST',
      headers: { authorization: `Bearer ${PUBLISH_KEY}`, 'content-type': 'application/json' },
      body: '{"rotate":true}',
    })
    return ((await made.json()) as { secret: string }).secret
  }

  const webhook = async (body: unknown) =>
    fetch(`${base}/chatbot-webhook/flw_total/trigger`, {
      method: 'POST',
      headers: { 'x-api-key': await secret(), 'content-type': 'application/json' },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    })

  it('refuses webhook data nested 1000 levels with 400 naming the field, and writes no contact or run', async () => {
    const before = { contacts: count('contacts'), runs: count('runs') }
    const res = await webhook({ phone_number: '+919800000101', data: nested(1000) })
    expect(res.status).toBe(400)
    const body = (await res.json()) as { error: { code: string; field: string; message: string } }
    expect(body.error.code).toBe('json_too_deep')
    expect(body.error.field).toMatch(/^data\.a\.a\.a/)
    expect(body.error.message).toMatch(/nested more than 64 levels/)
    expect({ contacts: count('contacts'), runs: count('runs') }).toEqual(before)
    // Deeper still (10,000 levels, 60 KB: JSON.stringify itself overflows the stack on it) fares the same.
    const deeper = `{"phone_number":"+919800000101","data":${'{"a":'.repeat(10_000)}1${'}'.repeat(10_000)}}`
    expect((await webhook(deeper)).status).toBe(400)
    expect({ contacts: count('contacts'), runs: count('runs') }).toEqual(before)
  })

  it('still takes ordinary nested data', async () => {
    const res = await webhook({ phone_number: '+919800000102', data: { name: 'Ravi', amount: 50, extra: nested(20) } })
    expect(res.status).toBe(200)
  })

  it('answers an inbound message with a deep referral 400, never 503 retry, and keeps nothing', async () => {
    const before = { contacts: count('contacts'), runs: count('runs') }
    const message = { id: 'wamid.deep1', type: 'text', text: { body: 'wine' }, referral: nested(1000) }
    const res = await inbound({ contact: { wa_id: '919800000103' }, message })
    expect(res.status).toBe(400)
    expect(await res.json()).toMatchObject({
      error: { code: 'json_too_deep', field: expect.stringMatching(/^message\.referral\.a/) },
    })
    expect({ contacts: count('contacts'), runs: count('runs') }).toEqual(before)
    // A deep form answer hides its JSON in a string; it is refused the same way.
    const form = {
      id: 'wamid.deep2',
      type: 'interactive',
      interactive: { type: 'nfm_reply', nfm_reply: { response_json: JSON.stringify(nested(1000)) } },
    }
    const formRes = await inbound({ contact: { wa_id: '919800000103' }, message: form })
    expect(formRes.status).toBe(400)
    expect(await formRes.json()).toMatchObject({
      error: { code: 'json_too_deep', field: 'message.interactive.nfm_reply.response_json' },
    })
  })

  it('tells failures the message causes (which would repeat on every delivery) from failures of the moment', async () => {
    const { causedByInput } = await import('./inbound-route')
    const deepJson = '['.repeat(1500) + ']'.repeat(1500)
    let sqliteJson: unknown
    try {
      db.prepare('SELECT json_array_length(?) AS n').get(deepJson)
    } catch (err) {
      sqliteJson = err
    }
    let stack: unknown
    try {
      JSON.stringify(JSON.parse('['.repeat(100_000) + ']'.repeat(100_000)))
    } catch (err) {
      stack = err
    }
    expect(causedByInput(sqliteJson)).toBe(true)
    expect(causedByInput(stack)).toBe(true)
    expect(causedByInput(Object.assign(new Error('database is locked'), { code: 'SQLITE_BUSY' }))).toBe(false)
    expect(causedByInput(new Error('connect ECONNREFUSED'))).toBe(false)
  })
})

it('refuses an inbound message whose Authorization or Content-Type is sent twice with 400, and keeps nothing (issue 39)', async () => {
  const body = JSON.stringify({
    contact: { wa_id: '919800000777', name: 'Asha' },
    message: { id: 'wamid.REPEATED', type: 'text', text: { body: 'wine' } },
  })
  const send = (headers: Record<string, string | string[]>) =>
    new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = http.request(`${base}/api/v1/inbound`, { method: 'POST', headers })
      req.on('response', (res) => {
        let text = ''
        res.on('data', (d: Buffer) => (text += d.toString()))
        res.on('end', () => resolve({ status: res.statusCode!, body: text }))
      })
      req.on('error', reject)
      req.end(body)
    })
  const auth = `Bearer ${INBOUND_KEY}`
  // Node keeps only the first of a repeated Authorization or Content-Type: the second is refused, not ignored.
  for (const headers of [
    { authorization: [auth, 'Bearer other-key-0123456789'], 'content-type': 'application/json' },
    { authorization: auth, 'content-type': ['application/json', 'text/plain'] },
  ]) {
    const answer = await send(headers)
    expect([answer.status, JSON.parse(answer.body).error.code]).toEqual([400, 'repeated_header'])
  }
  expect(await runtime.store.contactByPhone('+919800000777')).toBeNull()
})
