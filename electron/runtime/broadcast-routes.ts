// Broadcasts and the contacts import on the publish API (docs/publish-api.md, "Broadcasts"), behind the publish key
// (the app's first hook answers 401 before any of these runs). Every body and query is read by one strict zod
// schema; a failure answers a stable code and a sentence. The planning is electron/services/audience/plan.ts, the
// engine electron/services/broadcast (BroadcastService).
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { z } from 'zod'
import {
  BroadcastSpecSchema,
  readContactsCsv,
  RECIPIENT_STATES,
  resultsCsv,
  resultsFileName,
  type RecipientState,
} from '../../shared/broadcast'
import { planBroadcast, type PlanHost } from '../services/audience/plan'
import { allRecipients } from '../services/audience/pages'
import type { BroadcastService } from '../services/broadcast/service'
import { ApiFailure } from '../services/failure'
import { readQuery } from '../services/webhook/request-input'
import { describeLimit } from '../services/webhook/errors'
import type { Runtime } from './runtime'

export interface BroadcastRouteDeps {
  plan: PlanHost
  service: BroadcastService
}

/**
 * The most a body of these routes may be: a CSV import, or a spec carrying 100,000 contacts with their fields (over
 * the publish API's 8 MiB for flows).
 */
export const IMPORT_BODY_LIMIT = 32 * 1024 * 1024

const STATUS: Record<string, number> = {
  bad_request: 400,
  bad_file: 400,
  no_phone_column: 400,
  not_found: 404,
  not_paused: 409,
  broadcast_finished: 409,
  invalid_schedule: 422,
  no_trigger: 422,
  no_recipients: 422,
  too_many_recipients: 422,
}

const ID = z.string().regex(/^[^\s/]{1,200}$/, 'A broadcast id is 1 to 200 characters without spaces or slashes.')
const Empty = z.union([z.undefined(), z.null(), z.object({}).strict()])
const ListQuery = z.object({ limit: z.coerce.number().int().min(1).max(500).default(100) }).strict()
const RecipientsQuery = z
  .object({
    state: z.enum(RECIPIENT_STATES as [RecipientState, ...RecipientState[]]).optional(),
    after: z.coerce.number().int().min(0).optional(),
    limit: z.coerce.number().int().min(1).max(500).default(100),
  })
  .strict()
const ImportQuery = z
  .object({
    defaultCountry: z
      .string()
      .regex(/^[A-Z]{2}$/, 'A two-letter country code, e.g. GB.')
      .optional(),
  })
  .strict()

function send(reply: FastifyReply, err: unknown) {
  if (!(err instanceof ApiFailure)) throw err
  return reply
    .code(STATUS[err.code] ?? 400)
    .send({ error: { code: err.code, message: err.message, ...(err.issues ? { issues: err.issues } : {}) } })
}

function read<T>(schema: z.ZodType<T>, value: unknown, what: string): T {
  const r = schema.safeParse(value)
  if (r.success) return r.data
  const first = r.error.issues[0]!
  throw new ApiFailure(
    'bad_request',
    `Bad ${what}: ${first.path.length ? `${first.path.join('.')}: ` : ''}${first.message}`,
    r.error.issues.map((i) => ({ path: i.path.map(String), message: i.message })),
  )
}

