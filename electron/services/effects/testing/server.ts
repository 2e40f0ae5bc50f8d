// A real HTTP server on 127.0.0.1 for the integration tests and the benchmark: each route is one behaviour an
// HTTP Call must handle (JSON, text, error statuses, a server that never answers, oversized bodies, redirects).
import http from 'node:http'
import type { AddressInfo } from 'node:net'

export interface TestServer {
  base: string
  close(): Promise<void>
}

export async function startTestServer(): Promise<TestServer> {
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => route(req, res, Buffer.concat(chunks).toString('utf8')))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    base: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

function json(res: http.ServerResponse, status: number, value: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json', 'x-test': 'yes' })
  res.end(JSON.stringify(value))
}

function route(req: http.IncomingMessage, res: http.ServerResponse, body: string): void {
  const url = new URL(req.url ?? '/', 'http://127.0.0.1')
  const p = url.pathname
  if (p === '/orders/A1') return json(res, 200, { order: { id: 'A1', status: 'shipped', total: 42.5 } })
  if (p.startsWith('/orders/')) return json(res, 404, { error: 'order not found' })
  if (p === '/echo') {
    return json(res, 200, {
      method: req.method,
      path: p,
      query: Object.fromEntries(url.searchParams),
      rawUrl: req.url,
      headers: req.headers,
      body,
    })
  }
  if (p === '/fail') {
    res.writeHead(500, { 'content-type': 'text/plain' })
    return void res.end('internal trouble')
  }
  if (p === '/text') {
    res.writeHead(200, { 'content-type': 'text/plain' })
    return void res.end('plain hello')
  }
  if (p === '/bad-json') {
    res.writeHead(200, { 'content-type': 'application/json' })
    return void res.end('{"not": json')
  }
  if (p === '/deep-json') {
    res.writeHead(200, { 'content-type': 'application/json' })
    return void res.end('{"a":'.repeat(5000) + '1' + '}'.repeat(5000))
  }
  if (p === '/slow') return // never answers: the caller's deadline must end the exchange
  if (p === '/big') {
    // Streamed without Content-Length: only counting while reading can stop it.
    res.writeHead(200, { 'content-type': 'text/plain' })
    const chunk = 'x'.repeat(64 * 1024)
    let sent = 0
    const push = () => {
      while (sent < 64 && res.write(chunk)) sent++
      if (sent >= 64) res.end()
      else res.once('drain', push)
    }
    return push()
  }
  if (p === '/big-declared') {
    res.writeHead(200, { 'content-type': 'text/plain', 'content-length': String(50 * 1024 * 1024) })
    return void res.write('x')
  }
  const media = /^\/media\/(.+)$/.exec(p)
  if (media) return serveMedia(req, res, media[1]!)
  const hop = /^\/hop\/(\d+)$/.exec(p)
  if (hop) {
    const n = Number(hop[1])
    res.writeHead(302, { location: n > 0 ? `/hop/${n - 1}` : '/orders/A1' })
    return void res.end()
  }
  if (p === '/see-other') {
    res.writeHead(303, { location: '/echo' })
    return void res.end()
  }
  if (p === '/keep-method') {
    res.writeHead(307, { location: '/echo' })
    return void res.end()
  }
  json(res, 404, { error: `no route ${p}` })
}

/** Media links as the channel would fetch them: type and size declared, HEAD answered without a body. */
const MEDIA: Record<string, { type: string; bytes: number }> = {
  'photo.jpg': { type: 'image/jpeg', bytes: 2048 },
  'big.png': { type: 'image/png', bytes: 6 * 1024 * 1024 },
  anim: { type: 'image/gif', bytes: 4096 },
  'report.pdf': { type: 'application/pdf', bytes: 50_000 },
  'clip.mp4': { type: 'video/mp4', bytes: 1_000_000 },
}

function serveMedia(req: http.IncomingMessage, res: http.ServerResponse, name: string): void {
  const m = MEDIA[name]
  if (!m) return json(res, 404, { error: 'no such file' })
  if (req.method === 'HEAD') {
    res.writeHead(200, { 'content-type': m.type, 'content-length': String(m.bytes) })
    return void res.end()
  }
  res.writeHead(200, { 'content-type': m.type })
  res.end('media bytes')
}
