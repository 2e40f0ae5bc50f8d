import crypto from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { FlowEndpointRequest } from '../../../shared/nodes/chat_flow/endpoint'
import { startEndpointServer, type EndpointServer } from './flow-endpoint-server'
import { exchangeWithEndpoint } from './flow-endpoint'
import { createHttpEffect } from './http'

let server: EndpointServer
beforeAll(async () => {
  server = await startEndpointServer()
})
afterAll(() => server.close())

const http = createHttpEffect()
const endpoint = (path = '/', over: Partial<{ publicKey: string; plaintext: boolean }> = {}) => ({
  url: `${server.base}${path}`,
  publicKey: server.publicKey,
  plaintext: false,
  ...over,
})
const req = (action: FlowEndpointRequest['action'], more: Partial<FlowEndpointRequest> = {}): FlowEndpointRequest => ({
  version: '3.0',
  action,
  flow_token: 'ftok_1',
  ...more,
})

describe('Chat Flow endpoint round trip (encrypted)', () => {
  it('INIT, an error_message, the next screen, BACK, and SUCCESS with the submission params', async () => {
    const init = await exchangeWithEndpoint(http, endpoint(), req('INIT'))
    expect(init).toMatchObject({
      ok: true,
      status: 200,
      encrypted: true,
      error: null,
      reply: { kind: 'screen', screen: 'DETAILS', data: { greeting: 'Hello from the endpoint' } },
    })
    const blank = await exchangeWithEndpoint(
      http,
      endpoint(),
      req('data_exchange', { screen: 'DETAILS', data: { name: ' ' } }),
    )
    expect(blank.reply).toEqual({
      kind: 'error_message',
      screen: 'DETAILS',
      message: 'Please enter your name',
      data: { error_message: 'Please enter your name' },
    })
    const next = await exchangeWithEndpoint(
      http,
      endpoint(),
      req('data_exchange', { screen: 'DETAILS', data: { name: 'Ann' } }),
    )
    expect(next.reply).toEqual({ kind: 'screen', screen: 'CONFIRM', data: { name: 'Ann' } })
    const back = await exchangeWithEndpoint(http, endpoint(), req('BACK', { screen: 'DETAILS' }))
    expect(back.reply).toEqual({ kind: 'screen', screen: 'DETAILS', data: { refreshed: true } })
    const done = await exchangeWithEndpoint(
      http,
      endpoint(),
      req('data_exchange', { screen: 'CONFIRM', data: { name: 'Ann' } }),
    )
    expect(done.reply).toEqual({ kind: 'complete', params: { flow_token: 'ftok_1', name: 'Ann' } })
    const ping = await exchangeWithEndpoint(http, endpoint(), req('ping'))
    expect(ping.reply).toEqual({ kind: 'ack', data: { status: 'active' } })
  })

  it('sends nothing in the clear: a fresh key and IV every time, the token only inside the ciphertext', async () => {
    const before = server.received.length
    await exchangeWithEndpoint(http, endpoint(), req('INIT', { flow_token: 'ftok_secret' }))
    await exchangeWithEndpoint(http, endpoint(), req('INIT', { flow_token: 'ftok_secret' }))
    const [a, b] = server.received.slice(before).map((r) => JSON.parse(r) as Record<string, string>)
    expect(Object.keys(a!).sort()).toEqual(['encrypted_aes_key', 'encrypted_flow_data', 'initial_vector'])
    expect(JSON.stringify([a, b])).not.toContain('ftok_secret')
    expect(a!.initial_vector).not.toBe(b!.initial_vector)
    expect(a!.encrypted_aes_key).not.toBe(b!.encrypted_aes_key)
  })

  it('maps 421 (wrong key), 427 (flow token) and 432 (signature) to clear messages', async () => {
    const otherKey = crypto.generateKeyPairSync('rsa', {
      modulusLength: 2048,
      publicKeyEncoding: { type: 'spki', format: 'pem' },
      privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    }).publicKey
    const wrongKey = await exchangeWithEndpoint(http, endpoint('/', { publicKey: otherKey }), req('INIT'))
    expect(wrongKey).toMatchObject({
      ok: false,
      status: 421,
      error: {
        code: 'endpoint_cannot_decrypt',
        message: expect.stringContaining("public key is not the endpoint's current key"),
      },
    })
    const expired = await exchangeWithEndpoint(http, endpoint(), req('INIT', { flow_token: 'expired' }))
    expect(expired).toMatchObject({
      status: 427,
      error: { code: 'endpoint_flow_token', message: expect.stringContaining('HTTP 427): This form has expired.') },
    })
    const signed = await exchangeWithEndpoint(http, endpoint('/signed'), req('INIT'))
    expect(signed).toMatchObject({ status: 432, error: { code: 'endpoint_signature' } })
  })

  it('refuses a reply not encrypted with the request key, gives up after the deadline, and checks the settings first', async () => {
    const tampered = await exchangeWithEndpoint(http, endpoint('/tampered'), req('INIT'))
    expect(tampered).toMatchObject({
      ok: false,
      status: 200,
      error: {
        code: 'endpoint_bad_response',
        message: expect.stringContaining("could not be decrypted with this request's key"),
      },
    })
    const slow = await exchangeWithEndpoint(http, endpoint('/slow'), req('INIT'), 300)
    expect(slow).toMatchObject({ ok: false, status: 0, error: { code: 'endpoint_timeout' } })
    expect(slow.durationMs).toBeGreaterThanOrEqual(250)
    const noKey = await exchangeWithEndpoint(http, endpoint('/', { publicKey: '' }), req('INIT'))
    expect(noKey).toMatchObject({
      status: 0,
      error: { code: 'endpoint_config', message: expect.stringContaining('public key') },
    })
    const refused = await exchangeWithEndpoint(
      http,
      { url: 'http://127.0.0.1:1/', publicKey: server.publicKey, plaintext: false },
      req('INIT'),
    )
    expect(refused.error?.code).toBe('endpoint_network')
  })
})

describe('plaintext mode (local development endpoints)', () => {
  it('sends and reads plain JSON when the node says so', async () => {
    const before = server.received.length
    const r = await exchangeWithEndpoint(
      http,
      endpoint('/plain', { plaintext: true, publicKey: '' }),
      req('data_exchange', { screen: 'DETAILS', data: { name: 'Bo' } }),
    )
    expect(r).toMatchObject({
      ok: true,
      encrypted: false,
      reply: { kind: 'screen', screen: 'CONFIRM', data: { name: 'Bo' } },
    })
    expect(JSON.parse(server.received[before]!)).toEqual({
      version: '3.0',
      action: 'data_exchange',
      screen: 'DETAILS',
      data: { name: 'Bo' },
      flow_token: 'ftok_1',
    })
  })
})