export function broadcastRoutes(deps: BroadcastRouteDeps): (app: FastifyInstance) => void {
  const { plan, service } = deps
  return (app) => {
    app.addContentTypeParser('text/csv', { parseAs: 'string', bodyLimit: IMPORT_BODY_LIMIT }, (_req, body, done) =>
      done(null, body),
    )
    // The app's handler names the flows' 8 MiB in a 413; these routes take more and say so.
    const errorHandler = (err: FastifyError, req: FastifyRequest, reply: FastifyReply): void => {
      if (err.statusCode !== 413) return void app.errorHandler(err, req, reply)
      void reply.code(413).send({
        error: { code: 'too_large', message: `The request body is larger than ${describeLimit(IMPORT_BODY_LIMIT)}.` },
      })
    }
    const route = (
      method: 'get' | 'post',
      url: string,
      work: (
        req: { params: Record<string, string>; query: Record<string, string>; body: unknown },
        reply: FastifyReply,
      ) => Promise<unknown>,
    ) =>
      app[method]<{ Params: Record<string, string> }>(
        url,
        { bodyLimit: IMPORT_BODY_LIMIT, errorHandler },
        async (req, reply) => {
          try {
            const params = Object.fromEntries(
              Object.entries(req.params).map(([k, v]) => [k, read(ID, v, `path parameter ${k}`)]),
            )
            return await work({ params, query: readQuery(req.url), body: req.body }, reply)
          } catch (err) {
            return send(reply, err)
          }
        },
      )

    route('post', '/api/v1/broadcasts/dry-run', async ({ body }, reply) => {
      const spec = read(BroadcastSpecSchema, body, 'broadcast')
      return reply.send((await planBroadcast(spec, plan)).report)
    })
    route('post', '/api/v1/broadcasts', async ({ body }, reply) => {
      const spec = read(BroadcastSpecSchema, body, 'broadcast')
      const planned = await planBroadcast(spec, plan)
      return reply.code(201).send(await service.create(spec, planned.recipients))
    })
    route('get', '/api/v1/broadcasts', async ({ query }, reply) => {
      const q = read(ListQuery, query, 'query')
      return reply.send({ broadcasts: await service.list(q.limit) })
    })
    route('get', '/api/v1/broadcasts/:id', async ({ params }, reply) => reply.send(await service.get(params.id!)))
    route('get', '/api/v1/broadcasts/:id/recipients', async ({ params, query }, reply) => {
      const q = read(RecipientsQuery, query, 'query')
      const recipients = await service.recipients(params.id!, q)
      return reply.send({ recipients, next: recipients.length === q.limit ? recipients.at(-1)!.seq : null })
    })
    route('get', '/api/v1/broadcasts/:id/results.csv', async ({ params }, reply) => {
      const view = await service.get(params.id!)
      const text = resultsCsv(await allRecipients(service, view.id))
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${resultsFileName(view.name, view.id)}"`)
        .send(text)
    })
    for (const action of ['pause', 'resume', 'cancel'] as const)
      route('post', `/api/v1/broadcasts/:id/${action}`, async ({ params, body }, reply) => {
        read(Empty, body, 'body (send none or {})')
        return reply.send(await service[action](params.id!))
      })
    route('post', '/api/v1/contacts/import', async ({ query, body }, reply) => {
      const q = read(ImportQuery, query, 'query')
      if (typeof body !== 'string')
        throw new ApiFailure('bad_request', 'Send the CSV itself as the body, with Content-Type: text/csv.')
      const csv = readContactsCsv(body, { defaultCountry: q.defaultCountry })
      if (csv.error) throw new ApiFailure(csv.error.code, csv.error.message)
      const done = csv.contacts.length
        ? await plan.directory.upsert(csv.contacts, plan.now())
        : { imported: 0, updated: 0 }
      return reply.send({ ...done, refused: csv.refused })
    })
  }
}

/** The routes over a running Runtime: its broadcasts service, its store's contacts and published flows. */
export function runtimeBroadcastRoutes(runtime: Runtime, now: () => number): (app: FastifyInstance) => void {
  const { service, settings } = runtime.broadcasts
  return broadcastRoutes({
    service,
    plan: {
      directory: runtime.store.directory,
      flow: (id) => runtime.store.runningFlow(id),
      get rule() {
        return settings.creditRule
      },
      get sendRate() {
        return settings.rate()
      },
      conversationLimit: settings.conversationLimit,
      newConversationsSince: (since) => runtime.store.broadcasts.newConversationsSince(since),
      now,
      noFlow: (id) => `Flow ${id} is not published on this server; publish it first.`,
    },
  })
}
