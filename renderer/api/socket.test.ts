import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { WebSocket, WebSocketServer, type WebSocket as ServerSocket } from 'ws'
import { createSocketBridge, type SocketBridge } from './socket'

// The client against a real WebSocket server on loopback that answers as a broken or confused host would. Node 20
// has no WebSocket of its own; `ws`'s client implements the same browser API the bridge uses.
globalThis.WebSocket ??= WebSocket as unknown as typeof globalThis.WebSocket

const until = async (check: () => boolean) => {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((r) => setTimeout(r, 10))
}

let server: WebSocketServer
let bridge: SocketBridge
let peer: Promise<ServerSocket>
const problems: string[] = []

beforeEach(async () => {
  server = new WebSocketServer({ host: '127.0.0.1', port: 0 })
  await new Promise((resolve) => server.once('listening', resolve))
  peer = new Promise((resolve) => server.once('connection', resolve))
  const { port } = server.address() as { port: number }
  problems.length = 0
  bridge = createSocketBridge(`ws://127.0.0.1:${port}/api`)
  bridge.onProblem((m) => problems.push(m))
  // Open before each test: `ws`, unlike a browser, throws when closed while connecting.
  await until(() => bridge.status() === 'open')
})
afterEach(async () => {
  bridge.close()
  await new Promise((resolve) => server.close(resolve))
})

/** The next call the client sends, as the server received it. */
const nextCall = (ws: ServerSocket) =>
  new Promise<{ id: number; command: string }>((resolve) =>
    ws.once('message', (data) => resolve(JSON.parse(String(data)))),
  )

describe('socket client: nothing the host sends is dropped without a word', () => {
  it('reports a frame that is not JSON, and one that is no message of the contract', async () => {
    const ws = await peer
    ws.send('<html>502 Bad Gateway</html>')
    ws.send(JSON.stringify({ type: 'surprise' }))
    await until(() => problems.length === 2)
    expect(problems).toHaveLength(2)
    expect(problems[0]).toMatch(/could not read, so something on screen may be out of date/)
  })

  it("reports the host's error frame with its reason", async () => {
    const ws = await peer
    ws.send(
      JSON.stringify({
        type: 'error',
        error: { code: 'bad_request', message: 'A message to the studio must be JSON.' },
      }),
    )
    await until(() => problems.length === 1)
    expect(problems).toEqual([
      'The studio could not read a request from this window (A message to the studio must be JSON.); what you last did may not have happened.',
    ])
  })

  it('answers a call whose result is not a Result with a failure, not a value', async () => {
    const ws = await peer
    const answer = bridge.call('flows.list', {})
    const call = await nextCall(ws)
    ws.send(JSON.stringify({ type: 'result', id: call.id, result: { flows: [] } }))
    expect(await answer).toMatchObject({ ok: false, error: { code: 'bad_response' } })
    const good = bridge.call('flows.list', {})
    ws.send(JSON.stringify({ type: 'result', id: (await nextCall(ws)).id, result: { ok: true, value: [] } }))
    expect(await good).toEqual({ ok: true, value: [] })
  })

  it('answers a payload JSON cannot carry instead of throwing', async () => {
    await peer
    const answer = await bridge.call('settings.set', { key: 'x', value: 10n })
    expect(answer).toMatchObject({ ok: false, error: { code: 'bad_request' } })
    expect(!answer.ok && answer.error.message).toMatch(/settings\.set could not be sent: .*BigInt/)
  })

  it('answers calls in flight when the connection drops', async () => {
    const ws = await peer
    const answer = bridge.call('flows.list', {})
    await nextCall(ws)
    ws.terminate()
    expect(await answer).toMatchObject({ ok: false, error: { code: 'disconnected' } })
    await until(() => bridge.status() === 'open')
    expect(bridge.status()).toBe('open')
  })
})
