// Performs one Chat Flow endpoint exchange as the channel would (docs/integrations.md, Chat Flow): the request encrypted with
// a fresh AES key wrapped for the endpoint's public key, a 10 s deadline, the reply decrypted under the inverted IV,
// and the channel's error statuses (421, 427, 432) turned into messages an author can act on. Plaintext mode, for
// local development endpoints only, sends and reads plain JSON.
import { checkJsonBounds } from '../../../shared/json/bounds'
import type { HttpEffect } from '../../../shared/engine/effects'
import { NodeFailure } from '../../../shared/engine/runner'
import {
  EndpointReplyError,
  endpointProblems,
  readReply,
  type EndpointOutcome,
  type FlowEndpoint,
  type FlowEndpointReply,
  type FlowEndpointRequest,
} from '../../../shared/nodes/chat_flow/endpoint'
import { decryptResponse, encryptRequest } from './flow-crypto'

export const ENDPOINT_TIMEOUT_MS = 10_000

export async function exchangeWithEndpoint(
  http: HttpEffect,
  endpoint: FlowEndpoint,
  request: FlowEndpointRequest,
  timeoutMs = ENDPOINT_TIMEOUT_MS,
): Promise<EndpointOutcome> {
  const started = performance.now()
  const encrypted = !endpoint.plaintext
  const done = (status: number, reply: FlowEndpointReply | null, error: EndpointOutcome['error']): EndpointOutcome => ({
    ok: error === null,
    status,
    durationMs: Math.round(performance.now() - started),
    encrypted,
    reply,
    error,
  })
  const problems = endpointProblems(endpoint)
  if (!endpoint.url.trim()) problems.unshift('The node names no endpoint URL.')
  if (problems.length) return done(0, null, { code: 'endpoint_config', message: problems.join(' ') })

  let sealed: ReturnType<typeof encryptRequest> | null = null
  try {
    if (encrypted) sealed = encryptRequest(request, endpoint.publicKey)
  } catch (err) {
    return done(0, null, {
      code: 'endpoint_config',
      message: `The public key cannot encrypt: ${err instanceof Error ? err.message : String(err)}.`,
    })
  }
  let res
  try {
    res = await http.request({
      method: 'POST',
      url: endpoint.url.trim(),
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(sealed ? sealed.body : request),
      timeoutMs,
    })
  } catch (err) {
    if (err instanceof NodeFailure && err.code === 'http_bad_response')
      return done(200, null, {
        code: 'endpoint_bad_response',
        message: `The endpoint's reply cannot be used: ${err.message}`,
      })
    if (err instanceof NodeFailure && err.code === 'http_timeout')
      return done(0, null, {
        code: 'endpoint_timeout',
        message: `The endpoint did not answer within ${timeoutMs / 1000} s; the channel gives up after 10 s and shows the customer an error.`,
      })
    return done(0, null, {
      code: 'endpoint_network',
      message: `The endpoint could not be reached: ${err instanceof Error ? err.message : String(err)}`,
    })
  }
  if (res.status !== 200) return done(res.status, null, statusError(res.status, res.body))
  try {
    const payload: unknown = sealed
      ? decryptResponse(replyText(res.body), sealed.aesKey, sealed.iv)
      : typeof res.body === 'string'
        ? JSON.parse(res.body)
        : res.body
    const bounds = checkJsonBounds(payload)
    if (bounds)
      return done(200, null, {
        code: 'endpoint_bad_response',
        message: `The endpoint's reply cannot be used: ${bounds.message}`,
      })
    return done(200, readReply(payload), null)
  } catch (err) {
    const why =
      err instanceof EndpointReplyError
        ? err.message
        : sealed
          ? `it could not be decrypted with this request's key (${err instanceof Error ? err.message : String(err)})`
          : 'it is not JSON'
    return done(200, null, { code: 'endpoint_bad_response', message: `The endpoint's reply cannot be used: ${why}.` })
  }
}

/** The encrypted reply is base64 text; an endpoint that labels it JSON makes it a JSON string. */
function replyText(body: unknown): string {
  if (typeof body === 'string') return body
  throw new Error('the reply is not base64 text')
}

function statusError(status: number, body: unknown): { code: string; message: string } {
  const detail = (body as { error_msg?: unknown } | null)?.error_msg
  switch (status) {
    case 421:
      return {
        code: 'endpoint_cannot_decrypt',
        message:
          "The endpoint could not decrypt the request (HTTP 421): the node's public key is not the endpoint's current key. The channel would fetch the key again and retry.",
      }
    case 427:
      return {
        code: 'endpoint_flow_token',
        message: `The endpoint refused the flow_token (HTTP 427)${typeof detail === 'string' ? `: ${detail}` : ''}. The channel would close the form and tell the customer it is no longer available.`,
      }
    case 432:
      return {
        code: 'endpoint_signature',
        message:
          'The endpoint could not verify the request signature (HTTP 432). The studio does not sign with your app secret (X-Hub-Signature-256); let the endpoint skip that check for studio tests.',
      }
    default:
      return {
        code: 'endpoint_status',
        message: `The endpoint answered HTTP ${status}; the channel shows the customer an error.`,
      }
  }
}
