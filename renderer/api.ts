import type { CommandName, EventName, EventPayload, RequestOf, Result, ResultOf } from '../shared/api'
import type { ApiBridge } from '../shared/api/bridge'
import { WIRE_PATH } from '../shared/api/wire'
import { createSocketBridge, type ConnectionStatus } from './api/socket'

declare global {
  interface Window {
    /** Present only inside Electron, set by the preload. */
    api?: ApiBridge
  }
}

export type { ConnectionStatus }

/** The typed client of the contract. `call` never throws: every answer, errors included, is a Result. */
export interface ApiClient {
  call<C extends CommandName>(command: C, payload: RequestOf<C>): Promise<Result<ResultOf<C>>>
  on<E extends EventName>(event: E, listener: (payload: EventPayload<E>) => void): () => void
  /** 'open' for Electron's IPC; the WebSocket's state in the browser host. */
  onStatus(listener: (status: ConnectionStatus) => void): () => void
  /** Told what went wrong on the way (a message of the host's this window could not read); the socket only. */
  onProblem(listener: (message: string) => void): () => void
  status(): ConnectionStatus
}

export function createApiClient(
  bridge: ApiBridge & Partial<Pick<ApiClient, 'status' | 'onStatus' | 'onProblem'>>,
): ApiClient {
  return {
    call: (command, payload) => bridge.call(command, payload) as never,
    on: (event, listener) => bridge.on(event, listener as (payload: unknown) => void),
    onStatus: (listener) => bridge.onStatus?.(listener) ?? (() => {}),
    onProblem: (listener) => bridge.onProblem?.(listener) ?? (() => {}),
    status: () => bridge.status?.() ?? 'open',
  }
}

function chooseBridge(): ApiBridge {
  if (window.api) return window.api
  const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:'
  return createSocketBridge(`${scheme}//${location.host}${WIRE_PATH}`)
}

let client: ApiClient | undefined

/** The studio's client, created on first use: Electron's preload bridge when present, else the browser host's socket. */
export function getApi(): ApiClient {
  client ??= createApiClient(chooseBridge())
  return client
}

export const api: ApiClient = {
  call: (command, payload) => getApi().call(command, payload),
  on: (event, listener) => getApi().on(event, listener),
  onStatus: (listener) => getApi().onStatus(listener),
  onProblem: (listener) => getApi().onProblem(listener),
  status: () => getApi().status(),
}
