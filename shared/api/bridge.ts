import type { Result } from './result'

/**
 * What the Electron preload exposes as `window.api` and what the WebSocket client implements: the contract's two
 * verbs, untyped at the boundary (the typed client in renderer/api.ts wraps it). Nothing else crosses.
 */
export interface ApiBridge {
  call(command: string, payload: unknown): Promise<Result<unknown>>
  /** Returns a function that unsubscribes. */
  on(event: string, listener: (payload: unknown) => void): () => void
}

/** IPC channel names shared by electron/main and electron/preload. */
export const IPC_CALL = 'chatflow:call'
export const IPC_EVENT = 'chatflow:event'
