// POST /api/v1/inbound on the webhook listener: the channel gateway hands over each customer message here
// (docs/runtime.md). Authenticated with the inbound key as a bearer token, compared in constant time.
import { createHash, timingSafeEqual } from 'node:crypto'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { WebhookError } from '../services/webhook/errors'
import { readHeader } from '../services/webhook/request-input'
import { isJson } from '../services/webhook/server'
import { InboundError, parseInbound } from './inbound'
import type { Runtime } from './runtime'

export const INBOUND_PATH = '/api/v1/inbound'
const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest()

export function inboundRoute(
  runtime: Runtime,
  key: string,
  log: (message: string) => void,
): (app: FastifyInstance) => void {
  const expected = digest(key)
  const authorize = async (req: FastifyRequest) => {
    const header = readHeader(req.raw, 'authorization')
    const given = typeof header === 'string' && /^Bearer /i.test(header) ? header.slice(7).trim() : ''
    if (!given || !timingSafeEqual(digest(given), expected)) {
      throw new WebhookError(
        401,
        'unauthorized',
        'A valid inbound key is required: Authorization: Bearer <key>.',
        undefined,
        {
          'www-authenticate': 'Bearer realm="chatflow-inbound"',
        },
      )
    }
  }
  return (app) => {
    app.post(INBOUND_PATH, { onRequest: authorize }, async (req, reply) => {
      if (!isJson(readHeader(req.raw, 'content-type', 256))) {
        throw new WebhookError(
          415,
          'unsupported_media_type',
          'Send the message as JSON (Content-Type: application/json).',
        )
      }
      let message
      try {
        message = parseInbound(req.body)
      } catch (err) {
        if (err instanceof InboundError) throw new WebhookError(400, err.code, err.message, err.path)
        throw err
      }
      try {
        const answer = await runtime.inbound(message)
        return reply.code(200).send({
          status: answer.status,
          action: answer.action,
          run_id: answer.runId,
          contact_id: answer.contactId,
          ...(answer.status === 'processed' ? { state: answer.state } : {}),
        })
      } catch (err) {
        log(`inbound message ${message.messageId} failed: ${err instanceof Error ? err.message : String(err)}`)
        // A failure the message itself causes would fail again on every delivery: a 4xx, which the gateway does not
        // retry. Anything else rolled back and may pass next time: the gateway should deliver the message again.
        if (causedByInput(err))
          throw new WebhookError(
            422,
            'unprocessable',
            'The message could not be processed and would fail again; nothing was kept.',
          )
        throw new WebhookError(
          503,
          'retry',
          'The message could not be processed; nothing was kept. Deliver it again.',
          undefined,
          { 'retry-after': '1' },
        )
      }
    })
  }
}

/** Failures that depend on the message's content (nesting, size), not on the moment: the stack or SQLite's JSON. */
export function causedByInput(err: unknown): boolean {
  if (err instanceof RangeError) return true
  const e = err as { code?: unknown; message?: unknown }
  if (e.code === 'SQLITE_TOOBIG') return true
  return e.code === 'SQLITE_ERROR' && typeof e.message === 'string' && /malformed JSON|JSON .*too deep/i.test(e.message)
}
