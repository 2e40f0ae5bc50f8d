// Issue 18, case 5: slow clients used to hold the listener's connections for ever (no request deadline, a 401 kept
// the connection open). Deadlines are shortened here through their environment variables so the test is quick.
import net from 'node:net'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { startTestListener, type TestListener } from './testing/support'

const LIMITS = {
  CHATFLOW_HEADERS_TIMEOUT_MS: '600',
  CHATFLOW_REQUEST_TIMEOUT_MS: '3000',
  CHATFLOW_MAX_CONNECTIONS: '300',
}
let t: TestListener
let flow: { id: string; secret: string; endpoint: string }
let port: number

beforeAll(async () => {
  Object.assign(process.env, LIMITS)
  t = await startTestListener(() => async () => ({ runId: 'run_slow', state: 'ended', contactId: 'ct' }), {
    ratePerSecond: 100_000,
    burst: 100_000,
  })
  flow = t.webhookFlow()
  port = Number(new URL(t.url).port)
})
afterAll(async () => {
  for (const k of Object.keys(LIMITS)) delete process.env[k]
  await t.close()
})

interface Raw {
  socket: net.Socket
  /** Everything received so far. */
  text(): string
  /** Resolves with the milliseconds from connecting to the server closing the connection. */
  closed: Promise<number>
}

/** `reads: false` is a client that never reads what it is sent (so never sees the server's end of the connection). */
function open(first: string, trickle?: string, reads = true): Raw {
  const socket = net.connect(port, '127.0.0.1')
  const started = Date.now()
  let received = ''
  let timer: NodeJS.Timeout | undefined
  if (reads) socket.on('data', (d) => (received += d.toString()))
  socket.on('error', () => undefined)
  socket.on('connect', () => {
    socket.write(first)
    if (trickle) timer = setInterval(() => socket.writable && socket.write(trickle), 100)
  })
  const closed = new Promise<number>((resolve) =>
    socket.on('close', () => {
      clearInterval(timer)
      resolve(Date.now() - started)
    }),
  )
  return { socket, text: () => received, closed }
}

/** A hang guard, far from every deadline above: what each test proves is an order of events or what was answered. */
const HANG_MS = 15_000
const within = <T>(p: Promise<T>, ms: number) =>
  Promise.race([p, new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`not within ${ms} ms`)), ms))])

async function validRequest(): Promise<{ status: number; ms: number }> {
  const t0 = Date.now()
  const res = await fetch(flow.endpoint, {
    method: 'POST',
    headers: { 'x-api-key': flow.secret, 'content-type': 'application/json' },
    body: '{"phone_number":"+919800000001"}',
  })
  return { status: res.status, ms: Date.now() - t0 }
}

it('closes the connection after a wrong key, even when the client asked to keep it', async () => {
  const raw = open(
    `POST /chatbot-webhook/${flow.id}/trigger HTTP/1.1\r\nHost: x\r\nConnection: keep-alive\r\nx-api-key: wrong\r\ncontent-type: application/json\r\ncontent-length: 2\r\n\r\n{}`,
  )
  // Kept alive, it would stay open for the keep-alive deadline (65 s): closing well inside that is the fix.
  await within(raw.closed, HANG_MS)
  expect(raw.text()).toMatch(/^HTTP\/1\.1 401 /)
  expect(raw.text()).toMatch(/\r\nconnection: close\r\n/i)
})

it('closes a wrong-key request whose body trickles without waiting for the body', async () => {
  const raw = open(
    `POST /chatbot-webhook/${flow.id}/trigger HTTP/1.1\r\nHost: x\r\nx-api-key: wrong\r\ncontent-type: application/json\r\ncontent-length: 100000\r\n\r\n`,
    '{',
  )
  // Waiting for the body would end at the request deadline with a 408; the 401 says it did not wait.
  await within(raw.closed, HANG_MS)
  expect(raw.text()).toMatch(/^HTTP\/1\.1 401 /)
})

it('drops 250 trickling connections at their deadlines while valid requests are answered promptly', async () => {
  const headers = Array.from({ length: 125 }, () =>
    open('POST /chatbot-webhook/x/trigger HTTP/1.1\r\nHost: x\r\n', 'X-Slow: 1\r\n'),
  )
  const bodies = Array.from({ length: 125 }, () =>
    open(
      `POST /chatbot-webhook/${flow.id}/trigger HTTP/1.1\r\nHost: x\r\nx-api-key: ${flow.secret}\r\ncontent-type: application/json\r\ncontent-length: 60000\r\n\r\n`,
      '{',
    ),
  )
  const silent = Array.from({ length: 20 }, () => open(''))
  await new Promise((r) => setTimeout(r, 200))
  // Promptly means while the trickling requests are still held, not after their deadline freed the listener: an
  // order of events rather than a time, which a busy machine cannot turn into a false failure.
  for (let i = 0; i < 3; i++) {
    const answer = await validRequest()
    expect(answer.status).toBe(200)
    expect(bodies.filter((b) => b.socket.destroyed)).toHaveLength(0)
  }
  // Header deadline 600 ms, request deadline 3000 ms: every header trickler is dropped before any body trickler (an
  // order a busy machine keeps), and no body trickler before its deadline.
  const headerTimes = await within(Promise.all(headers.map((r) => r.closed)), HANG_MS)
  const bodyTimes = await within(Promise.all(bodies.map((r) => r.closed)), HANG_MS)
  await within(Promise.all(silent.map((r) => r.closed)), HANG_MS)
  expect(Math.max(...headerTimes)).toBeLessThan(Math.min(...bodyTimes))
  expect(Math.min(...bodyTimes)).toBeGreaterThanOrEqual(2900)
  expect(bodies[0]!.text()).toMatch(/^HTTP\/1\.1 408 /)
  expect((await validRequest()).status).toBe(200)
})

it('drops trickling connections at their deadline even when the client never reads', async () => {
  // Before, the 408 was written and the connection only half-closed: it ended when the client read that and closed
  // its side, which a slowloris never does, so such connections stayed open until the cap turned everyone away.
  const slow = Array.from({ length: 20 }, () => open('GET /', 'a', false))
  await within(Promise.all(slow.map((r) => r.closed)), HANG_MS)
  expect((await validRequest()).status).toBe(200)
})

it('closes connections beyond the cap at once and serves again when they go', async () => {
  const held = Array.from({ length: 300 }, () =>
    open('POST /chatbot-webhook/x/trigger HTTP/1.1\r\nHost: x\r\n', 'X-Slow: 1\r\n'),
  )
  await new Promise((r) => setTimeout(r, 300))
  const over = open('GET / HTTP/1.1\r\nHost: x\r\n\r\n')
  // Closed unanswered: a connection let in would be served once the held ones go, and its text would say so.
  await within(over.closed, HANG_MS)
  expect(over.text()).toBe('')
  await within(Promise.all(held.map((r) => r.closed)), HANG_MS)
  expect((await validRequest()).status).toBe(200)
})
