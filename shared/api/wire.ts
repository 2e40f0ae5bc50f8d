import { z } from 'zod'
import type { ApiError, Result } from './result'

// Messages of the contract over a WebSocket (browser host). Electron's IPC carries the same call/result/event.
export const WIRE_PATH = '/api'

export const ClientMessageSchema = z.object({
  type: z.literal('call'),
  /** Chosen by the client to match the answer; echoed back. */
  id: z.union([z.string().max(100), z.number()]),
  command: z.string().max(200),
  payload: z.unknown(),
})
export type ClientMessage = z.infer<typeof ClientMessageSchema>

export type ServerMessage =
  | { type: 'result'; id: string | number; result: Result<unknown> }
  | { type: 'event'; event: string; payload: unknown }
  /** A message the host could not read at all (not JSON, no id): nothing to answer, so it says so once. */
  | { type: 'error'; error: ApiError }
