// The Cloud API adapter against the fake Cloud API (a real HTTP server on 127.0.0.1): the request it makes, the
// message id it brings back, and how each kind of answer is sorted for the outbox.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, expect, it } from 'vitest'
import { startFakeCloudApi, type FakeCloudApi } from '../testing/fake-cloud-api'
import { envelopeOf } from '../testing/runtime-fixtures'
import { CloudApiAdapter } from './cloud-api'
import { classify, retryAfterMs } from './cloud-api-errors'

const TOKEN = 'EAAG-test-token-0123456789'
const envelope = envelopeOf({
  type: 'interactive',
  interactive: {
    type: 'button',
    body: { text: 'Adult?' },
    action: { buttons: [{ type: 'reply', reply: { id: 'y', title: 'Yes' } }] },
  },
})

let fake: FakeCloudApi
beforeEach(async () => (fake = await startFakeCloudApi()))
afterEach(() => fake.close())

const adapter = (token = TOKEN) =>
  new CloudApiAdapter({
    baseUrl: `${fake.url}/`,
    version: 'v25.0',
    phoneNumberId: '106540352242922',
    token: { current: () => token },
  })

it('posts the envelope and the message to {base}/{version}/{phone number id}/messages with the bearer token, and returns the message id', async () => {
  const result = await adapter().send(envelope)
  expect(fake.sends).toHaveLength(1)
  const [send] = fake.sends
  expect(send).toMatchObject({ path: '/v25.0/106540352242922/messages', authorization: `Bearer ${TOKEN}` })
  expect(send!.body).toEqual({
    messaging_product: 'whatsapp',
    recipient_type: 'individual',
    to: '919800000001',
    ...envelope.message,
  })
  expect(result).toEqual({ channelId: send!.channelId })
})

it('sorts answers: throttling and 5xx retried (Retry-After kept), a refusal failed with the code, a refused token halts', async () => {
  fake.answerNext(
    { status: 429, code: 130429, retryAfter: '3' },
    { status: 503 },
    { status: 400, code: 131047 },
    { status: 400, code: 131056 },
    { status: 400, code: 100, message: 'Invalid parameter' },
  )
  const a = adapter()
  await expect(a.send(envelope)).rejects.toMatchObject({
    retry: true,
    halt: false,
    retryAfterMs: 3000,
    message: expect.stringContaining('channel error 130429'),
  })
  await expect(a.send(envelope)).rejects.toMatchObject({ retry: true, retryAfterMs: undefined })
  await expect(a.send(envelope)).rejects.toMatchObject({
    retry: false,
    message:
      'channel error 131047: more than 24 hours since the customer last wrote: only a template may be sent: Re-engagement message',
  })
  await expect(a.send(envelope)).rejects.toMatchObject({ retry: true, message: expect.stringContaining('131056') })
  await expect(a.send(envelope)).rejects.toMatchObject({
    retry: false,
    message: 'channel error 100: Invalid parameter',
  })
  expect(a.health()).toEqual({ ok: true })
})

it('a refused token (190) halts and says why in health; the next accepted send clears it', async () => {
  const a = adapter()
  fake.answerNext({ status: 401, code: 190 })
  await expect(a.send(envelope)).rejects.toMatchObject({ halt: true, retry: true })
  expect(a.health()).toMatchObject({
    ok: false,
    reason: expect.stringContaining('channel error 190: the access token has expired or was revoked'),
    since: expect.any(Number),
  })
  await a.send(envelope)
  expect(a.health()).toEqual({ ok: true })
})

it('reads a token file again after a refusal, so a rotated token is used without a restart', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'chatflow-token-'))
  const file = path.join(dir, 'token')
  fs.writeFileSync(file, 'old-token\n')
  let token = fs.readFileSync(file, 'utf8').trim()
  const a = new CloudApiAdapter({
    baseUrl: fake.url,
    version: 'v25.0',
    phoneNumberId: '1',
    token: { current: () => token, reload: () => (token = fs.readFileSync(file, 'utf8').trim()) },
  })
  fake.answerNext({ status: 401, code: 190 })
  await expect(a.send(envelope)).rejects.toMatchObject({ halt: true })
  fs.writeFileSync(file, 'new-token\n')
  await a.send(envelope)
  expect(fake.sends.map((s) => s.authorization)).toEqual(['Bearer old-token', 'Bearer new-token'])
  fs.rmSync(dir, { recursive: true, force: true })
})

it('an unreachable or silent Cloud API is worth retrying, and no message names the token', async () => {
  const url = fake.url
  await fake.close()
  const a = new CloudApiAdapter({
    baseUrl: url,
    version: 'v25.0',
    phoneNumberId: '1',
    token: { current: () => TOKEN },
    timeoutMs: 200,
  })
  const err = await a.send(envelope).catch((e: Error) => e)
  expect(err).toMatchObject({ retry: true, message: expect.stringContaining('cannot reach the Cloud API') })
  expect(String((err as Error).message)).not.toContain(TOKEN)
  fake = await startFakeCloudApi()
})

it('classifies codes and statuses as the channel reference says', () => {
  const verdict = (status: number, code?: number) =>
    classify(status, code === undefined ? null : { error: { code, message: 'm' } }, null).kind
  expect([0, 3, 10, 190, 200, 299, 368, 131031].map((c) => verdict(400, c))).toEqual(Array(8).fill('halt'))
  expect([4, 80007, 130429, 131056, 131000, 1, 2, 131016].map((c) => verdict(400, c))).toEqual(Array(8).fill('retry'))
  expect(
    [131047, 131026, 131050, 131049, 131051, 131052, 132000, 132001, 100, 131008].map((c) => verdict(400, c)),
  ).toEqual(Array(10).fill('fail'))
  expect([verdict(500), verdict(502), verdict(429), verdict(401), verdict(403), verdict(404)]).toEqual([
    'retry',
    'retry',
    'retry',
    'halt',
    'halt',
    'fail',
  ])
  expect(retryAfterMs('7')).toBe(7000)
  expect(retryAfterMs(new Date(Date.now() + 5000).toUTCString(), Date.now())).toBeGreaterThan(3000)
  expect(retryAfterMs('soon')).toBeUndefined()
})
