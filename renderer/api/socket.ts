import { fail, type Result } from '../../shared/api/result'
import type { ApiBridge } from '../../shared/api/bridge'
import type { ClientMessage, ServerMessage } from '../../shared/api/wire'

export type ConnectionStatus = 'connecting' | 'open' | 'closed'

export interface SocketBridge extends ApiBridge {
  status(): ConnectionStatus
  onStatus(listener: (status: ConnectionStatus) => void): () => void
  /** Told when the host sent something this window could not read, or could not read what this window sent. */
  onProblem(listener: (message: string) => void): () => void
  close(): void
}

const UNREADABLE =
  'The studio sent a message this window could not read, so something on screen may be out of date. ' +
  'Reload the window; if it happens again, restart the studio.'

/**
 * The contract over a WebSocket to the browser host. Calls made while connecting wait for the socket; calls in
 * flight when it drops answer 'disconnected' (the host may have restarted: their effect is unknown). It reconnects
 * on its own with a growing delay, up to two seconds.
 */
export function createSocketBridge(url: string): SocketBridge {
  let socket: WebSocket | undefined
  let state: ConnectionStatus = 'connecting'
  let nextId = 1
  let retryMs = 200
  let stopped = false
  const pending = new Map<number, (result: Result<unknown>) => void>()
  const queue: string[] = []
  const listeners = new Map<string, Set<(payload: unknown) => void>>()
  const statusListeners = new Set<(status: ConnectionStatus) => void>()
  const problemListeners = new Set<(message: string) => void>()
  const problem = (message: string) => {
    for (const l of problemListeners) l(message)
  }

  const setStatus = (next: ConnectionStatus) => {
    state = next
    for (const l of statusListeners) l(next)
  }

  function connect() {
    setStatus('connecting')
    const ws = new WebSocket(url)
    socket = ws
    ws.onopen = () => {
      retryMs = 200
      setStatus('open')
      for (const text of queue.splice(0)) ws.send(text)
    }
    ws.onmessage = (e) => receive(String(e.data))
    ws.onclose = (e) => {
      // 1009: the back end closed the socket on a message larger than it takes (JSON_LIMITS.socketMessageBytes).
      const lost =
        e.code === 1009
          ? fail('too_large', 'That was larger than the studio takes in one request; nothing was changed.')
          : fail('disconnected', 'The connection to the studio was lost before it answered.')
      for (const [id, resolve] of pending) {
        pending.delete(id)
        resolve(lost)
      }
      if (stopped) return setStatus('closed')
      setStatus('closed')
      setTimeout(connect, retryMs)
      retryMs = Math.min(retryMs * 2, 2000)
    }
  }

  // Nothing the host sends is dropped without a word: a frame that is not a message of the contract, or the host's
  // own 'error' frame (it could not read a call, so no answer will name it), is told to the problem listeners.
  function receive(text: string) {
    let message: ServerMessage
    try {
      message = JSON.parse(text) as ServerMessage
    } catch {
      return problem(UNREADABLE)
    }
    if (message?.type === 'result' && typeof message.id === 'number') {
      const resolve = pending.get(message.id)
      pending.delete(message.id)
      resolve?.(isResult(message.result) ? message.result : fail('bad_response', UNREADABLE))
    } else if (message?.type === 'event' && typeof message.event === 'string') {
      for (const l of listeners.get(message.event) ?? []) l(message.payload)
    } else if (message?.type === 'error') {
      const said = typeof message.error?.message === 'string' ? message.error.message : 'no reason given'
      problem(
        `The studio could not read a request from this window (${said}); what you last did may not have happened.`,
      )
    } else {
      problem(UNREADABLE)
    }
  }

  connect()

  return {
    call(command, payload) {
      const id = nextId++
      const message: ClientMessage = { type: 'call', id, command, payload }
      return new Promise((resolve) => {
        // A payload JSON cannot carry (a cycle, a BigInt) is answered here: `call` never throws.
        let text: string
        try {
          text = JSON.stringify(message)
        } catch (err) {
          return resolve(
            fail('bad_request', `${command} could not be sent: ${err instanceof Error ? err.message : String(err)}`),
          )
        }
        pending.set(id, resolve)
        if (socket && socket.readyState === WebSocket.OPEN) socket.send(text)
        else queue.push(text)
      })
    },
    on(event, listener) {
      const set = listeners.get(event) ?? new Set()
      listeners.set(event, set)
      set.add(listener)
      return () => set.delete(listener)
    },
    status: () => state,
    onStatus(listener) {
      statusListeners.add(listener)
      return () => statusListeners.delete(listener)
    },
    onProblem(listener) {
      problemListeners.add(listener)
      return () => problemListeners.delete(listener)
    },
    close() {
      stopped = true
      socket?.close()
    },
  }
}

function isResult(value: unknown): value is Result<unknown> {
  if (typeof value !== 'object' || value === null) return false
  const r = value as { ok?: unknown; error?: { code?: unknown; message?: unknown } }
  return r.ok === true || (r.ok === false && typeof r.error?.code === 'string' && typeof r.error.message === 'string')
}
