import http from 'node:http'
import { WebSocketServer, type WebSocket } from 'ws'
import { ClientMessageSchema, type ServerMessage } from '../../shared/api/wire'
import { fail } from '../../shared/api/result'
import type { Backend } from '../studio/backend'
import { JSON_LIMITS } from '../../shared/json/bounds'
import { checkJsonTextDepth } from '../../shared/json/text-depth'
import { readHeader, RequestInputError } from '../services/webhook/request-input'

export interface SocketOptions {
  path: string
  allowOrigin(origin: string | undefined): boolean
  allowHost(host: string | undefined): boolean
  /** The session token (cookie or `?token=`), required even when no Origin is sent: any local program can connect. */
  allowSession(req: http.IncomingMessage): boolean
}

/**
 * Nesting a message may have before it is parsed at all. Parsing millions of nested arrays holds the back end for
 * seconds; the page never sends more than the guard's 64 levels (the back end refuses deeper payloads by their
 * path), so anything past this is not the page.
 */
const MAX_MESSAGE_DEPTH = 1000

/** The id of a call as the page writes it (`{"type":"call","id":…`), read without parsing the rest. */
const CALL_ID = /^\s*\{\s*"type"\s*:\s*"call"\s*,\s*"id"\s*:\s*(\d{1,15}|"[^"\\]{0,100}")/

/**
 * Carries the contract over WebSockets: each 'call' gets one 'result' with the same id; every back-end event goes
 * to every socket. Anything unreadable gets a typed error back; the socket and the back end stay up.
 */
export function attachSocket(server: http.Server, backend: Backend, options: SocketOptions): { close(): void } {
  const wss = new WebSocketServer({ noServer: true, maxPayload: JSON_LIMITS.socketMessageBytes })

  server.on('upgrade', (req, socket, head) => {
    try {
      const pathname = new URL(req.url ?? '/', 'http://localhost').pathname
      const host = readHeader(req, 'host')
      if (pathname !== options.path || !options.allowHost(host) || !options.allowOrigin(readHeader(req, 'origin'))) {
        socket.end('HTTP/1.1 403 Forbidden\r\nConnection: close\r\n\r\n')
        return
      }
      if (!options.allowSession(req)) {
        socket.end('HTTP/1.1 401 Unauthorized\r\nConnection: close\r\n\r\n')
        return
      }
    } catch (err) {
      // A header or the token given twice, or too long (request-input.ts).
      if (!(err instanceof RequestInputError)) throw err
      socket.end(`HTTP/1.1 ${err.status} ${http.STATUS_CODES[err.status]}\r\nConnection: close\r\n\r\n`)
      return
    }
    wss.handleUpgrade(req, socket, head, (ws) => serveClient(ws, backend))
  })

  return {
    close() {
      for (const client of wss.clients) client.terminate()
      wss.close()
    },
  }
}

function serveClient(ws: WebSocket, backend: Backend): void {
  const send = (message: ServerMessage) => {
    if (ws.readyState === ws.OPEN) ws.send(JSON.stringify(message))
  }
  const unsubscribe = backend.onAny((event, payload) => send({ type: 'event', event, payload }))
  ws.on('close', unsubscribe)
  ws.on('error', () => ws.terminate())

  ws.on('message', (data) => {
    const text = data.toString()
    if (checkJsonTextDepth(text, MAX_MESSAGE_DEPTH)) {
      // Still answered by its id when it starts as the page writes calls, so the caller is not left waiting.
      const error = fail('bad_request', `A message to the studio may nest at most ${MAX_MESSAGE_DEPTH} levels.`)
      const id = CALL_ID.exec(text.slice(0, 200))?.[1]
      if (id !== undefined) send({ type: 'result', id: JSON.parse(id) as string | number, result: error })
      else if (!error.ok) send({ type: 'error', error: error.error })
      return
    }
    let raw: unknown
    try {
      raw = JSON.parse(text)
    } catch {
      send({ type: 'error', error: { code: 'bad_request', message: 'A message to the studio must be JSON.' } })
      return
    }
    const parsed = ClientMessageSchema.safeParse(raw)
    if (!parsed.success) {
      const id = (raw as { id?: unknown } | null)?.id
      const error = fail('bad_request', 'A call needs {type:"call", id, command, payload}.')
      if (typeof id === 'string' || typeof id === 'number') send({ type: 'result', id, result: error })
      else if (!error.ok) send({ type: 'error', error: error.error })
      return
    }
    const { id, command, payload } = parsed.data
    backend.call(command, payload).then(
      (result) => send({ type: 'result', id, result }),
      (err: unknown) => send({ type: 'result', id, result: fail('internal', String(err)) }),
    )
  })
}
