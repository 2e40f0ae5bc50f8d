// A fake OpenAI-compatible chat endpoint on 127.0.0.1 (a real HTTP server on port 0) for the model provider's tests
// and the studio's "Test connection": each request is answered by the test's `reply`, and every request is kept so
// a test can read what the provider sent. `hold` keeps a request unanswered until the test releases it.
import http from 'node:http'
import type { AddressInfo } from 'node:net'

export interface ReceivedRequest {
  method: string
  path: string
  headers: http.IncomingHttpHeaders
  body: unknown
}

export type Reply =
  | { status?: number; json: unknown }
  | { status?: number; text: string }
  /** Never answers: the caller's deadline must end the exchange. */
  | { hold: true }

export interface FakeModelServer {
  /** e.g. http://127.0.0.1:PORT/v1 */
  baseUrl: string
  received: ReceivedRequest[]
  /** How the next requests are answered (the last one set applies to every later request). */
  reply(r: Reply | ((req: ReceivedRequest) => Reply)): void
  /** Resolves when the server has read the n-th request (1-based). */
  arrived(n: number): Promise<void>
  close(): Promise<void>
}

/** A chat completion whose message content is `content` (a JSON answer is passed as its text). */
export function chatAnswer(content: string): { json: unknown } {
  return {
    json: {
      id: 'chatcmpl-1',
      object: 'chat.completion',
      choices: [{ index: 0, message: { role: 'assistant', content } }],
    },
  }
}

export async function startFakeModelServer(): Promise<FakeModelServer> {
  let reply: Reply | ((req: ReceivedRequest) => Reply) = chatAnswer('{}')
  const received: ReceivedRequest[] = []
  const waiters: Array<{ n: number; resolve: () => void }> = []
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8')
      let body: unknown = text
      try {
        body = JSON.parse(text)
      } catch {
        // kept as text
      }
      const got = { method: req.method ?? '', path: req.url ?? '', headers: req.headers, body }
      received.push(got)
      for (const w of waiters.filter((w) => w.n <= received.length)) w.resolve()
      const r = typeof reply === 'function' ? reply(got) : reply
      if ('hold' in r) return
      const isJson = 'json' in r
      res.writeHead(r.status ?? 200, { 'content-type': isJson ? 'application/json' : 'text/plain' })
      res.end(isJson ? JSON.stringify(r.json) : r.text)
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    received,
    reply: (r) => void (reply = r),
    arrived: (n) => (received.length >= n ? Promise.resolve() : new Promise((resolve) => waiters.push({ n, resolve }))),
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
