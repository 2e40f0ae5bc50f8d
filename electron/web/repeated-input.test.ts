// The browser host reads its token, cookie and Host through the one strict reader (issue 39, item 1): a token,
// cookie or header given twice is refused with 400, on the page and on the socket, instead of taking the first.
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { startWebHost, type WebHost } from './server'
import { cookieName } from './session-token'

let dir: string
let host: WebHost

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'chatflow-web-input-'))
  const rendererDir = path.join(dir, 'renderer')
  fs.mkdirSync(rendererDir)
  fs.writeFileSync(path.join(rendererDir, 'index.html'), '<!doctype html><title>Chatflow Studio</title>')
  host = await startWebHost({ dataDir: path.join(dir, 'data'), port: 0, rendererDir, log: () => {} })
})
afterAll(async () => {
  await host.close()
  fs.rmSync(dir, { recursive: true, force: true })
})

/** Sends exactly these lines (a client library would join or drop repeated headers); answers the status line and body. */
function raw(lines: string[]): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(host.port, '127.0.0.1')
    let text = ''
    socket.on('data', (d: Buffer) => (text += d.toString()))
    socket.on('error', reject)
    socket.on('close', () => resolve({ status: Number(text.split(' ')[1]), body: text.split('\r\n\r\n')[1] ?? '' }))
    socket.write([...lines, 'Connection: close', '', ''].join('\r\n'))
  })
}

it('refuses a repeated token, session cookie or Host with 400 on the page and the socket', async () => {
  const at = `Host: 127.0.0.1:${host.port}`
  const t = host.token
  const cookie = cookieName(host.port)
  expect((await raw([`GET /?token=${t} HTTP/1.1`, at])).status).toBe(303) // the printed address: into the cookie
  const refused = [
    [`GET /?token=${t}&token=${t} HTTP/1.1`, at],
    [`GET / HTTP/1.1`, at, `Cookie: ${cookie}=${t}; ${cookie}=${t}`],
    [`GET /?token=${t} HTTP/1.1`, at, at],
  ]
  for (const lines of refused) {
    const answer = await raw(lines)
    expect(answer.status, lines.join(' | ')).toBe(400)
    expect(answer.body).toMatch(/"code":"repeated_(parameter|header)"/)
  }
  const upgrade = [
    'Upgrade: websocket',
    'Connection: Upgrade',
    'Sec-WebSocket-Version: 13',
    'Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==',
  ]
  expect((await raw([`GET /api?token=${t}&token=${t} HTTP/1.1`, at, ...upgrade])).status).toBe(400)
})
