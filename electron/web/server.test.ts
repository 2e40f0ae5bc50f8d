import fs from 'node:fs'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import type { ServerMessage } from '../../shared/api/wire'
import { startWebHost, type WebHost } from './server'
import { cookieName, TOKEN_FILE } from './session-token'

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

const withToken = (pathname: string) => `${pathname}${pathname.includes('?') ? '&' : '?'}token=${host.token}`
/** What the page's later requests carry once the printed address set the cookie. */
const withCookie = () => ({ cookie: `${cookieName(host.port)}=${host.token}` })

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

/** A socket with the session token in its cookie, as the page opens it (or with `token: null`, none at all). */
async function connect(
  origin?: string,
  token: string | null = host.token,
): Promise<{ ws: WebSocket; next(): Promise<ServerMessage> }> {
  const headers = token === null ? {} : { cookie: `${cookieName(host.port)}=${token}` }
  const ws = new WebSocket(`${host.url.replace('http', 'ws')}/api`, { ...(origin ? { origin } : {}), headers })
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
    expect(host.openUrl).toBe(`${host.url}/?token=${host.token}`)
    const res = await get('/', withCookie())
    expect(res.status).toBe(200)
    expect(res.body).toContain('Chatflow Studio')
    expect(res.headers['content-security-policy']).toContain("script-src 'self'")
  })

  it('refuses requests naming another host (DNS rebinding)', async () => {
    const res = await get('/', { Host: 'evil.example:80' })
    expect(res.status).toBe(421)
    expect(res.headers.connection).toBe('close')
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
    expect(await c.next()).toMatchObject({
      type: 'result',
      id: 'x',
      result: { ok: false, error: { code: 'bad_request' } },
    })
    c.ws.send(JSON.stringify({ type: 'call', id: 2, command: 'flows.rename', payload: { id: 5 } }))
    expect(await c.next()).toMatchObject({ id: 2, result: { ok: false, error: { code: 'bad_request' } } })
    c.ws.send(JSON.stringify({ type: 'call', id: 3, command: 'flows.list', payload: {} }))
    expect(await c.next()).toMatchObject({ id: 3, result: { ok: true, value: [] } })
    c.ws.close()
  })

  // Issue 18: a message nested millions of levels held the back end for seconds while it was parsed; it is now
  // refused from its text. A file over Import's limit closed the socket (its escaped text passed the message limit)
  // and the page said the connection was lost; it now gets the size message `chatflow import` gives.
  it('refuses a message nested millions of levels unparsed, and an import over the size limit with its size', async () => {
    const c = await connect()
    c.ws.send(
      `{"type":"call","id":4,"command":"flows.list","payload":${'['.repeat(2_000_000)}${']'.repeat(2_000_000)}}`,
    )
    expect(await c.next()).toMatchObject({
      type: 'result',
      id: 4,
      result: { ok: false, error: { code: 'bad_request', message: expect.stringMatching(/at most 1000 levels/) } },
    })
    c.ws.send(`{"payload":${'['.repeat(2_000_000)}${']'.repeat(2_000_000)}}`)
    expect(await c.next()).toMatchObject({ type: 'error', error: { code: 'bad_request' } })
    const text = `{"pad":"${'\\"'.repeat(4_700_000)}"}` // 9.4 MB, and twice that once escaped into the message
    c.ws.send(
      JSON.stringify({ type: 'call', id: 5, command: 'transfer.inspect', payload: { fileName: 'big.json', text } }),
    )
    expect(await c.next()).toMatchObject({
      id: 5,
      result: {
        ok: true,
        value: { problems: [{ file: 'big.json', message: 'it is 9 MiB, larger than the 8 MiB a file may be' }] },
      },
    })
    c.ws.close()
  })

  it('refuses sockets opened by another site', async () => {
    await expect(connect('http://evil.example')).rejects.toThrow(/403/)
  })
})

