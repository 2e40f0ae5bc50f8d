import fs from 'node:fs'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import type { ServerMessage } from '../../shared/api/wire'
import { startWebHost, type WebHost } from './server'

let dir: string
let host: WebHost

beforeEach(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'chatflow-web-'))
  const rendererDir = path.join(dir, 'renderer')
  fs.mkdirSync(rendererDir)
  fs.writeFileSync(path.join(rendererDir, 'index.html'), '<!doctype html><title>Chatflow Studio</title>')
  host = await startWebHost({ dataDir: path.join(dir, 'data'), port: 0, rendererDir, log: () => {} })
})
afterEach(async () => {
  await host.close()
  fs.rmSync(dir, { recursive: true, force: true })
})

function get(pathname: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }>((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port: host.port, path: pathname, headers }, (res) => {
        let body = ''
        res.on('data', (c) => (body += c))
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }))
      })
      .on('error', reject)
  })
}

async function connect(origin?: string): Promise<{ ws: WebSocket; next(): Promise<ServerMessage> }> {
  const ws = new WebSocket(`${host.url.replace('http', 'ws')}/api`, origin ? { origin } : {})
  const inbox: ServerMessage[] = []
  const waiting: ((m: ServerMessage) => void)[] = []
  ws.on('message', (data) => {
    const message = JSON.parse(data.toString()) as ServerMessage
    const w = waiting.shift()
    if (w) w(message)
    else inbox.push(message)
  })
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve())
    ws.once('error', reject)
  })
  return { ws, next: () => new Promise((resolve) => (inbox.length ? resolve(inbox.shift()!) : waiting.push(resolve))) }
}

describe('browser host', () => {
  it('serves the renderer on 127.0.0.1 with a strict CSP', async () => {
    expect(host.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
    const res = await get('/')
    expect(res.status).toBe(200)
    expect(res.body).toContain('Chatflow Studio')
    expect(res.headers['content-security-policy']).toContain("script-src 'self'")
  })

  it('refuses requests naming another host (DNS rebinding)', async () => {
    expect((await get('/', { Host: 'evil.example:80' })).status).toBe(421)
  })

  it('answers calls over the socket and broadcasts events', async () => {
    const a = await connect(host.url)
    const b = await connect()
    a.ws.send(JSON.stringify({ type: 'call', id: 1, command: 'flows.create', payload: { name: 'Hello' } }))
    const messages = [await a.next(), await a.next()]
    const result = messages.find((m) => m.type === 'result')
    expect(result).toMatchObject({ type: 'result', id: 1, result: { ok: true, value: { name: 'Hello' } } })
    expect(await b.next()).toMatchObject({ type: 'event', event: 'flows.changed', payload: { kind: 'created' } })
    a.ws.close()
    b.ws.close()
  })

  it('answers unreadable messages with typed errors and keeps serving', async () => {
    const c = await connect()
    c.ws.send('not json')
    expect(await c.next()).toMatchObject({ type: 'error', error: { code: 'bad_request' } })
    c.ws.send(JSON.stringify({ type: 'call', id: 'x' }))
    expect(await c.next()).toMatchObject({ type: 'result', id: 'x', result: { ok: false, error: { code: 'bad_request' } } })
    c.ws.send(JSON.stringify({ type: 'call', id: 2, command: 'flows.rename', payload: { id: 5 } }))
    expect(await c.next()).toMatchObject({ id: 2, result: { ok: false, error: { code: 'bad_request' } } })
    c.ws.send(JSON.stringify({ type: 'call', id: 3, command: 'flows.list', payload: {} }))
    expect(await c.next()).toMatchObject({ id: 3, result: { ok: true, value: [] } })
    c.ws.close()
  })

  it('refuses sockets opened by another site', async () => {
    await expect(connect('http://evil.example')).rejects.toThrow(/403/)
  })
})
