import { fail, type Result } from '../../shared/api/result'
import type { ApiBridge } from '../../shared/api/bridge'
import type { ClientMessage, ServerMessage } from '../../shared/api/wire'

export type ConnectionStatus = 'connecting' | 'open' | 'closed'

export interface SocketBridge extends ApiBridge {
  status(): ConnectionStatus
  onStatus(listener: (status: ConnectionStatus) => void): () => void
  close(): void
}

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
  const queue: ClientMessage[] = []
  const listeners = new Map<string, Set<(payload: unknown) => void>>()
  const statusListeners = new Set<(status: ConnectionStatus) => void>()

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
      for (const message of queue.splice(0)) ws.send(JSON.stringify(message))
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

  function receive(text: string) {
    let message: ServerMessage
    try {
      message = JSON.parse(text) as ServerMessage
    } catch {
      return
    }
    if (message.type === 'result' && typeof message.id === 'number') {
      pending.get(message.id)?.(message.result)
      pending.delete(message.id)
    } else if (message.type === 'event') {
      for (const l of listeners.get(message.event) ?? []) l(message.payload)
    }
  }

  connect()

  return {
    call(command, payload) {
      const id = nextId++
      const message: ClientMessage = { type: 'call', id, command, payload }
      return new Promise((resolve) => {
        pending.set(id, resolve)
        if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message))
        else queue.push(message)
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
    close() {
      stopped = true
      socket?.close()
    },
  }
}
