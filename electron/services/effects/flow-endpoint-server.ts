// A real Chat Flow endpoint on 127.0.0.1 for the tests: it holds its own RSA private key and decrypts each request,
// as a business's endpoint does (Meta's example endpoint), then answers a two-screen form: DETAILS asks a name,
// CONFIRM finishes with SUCCESS. Other paths answer the channel's error statuses, never answer, or reply in plain JSON.
import crypto from 'node:crypto'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { decryptRequest, encryptResponse, type EncryptedRequest } from './flow-crypto'

export interface EndpointServer {
  base: string
  publicKey: string
  /** Raw request bodies as they arrived, to check nothing was sent in the clear. */
  received: string[]
  /** The action of each request the endpoint could read, in order. */
  actions: string[]
  close(): Promise<void>
}

type Req = { action: string; screen?: string; data?: Record<string, unknown>; flow_token: string }

/** The form's logic: what a business endpoint would answer to each decrypted request. Like a real endpoint it keeps
 *  what each form (flow_token) entered so far. */
function answer(req: Req, names: Map<string, string>): { status: number; body: unknown } {
  if (req.flow_token === 'expired') return { status: 427, body: { error_msg: 'This form has expired' } }
  if (req.action === 'ping') return { status: 200, body: { version: '3.0', data: { status: 'active' } } }
  if (req.data?.error) return { status: 200, body: { version: '3.0', data: { acknowledged: true } } }
  if (req.action === 'INIT')
    return { status: 200, body: { version: '3.0', screen: 'DETAILS', data: { greeting: 'Hello from the endpoint' } } }
  if (req.action === 'BACK')
    return { status: 200, body: { version: '3.0', screen: req.screen, data: { refreshed: true } } }
  if (req.screen === 'DETAILS') {
    const name = String(req.data?.name ?? '').trim()
    if (!name)
      return {
        status: 200,
        body: { version: '3.0', screen: 'DETAILS', data: { error_message: 'Please enter your name' } },
      }
    names.set(req.flow_token, name)
    return { status: 200, body: { version: '3.0', screen: 'CONFIRM', data: { name } } }
  }
  const name = String(req.data?.name ?? names.get(req.flow_token) ?? '')
  return {
    status: 200,
    body: {
      version: '3.0',
      screen: 'SUCCESS',
      data: { extension_message_response: { params: { flow_token: req.flow_token, name } } },
    },
  }
}

export async function startEndpointServer(): Promise<EndpointServer> {
  const { publicKey, privateKey } = crypto.generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  })
  const received: string[] = []
  const names = new Map<string, string>()
  const actions: string[] = []
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8')
      received.push(raw)
      const path = req.url ?? '/'
      if (path === '/slow') return
      if (path === '/signed') return void res.writeHead(432).end()
      if (path === '/plain') {
        const out = answer(JSON.parse(raw) as Req, names)
        return void res.writeHead(out.status, { 'content-type': 'application/json' }).end(JSON.stringify(out.body))
      }
      let opened
      try {
        opened = decryptRequest(JSON.parse(raw) as EncryptedRequest['body'], privateKey)
      } catch {
        return void res.writeHead(421).end()
      }
      actions.push((opened.payload as Req).action)
      const out = answer(opened.payload as Req, names)
      if (out.status !== 200)
        return void res.writeHead(out.status, { 'content-type': 'application/json' }).end(JSON.stringify(out.body))
      // /tampered answers with a reply encrypted under the wrong IV, as a broken endpoint would.
      const iv = path === '/tampered' ? Buffer.alloc(16) : opened.iv
      res.writeHead(200, { 'content-type': 'text/plain' }).end(encryptResponse(out.body, opened.aesKey, iv))
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    publicKey,
    received,
    actions,
    close: () => new Promise((resolve) => (server.closeAllConnections(), server.close(() => resolve()))),
  }
}
