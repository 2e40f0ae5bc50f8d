// A Chat Flow's endpoint round trip (docs/integrations.md, Chat Flow), the pure half: what the studio sends and how a reply
// is read. The encryption and the network are the back end's (electron/services/effects/flow-endpoint.ts).
import { z } from 'zod'

export const FLOW_ENDPOINT_ACTIONS = ['ping', 'INIT', 'data_exchange', 'BACK'] as const
export type FlowEndpointAction = (typeof FLOW_ENDPOINT_ACTIONS)[number]

export const FlowEndpointSchema = z.object({
  url: z
    .string()
    .default('')
    .describe('Data Exchange endpoint (https, or http on this machine for development); empty: none.'),
  publicKey: z
    .string()
    .default('')
    .describe("The endpoint's RSA public key (PEM), used to wrap each request's AES key."),
  plaintext: z
    .boolean()
    .default(false)
    .describe('Local development only: send and read plain JSON, no encryption. The channel always encrypts.'),
})
export type FlowEndpoint = z.infer<typeof FlowEndpointSchema>

export const FlowEndpointRequestSchema = z.object({
  version: z.literal('3.0').default('3.0'),
  action: z.enum(FLOW_ENDPOINT_ACTIONS),
  screen: z.string().max(200).optional(),
  data: z.record(z.string(), z.json()).optional(),
  flow_token: z.string().min(1).max(500),
})

export interface FlowEndpointRequest {
  version: '3.0'
  action: FlowEndpointAction
  screen?: string
  data?: Record<string, unknown>
  flow_token: string
}

/** What the form does next, from one reply. */
export type FlowEndpointReply =
  | { kind: 'screen'; screen: string; data: Record<string, unknown> }
  /** data.error_message: the screen is shown again with the message (a snackbar on the phone). */
  | { kind: 'error_message'; screen: string | null; message: string; data: Record<string, unknown> }
  /** screen SUCCESS: the form closes and these params (flow_token and the fields) arrive as the submission. */
  | { kind: 'complete'; params: Record<string, unknown> }
  /** A health check or an error notification acknowledged. */
  | { kind: 'ack'; data: Record<string, unknown> }

/** One exchange as the author sees it: the reply read, or why there is none. */
export interface EndpointOutcome {
  ok: boolean
  /** HTTP status; 0 when no answer came. */
  status: number
  durationMs: number
  encrypted: boolean
  reply: FlowEndpointReply | null
  error: { code: string; message: string } | null
}

export class EndpointReplyError extends Error {}

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v)

export function readReply(reply: unknown): FlowEndpointReply {
  if (!isObject(reply)) throw new EndpointReplyError('the reply is not a JSON object')
  const data = isObject(reply.data) ? reply.data : {}
  const screen = typeof reply.screen === 'string' && reply.screen ? reply.screen : null
  if (screen === 'SUCCESS') {
    const params = isObject(data.extension_message_response) ? data.extension_message_response.params : undefined
    if (!isObject(params))
      throw new EndpointReplyError('a SUCCESS reply must carry data.extension_message_response.params')
    return { kind: 'complete', params }
  }
  if (typeof data.error_message === 'string' && data.error_message)
    return { kind: 'error_message', screen, message: data.error_message, data }
  if (screen) return { kind: 'screen', screen, data }
  if (data.status === 'active' || data.acknowledged === true) return { kind: 'ack', data }
  throw new EndpointReplyError('the reply names no screen (expected {version, screen, data})')
}

/** Problems of the endpoint settings, for the node's validation and before a request is sent. */
export function endpointProblems(e: FlowEndpoint): string[] {
  const url = e.url.trim()
  if (!url) return []
  const out: string[] = []
  let parsed: URL | null = null
  try {
    parsed = new URL(url)
  } catch {
    out.push(`'${url}' is not a valid endpoint URL.`)
  }
  if (parsed && parsed.protocol !== 'https:' && parsed.protocol !== 'http:')
    out.push('The endpoint URL must be https (or http for a development endpoint).')
  if (!e.plaintext && !/-----BEGIN (RSA )?PUBLIC KEY-----/.test(e.publicKey))
    out.push(
      "The endpoint's public key (PEM, -----BEGIN PUBLIC KEY-----) is needed to encrypt requests; or choose plaintext for a local development endpoint.",
    )
  return out
}
