// The runtime's HTTP side on 127.0.0.1: the inbound endpoint (key, body checks, processed, duplicate), the webhook
// trigger on the same listener, and the publish API's webhook-secret request.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { openDatabase } from '../studio/db/open'
import { ListenerSettingsSchema } from '../studio/webhook/settings'
import { orderTotalFlow } from '../studio/webhook/fixtures'
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

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'chatflow-runtime-http-'))
  const store = new SqliteRuntimeStore(openDatabase(path.join(dir, 'studio.sqlite')))
  ;({ runtime } = testRuntime(store, (adapter = new MemoryAdapter())))
  const settings = { ...ListenerSettingsSchema.parse({}), port: 0 }
  server = await startRuntimeServer(runtime, { settings, inboundKey: INBOUND_KEY, publishKey: PUBLISH_KEY, publishPort: 0, log: () => undefined })
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
  fetch(`${base}/api/v1/inbound`, { method: 'POST', headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' }, body: JSON.stringify(body) })

const textMessage = (id: string, body: string) => ({ contact: { wa_id: '919800000011', name: 'Asha' }, message: { id, type: 'text', text: { body } } })

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
  const badPhone = await inbound({ contact: { wa_id: 'abc' }, message: { id: 'w1', type: 'text', text: { body: 'x' } } })
  expect(await badPhone.json()).toMatchObject({ error: { code: 'invalid_phone_number', field: 'contact.wa_id' } })
})

it('processes a message once, answers its redelivery as a duplicate, and resumes with a button or text', async () => {
  const first = await inbound(textMessage('wamid.h1', 'wine'))
  expect(first.status).toBe(200)
  const answer = (await first.json()) as { run_id: string }
  expect(answer).toMatchObject({ status: 'processed', action: 'started', state: 'paused' })
  expect(await (await inbound(textMessage('wamid.h1', 'wine'))).json()).toMatchObject({ status: 'duplicate', run_id: answer.run_id })
  expect(await (await inbound(textMessage('wamid.h2', '20'))).json()).toMatchObject({ status: 'processed', action: 'resumed', state: 'ended' })
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
})
