import type { Duplex } from 'node:stream'
import { WithPersonError } from '../runs/run-service'
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify'
import type { FlowDocument } from '../../../shared/flow/document'
import { JSON_LIMITS } from '../../../shared/json/bounds'
import { webhookTriggerOf } from '../../../shared/nodes/trigger/kind'
import { WebhookError, fromFramework, internal, missingBody, unauthorized, unsupportedMediaType } from './errors'
import type { RateLimiter } from './rate'
import { problemField, useGuardedJsonParser } from './json-body'
import { capConnections, closeConnectionsWhenDone, fastifyOptions, listenerLimits, type ListenerLimits } from './limits'
import { parseWebhookBody, type WebhookRequest } from './request'
import { readHeader, RequestInputError } from './request-input'
import type { SecretStore } from './secrets'

export const WEBHOOK_PATH = '/chatbot-webhook/:flowId/trigger'
export const MAX_BODY_BYTES = JSON_LIMITS.listenerBodyBytes

/** What a started run answers with. */
export interface WebhookRun {
  runId: string
  /** The run's state after its first step: 'paused' (waiting for the customer), 'ended' or 'failed'. */
  state: string
  contactId: string
  error?: { code: string; message: string } | null
}

/** Starts a run of `flow` for the request's contact (created when new) and returns once it is persisted. */
export type StartWebhookRun = (flow: FlowDocument, request: WebhookRequest) => Promise<WebhookRun>

export interface WebhookAppDeps {
  /** The studio's SecretStore; the headless runtime's store answers asynchronously. */
  secrets: Pick<SecretStore, 'verify'> | { verify(flowId: string, key: string): Promise<boolean> }
  /** The flow as stored now (so edits apply to the next request), or null when it does not exist. */
  findFlow(flowId: string): FlowDocument | null | Promise<FlowDocument | null>
  startRun: StartWebhookRun
  rate: RateLimiter
  log(message: string): void
  /** The headless runtime adds its inbound-message endpoint to the same listener. */
  extend?(app: FastifyInstance): void
  /** Deadlines and connection cap; listenerLimits() (defaults and environment) when absent. */
  limits?: ListenerLimits
}

/**
 * The webhook endpoint. Checks run in this order so that flow ids cannot be probed: key (401, the same for an
 * unknown flow), rate (429), content type (415), size (413), JSON (400), body fields (400), then flow existence
 * (404, only to a caller who holds the flow's secret), active state (409), webhook trigger (409).
 */
