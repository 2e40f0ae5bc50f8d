import net from 'node:net'
import { afterEach, beforeEach, expect, it } from 'vitest'
import { commands } from '../../../shared/api'
import { createTempBackend, expectOk, type TempBackend } from '../testing/backend'

// The Webhook section's commands through the real back end, whose listener starts with it (port 0 via the env).
let t: TempBackend
let flowId: string
const logs: string[] = []

beforeEach(async () => {
  process.env.CHATFLOW_WEBHOOK_PORT = '0'
  t = createTempBackend({ log: (m) => logs.push(m) })
  flowId = expectOk(await t.backend.call('flows.create', {})).id
})
afterEach(async () => {
  delete process.env.CHATFLOW_WEBHOOK_PORT
  await t.cleanup()
})

// Issue 39, item 2: the secret is stored as its digest, so it is shown once: in the answer that made it.
it('shows the secret whole only in the answer that made it, masked (the same) on every later ask', async () => {
  const first = expectOk(await t.backend.call('webhook.info', { flowId }))
  expect(first.listener.state).toBe('listening')
  expect(first.url).toBe(`${first.listener.url}/chatbot-webhook/${flowId}/trigger`)
  expect(first.secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/)
  expect(first.curlWithSecret).toContain(`x-api-key: ${first.secret}`)
  expect(first.maskedSecret).toBe(`whsec_••••••••${first.secret!.slice(-4)}`)
  expect(first.curl).toContain(first.maskedSecret)
  expect(first.curl).toContain(first.url)
  const later = expectOk(await t.backend.call('webhook.info', { flowId }))
  expect(later).toMatchObject({ maskedSecret: first.maskedSecret, secret: null, curlWithSecret: null })
  expect(JSON.stringify(later)).not.toContain(first.secret!.slice(6, -4))
  expect('webhook.reveal' in commands).toBe(false)
  // The one shown works.
  const res = await fetch(first.url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-api-key': first.secret! },
    body: '{"phone_number":"+919800000001"}',
  })
  expect(res.status).toBe(409)
})

it('rotates: the new secret is shown once, and the old one is refused by the running listener at once', async () => {
  const info = expectOk(await t.backend.call('webhook.info', { flowId }))
  const old = info.secret!
  const rotated = expectOk(await t.backend.call('webhook.rotate', { flowId }))
  expect(rotated.secret).not.toBe(old)
  expect(rotated.curlWithSecret).toContain(`x-api-key: ${rotated.secret}`)
  expect(rotated.maskedSecret).toBe(`whsec_••••••••${rotated.secret.slice(-4)}`)
  expect(rotated.secretRotatedAt).not.toBeNull()
  expect(expectOk(await t.backend.call('webhook.info', { flowId })).secret).toBeNull()
  const send = (key: string) =>
    fetch(info.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': key },
      body: '{"phone_number":"+919800000001"}',
    })
  expect((await send(old)).status).toBe(401)
  // The flow is new (inactive, keyword trigger): the new key gets past authentication to the 409.
  expect((await send(rotated.secret)).status).toBe(409)
})

it('refuses an unknown flow', async () => {
  const r = await t.backend.call('webhook.info', { flowId: 'flw_missing' })
  expect(r.ok ? null : r.error.code).toBe('not_found')
})

it('moves the listener to another port, and reports a port in use with a free suggestion', async () => {
  const blocker = net.createServer()
  await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve))
  const taken = (blocker.address() as net.AddressInfo).port
  try {
    const failed = expectOk(await t.backend.call('webhook.listener.set', { port: taken }))
    expect(failed.state).toBe('failed')
    expect(failed.error?.code).toBe('port_in_use')
    expect(failed.error?.message).toContain(String(taken))
    expect(failed.suggestedPort).toBeGreaterThan(0)
    const moved = expectOk(await t.backend.call('webhook.listener.set', { port: failed.suggestedPort! }))
    expect(moved).toMatchObject({ state: 'listening', port: failed.suggestedPort, warning: null })
    // Saved: a restarted studio listens there too (when no process override is set).
    delete process.env.CHATFLOW_WEBHOOK_PORT
    await t.reopen()
    expect(expectOk(await t.backend.call('webhook.listener.get', {})).port).toBe(failed.suggestedPort)
  } finally {
    blocker.close()
  }
})

it('warns when bound beyond loopback', async () => {
  const status = expectOk(await t.backend.call('webhook.listener.set', { host: '0.0.0.0', port: 0 }))
  expect(status.state).toBe('listening')
  expect(status.warning).toMatch(/0\.0\.0\.0/)
  // The URL and curl command name an address a client can call, not the wildcard.
  const info = expectOk(await t.backend.call('webhook.info', { flowId }))
  expect(info.url).toBe(`http://127.0.0.1:${status.port}/chatbot-webhook/${flowId}/trigger`)
  expect((await fetch(info.url, { method: 'POST' })).status).toBe(401)
})

it('starts a real run through the studio listener and announces it to the emulator and logs', async () => {
  const { orderTotalFlow } = await import('../../services/webhook/testing/fixtures')
  expectOk(await t.backend.call('flows.save', { document: orderTotalFlow(flowId) }))
  const info = expectOk(await t.backend.call('webhook.info', { flowId }))
  const secret = info.secret!
  const seen: unknown[] = []
  t.backend.on('emulator.updated', (p) => seen.push(p))
  const res = await fetch(info.url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-api-key': secret },
    body: JSON.stringify({ phone_number: '+919800000001', data: { name: 'Asha', amount: 250 } }),
  })
  const body = (await res.json()) as { run_id: string; state: string; contact_id: string }
  expect(res.status).toBe(200)
  expect(body.state).toBe('ended')
  expect(seen).toEqual([{ flowId, contactId: body.contact_id, runId: body.run_id, source: 'webhook' }])
})
