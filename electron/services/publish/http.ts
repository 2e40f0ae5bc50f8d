// The publish API of the headless runtime (docs/publish-api.md), over the back end's publish.* commands.
// Only a caller holding the publish key gets past the first check; the key is compared in constant time.
import { createHash, timingSafeEqual } from 'node:crypto'
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify'
import type { PublishedVersion } from '../../../shared/api/commands/publish'
import type { Result } from '../../../shared/api'
import { JSON_LIMITS, type JsonBoundsProblem } from '../../../shared/json/bounds'
import { describeLimit } from '../webhook/errors'
import { useGuardedJsonParser } from '../webhook/json-body'
import { capConnections, closeConnectionsWhenDone, fastifyOptions, listenerLimits } from '../webhook/limits'
import { readHeader, RequestInputError } from '../webhook/request-input'
import type { LogSource } from '../logs/source'
import { logRoutes } from './logs-routes'
import type { TrafficSource } from '../traffic/source'
import { trafficRoutes } from './traffic-routes'

class BoundsError extends Error {
  constructor(readonly problem: JsonBoundsProblem) {
    super(problem.message)
  }
}

export const PUBLISH_BODY_LIMIT = JSON_LIMITS.publishBodyBytes
const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest()

const STATUS: Record<string, number> = {
  bad_request: 400,
  invalid_flow: 422,
  callee_missing: 422,
  call_cycle: 422,
  invalid_call: 422,
  not_found: 404,
  conflict: 409,
  unavailable: 503,
}

function fail(reply: FastifyReply, status: number, code: string, message: string, issues?: unknown): FastifyReply {
  return reply
    .code(status)
    .type('application/json; charset=utf-8')
    .send({ error: { code, message, ...(issues ? { issues } : {}) } })
}

/** What the publish API drives: the studio back end's publish.* commands, or the headless runtime's store. */
export interface PublishTarget {
  /**
   * `library` is the body's unchecked `library` (templates and products the flow uses), `dependencies` its unchecked
   * `dependencies` (the documents of the flows it calls); each undefined when absent.
   */
  receive(document: unknown, library?: unknown, dependencies?: unknown): Promise<Result<PublishedVersion>>
  versions(flowId: string): Promise<Result<PublishedVersion[]>>
  rollback(flowId: string, version: number): Promise<Result<PublishedVersion>>
  /** The runtime only: creates (or with `rotate`, replaces) a flow's webhook secret and returns it once. */
  webhookSecret?(flowId: string, rotate: boolean): Promise<Result<{ flowId: string; secret: string }>>
  /** The runtime only: its Flow Logs, delivery states included (logs-routes.ts). */
  logs?: LogSource
  /** The runtime only: its traffic aggregates, overlay and funnel (traffic-routes.ts). */
  traffic?: TrafficSource
  /** The runtime only: more routes behind the same key (electron/runtime/run-control.ts: wake or cancel a run). */
  extend?: (app: FastifyInstance) => void
}

export function buildPublishApp(target: PublishTarget, key: string): FastifyInstance {
  const expected = digest(key)
  const limits = listenerLimits()
  const app = Fastify({
    logger: false,
    bodyLimit: PUBLISH_BODY_LIMIT,
    return503OnClosing: true,
    ...fastifyOptions(limits),
  })
  capConnections(app.server, limits)
  closeConnectionsWhenDone(app)

  app.addHook('onRequest', async (req: FastifyRequest, reply: FastifyReply) => {
    const header = readHeader(req.raw, 'authorization')
    const given = typeof header === 'string' && /^Bearer /i.test(header) ? header.slice(7).trim() : ''
    // Digests have one length whatever was sent, so neither the key's length nor a matching prefix leaks.
    if (!given || !timingSafeEqual(digest(given), expected)) {
      reply.header('www-authenticate', 'Bearer realm="chatflow-publish"')
      reply.header('connection', 'close')
      return fail(reply, 401, 'unauthorized', 'A valid publish key is required: Authorization: Bearer <key>.')
    }
  })
  useGuardedJsonParser(app, (problem) => new BoundsError(problem))
  app.setErrorHandler((err: { statusCode?: number; code?: string; message: string }, _req, reply) => {
    if (err instanceof BoundsError) return fail(reply, 400, err.problem.code, `The body, ${err.problem.message}`)
    if (err instanceof RequestInputError) return fail(reply, err.status, err.code, err.message)
    const status = err.statusCode && err.statusCode < 500 ? err.statusCode : 500
    // A 413 names the limit that refused the body, from the constant that enforces it.
    if (status === 413)
      return fail(reply, 413, 'too_large', `The request body is larger than ${describeLimit(PUBLISH_BODY_LIMIT)}.`)
    return fail(
      reply,
      status,
      status < 500 ? 'bad_request' : 'internal',
      status < 500 ? err.message : 'The runtime failed.',
    )
  })
  app.setNotFoundHandler((_req, reply) => fail(reply, 404, 'not_found', 'No such endpoint; see docs/publish-api.md.'))

  const answer = async <T>(
    reply: FastifyReply,
    call: Promise<{ ok: true; value: T } | { ok: false; error: { code: string; message: string; issues?: unknown } }>,
    status = 200,
  ) => {
    const result = await call
    if (result.ok) return reply.code(status).send(result.value)
    return fail(reply, STATUS[result.error.code] ?? 500, result.error.code, result.error.message, result.error.issues)
  }

  app.post<{
    Params: { id: string }
    Body: { document?: { id?: unknown }; library?: unknown; dependencies?: unknown }
  }>('/api/v1/flows/:id/versions', async (req, reply) => {
    const document = req.body?.document
    if (!document || typeof document !== 'object')
      return fail(
        reply,
        400,
        'bad_request',
        'The body must be {"document": <flow document>, "dependencies"?: [<flow document>…], "library"?: {templates, catalog}}.',
      )
    if (document.id !== req.params.id)
      return fail(reply, 400, 'id_mismatch', `The document's id is not ${req.params.id}.`)
    return answer(reply, target.receive(document, req.body?.library, req.body?.dependencies), 201)
  })
  app.get<{ Params: { id: string } }>('/api/v1/flows/:id/versions', async (req, reply) => {
    const result = await target.versions(req.params.id)
    if (result.ok) return reply.send({ versions: result.value })
    return fail(reply, STATUS[result.error.code] ?? 500, result.error.code, result.error.message)
  })
  app.post<{ Params: { id: string }; Body: { version?: unknown } }>(
    '/api/v1/flows/:id/rollback',
    async (req, reply) => {
      const version = req.body?.version
      if (typeof version !== 'number') return fail(reply, 400, 'bad_request', 'The body must be {"version": <number>}.')
      return answer(reply, target.rollback(req.params.id, version))
    },
  )
  app.post<{ Params: { id: string }; Body: { rotate?: unknown } | undefined }>(
    '/api/v1/flows/:id/webhook-secret',
    async (req, reply) => {
      if (!target.webhookSecret)
        return fail(reply, 404, 'not_found', 'This server keeps webhook secrets itself; see docs/publish-api.md.')
      const rotate = req.body?.rotate ?? false
      if (typeof rotate !== 'boolean')
        return fail(reply, 400, 'bad_request', 'The body must be {} or {"rotate": true}.')
      return answer(reply, target.webhookSecret(req.params.id, rotate))
    },
  )
  if (target.logs) logRoutes(app, target.logs)
  if (target.traffic) trafficRoutes(app, target.traffic)
  target.extend?.(app)
  return app
}