export function buildWebhookApp(deps: WebhookAppDeps): FastifyInstance {
  const limits = deps.limits ?? listenerLimits()
  const app = Fastify({
    logger: false,
    bodyLimit: MAX_BODY_BYTES,
    ...fastifyOptions(limits),
    return503OnClosing: true,
    frameworkErrors: (err, req, reply) => void send(reply, fromFramework(err as { code?: string }, bodyLimitOf(req))),
    clientErrorHandler: answerBrokenHttp,
  })
  capConnections(app.server, limits)
  closeConnectionsWhenDone(app)
  app.removeAllContentTypeParsers()
  useGuardedJsonParser(app, (problem) => new WebhookError(400, problem.code, problem.message, problemField(problem)))

  app.setErrorHandler((err: { code?: string; statusCode?: number; message?: string }, req, reply) => {
    const failure =
      err instanceof WebhookError
        ? err
        : err instanceof RequestInputError
          ? new WebhookError(err.status, err.code, err.message)
          : fromFramework(err, bodyLimitOf(req))
    if (failure.status >= 500) deps.log(`webhook request failed: ${err.message ?? String(err)}`)
    return send(reply, failure)
  })
  app.setNotFoundHandler((_req, reply) =>
    send(reply, new WebhookError(404, 'not_found', 'No such endpoint. POST to /chatbot-webhook/<flow_id>/trigger.')),
  )

  const authorize = async (req: FastifyRequest<{ Params: { flowId: string } }>): Promise<void> => {
    const key = readHeader(req.raw, 'x-api-key')
    const flowId = req.params.flowId
    if (key === undefined || key.length > 512 || !(await deps.secrets.verify(flowId, key))) throw unauthorized()
    const decision = deps.rate.take(flowId)
    if (!decision.ok) {
      throw new WebhookError(
        429,
        'rate_limited',
        `Too many requests for this flow; retry in ${decision.retryAfterSeconds} s.`,
        undefined,
        {
          'retry-after': String(decision.retryAfterSeconds),
        },
      )
    }
  }

  app.post<{ Params: { flowId: string } }>(WEBHOOK_PATH, { onRequest: authorize }, async (req, reply) => {
    if (!isJson(readHeader(req.raw, 'content-type', 256))) throw unsupportedMediaType()
    if (req.body === undefined) throw missingBody()
    const request = parseWebhookBody(req.body)
    const flow = await deps.findFlow(req.params.flowId)
    if (!flow)
      throw new WebhookError(
        404,
        'flow_not_found',
        `Flow ${req.params.flowId} does not exist (it may have been deleted).`,
      )
    if (!flow.active) {
      throw new WebhookError(
        409,
        'flow_inactive',
        `Flow "${flow.name}" is inactive. Activate it in the studio to accept webhook requests.`,
      )
    }
    if (!webhookTriggerOf(flow)) {
      throw new WebhookError(409, 'no_webhook_trigger', `Flow "${flow.name}" has no Trigger node of kind webhook.`)
    }
    let run: WebhookRun
    try {
      run = await deps.startRun(flow, request)
    } catch (err) {
      // A person has the contact's conversation (docs/engine.md, rule 16): refused, said so, nothing started.
      if (err instanceof WithPersonError) throw new WebhookError(409, err.code, err.message)
      deps.log(`webhook run of flow ${flow.id} could not start: ${err instanceof Error ? err.message : String(err)}`)
      throw internal()
    }
    const body: Record<string, unknown> = {
      run_id: run.runId,
      state: run.state,
      flow_id: flow.id,
      contact_id: run.contactId,
    }
    if (run.error) body.run_error = run.error
    return reply.code(200).send(body)
  })

  const methodNotAllowed = async (_req: FastifyRequest, reply: FastifyReply) => {
    reply.header('allow', 'POST')
    return send(reply, new WebhookError(405, 'method_not_allowed', 'Use POST for the webhook trigger.'))
  }
  app.route({ method: ['GET', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'], url: WEBHOOK_PATH, handler: methodNotAllowed })
  deps.extend?.(app)
  return app
}

/** The limit of the route the request reached (the channel's webhook takes more than the trigger), else the listener's. */
const bodyLimitOf = (req: FastifyRequest): number => req.routeOptions?.bodyLimit ?? MAX_BODY_BYTES

export function isJson(contentType: string | undefined): boolean {
  return typeof contentType === 'string' && /^application\/json\s*(;|$)/i.test(contentType.trim())
}

/** Requests Node's HTTP parser rejects (garbage, absurd Content-Length, past a deadline) get the same JSON shape, then the socket closes. */
function answerBrokenHttp(err: { code?: string }, socket: Duplex): void {
  if (!socket.writable) return void socket.destroy()
  const [failure, status] =
    err.code === 'HPE_HEADER_OVERFLOW'
      ? [
          new WebhookError(431, 'headers_too_large', 'The request headers are too large.'),
          '431 Request Header Fields Too Large',
        ]
      : err.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [
            new WebhookError(
              408,
              'request_timeout',
              'The request did not arrive in time (see docs/security.md, listener deadlines).',
            ),
            '408 Request Timeout',
          ]
        : [new WebhookError(400, 'malformed_request', 'The request is not well-formed HTTP.'), '400 Bad Request']
  const body = JSON.stringify(failure.body())
  socket.write(
    `HTTP/1.1 ${status}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  )
  // Destroyed, not ended: an ended connection stays open until the client closes its side, which a slow client that
  // never reads never does (as Node's own handler, the small answer is already with the system when this runs).
  socket.destroy()
}

function send(reply: FastifyReply, failure: WebhookError): FastifyReply {
  for (const [name, value] of Object.entries(failure.headers)) reply.header(name, value)
  // A caller without the key gets nothing more from this connection: it cannot be kept to try again and again.
  if (failure.status === 401) reply.header('connection', 'close')
  return reply.code(failure.status).type('application/json; charset=utf-8').send(failure.body())
}