// Issue 18, case 8: the socket obeyed any local program that sent no Origin (it revealed a webhook secret).
describe('session token', () => {
  it('refuses a socket without the token, with no Origin or with our own, and one with a wrong token', async () => {
    await expect(connect(undefined, null)).rejects.toThrow(/401/)
    await expect(connect(host.url, null)).rejects.toThrow(/401/)
    await expect(connect(undefined, host.token.slice(0, -1) + (host.token.endsWith('A') ? 'B' : 'A'))).rejects.toThrow(
      /401/,
    )
    const viaQuery = new WebSocket(`${host.url.replace('http', 'ws')}/api?token=${host.token}`)
    await new Promise<void>((resolve, reject) => {
      viaQuery.once('open', () => resolve())
      viaQuery.once('error', reject)
    })
    viaQuery.close()
  })

  it('refuses the page and every file without the token; the printed address sets it as a cookie for this port', async () => {
    const bare = await get('/')
    expect(bare.status).toBe(401)
    // Another program without the token cannot keep the connection to try again (issue 18, case 5).
    expect(bare.headers.connection).toBe('close')
    expect(bare.body).toMatch(/session token/)
    expect(bare.body).not.toContain(host.token)
    expect((await get('/index.html')).status).toBe(401)
    const opened = await get(withToken('/'))
    expect(opened.status).toBe(303)
    const cookie = String(opened.headers['set-cookie'])
    expect(cookie).toMatch(new RegExp(`^${cookieName(host.port)}=${host.token}; Path=/; HttpOnly; SameSite=Strict`))
    expect((await get('/index.html', { cookie: cookie.split(';')[0]! })).status).toBe(200)
  })

  // Issue 39, item 6: the printed address answered the page itself, so the token stayed in the address bar, the
  // history and the disk cache.
  it('moves the token from the address into the cookie with a 303 to the clean address; nothing is cached', async () => {
    const opened = await get(withToken('/'))
    expect(opened.status).toBe(303)
    expect(opened.headers.location).toBe('/')
    expect(opened.headers['cache-control']).toBe('no-store')
    expect(opened.body).toBe('')
    expect(String(opened.headers['set-cookie'])).toContain(`${cookieName(host.port)}=${host.token};`)
    // Other parts of the address stay; only the token leaves it.
    expect((await get(withToken('/index.html?lang=en'))).headers.location).toBe('/index.html?lang=en')
    const page = await get('/', withCookie())
    expect(page.status).toBe(200)
    expect(page.headers['cache-control']).toBe('no-store')
    expect((await get('/index.html', withCookie())).headers['cache-control']).toBe('no-store')
    // A wrong token in the address sets nothing and goes nowhere.
    const wrong = await get('/?token=nope')
    expect(wrong.status).toBe(401)
    expect(wrong.headers['set-cookie']).toBeUndefined()
    expect(wrong.headers['cache-control']).toBe('no-store')
  })

  it('--new-token replaces the saved token; the old one is refused from then on, and the host says so', async () => {
    const old = host.token
    await host.close()
    const told: string[] = []
    host = await startWebHost({
      dataDir: path.join(dir, 'data'),
      port: 0,
      rendererDir: path.join(dir, 'renderer'),
      log: (m) => told.push(m),
      newToken: true,
    })
    expect(host.token).not.toBe(old)
    expect(host.token).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(fs.readFileSync(path.join(host.backend.dataDir, TOKEN_FILE), 'utf8').trim()).toBe(host.token)
    expect(told).toContainEqual(expect.stringContaining('A new session token replaces the one in'))
    expect((await get('/', { cookie: `${cookieName(host.port)}=${old}` })).status).toBe(401)
    expect((await get('/', withCookie())).status).toBe(200)
  })

  it.runIf(process.platform !== 'win32')(
    'replaces a saved token other users could read, with a notice, and keeps the new one 0600',
    async () => {
      const old = host.token
      const file = path.join(host.backend.dataDir, TOKEN_FILE)
      await host.close()
      fs.chmodSync(file, 0o644)
      const told: string[] = []
      host = await startWebHost({
        dataDir: path.join(dir, 'data'),
        port: 0,
        rendererDir: path.join(dir, 'renderer'),
        log: (m) => told.push(m),
      })
      expect(host.token).not.toBe(old)
      expect((fs.statSync(file).mode & 0o777).toString(8)).toBe('600')
      expect(told).toContainEqual(
        expect.stringMatching(/browser-host\.token could be read by other users of this computer \(mode 644\)/),
      )
    },
  )

  it('keeps the token across a restart on the same data folder (open pages reconnect), readable by its owner only', async () => {
    const token = host.token
    const file = path.join(host.backend.dataDir, TOKEN_FILE)
    if (process.platform !== 'win32') expect(fs.statSync(file).mode & 0o077).toBe(0)
    await host.close()
    host = await startWebHost({
      dataDir: path.join(dir, 'data'),
      port: 0,
      rendererDir: path.join(dir, 'renderer'),
      log: () => {},
    })
    expect(host.token).toBe(token)
  })
})
