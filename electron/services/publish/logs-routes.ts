// Flow Logs of a runtime on its publish API (docs/publish-api.md, "Flow Logs of a runtime"): the studio's logs
// commands as HTTP requests, behind the same key as publishing. The studio's Logs screen reads a production server
// through them (electron/studio/logs/remote.ts), delivery states included.
import type { FastifyInstance, FastifyReply } from 'fastify'
import { z } from 'zod'
import { LogCursorSchema, LogFilterSchema } from '../../../shared/api/commands/logs'
import type { LogSource } from '../logs/source'
import { readQuery } from '../webhook/request-input'

const list = (v: string | undefined) => (v ? v.split(',').filter(Boolean) : undefined)
const int = z.coerce.number().int()

const ListQuery = z.object({
  status: z.string().max(200).optional().transform(list),
  trigger: z.string().max(400).optional().transform(list),
  contact: z.string().max(200).optional(),
  text: z.string().max(200).optional(),
  from: int.optional(),
  to: int.optional(),
  delivery: z.enum(['failed']).optional(),
  waiting: z.enum(['time']).optional(),
  after: z
    .string()
    .regex(/^-?\d+:-?\d+$/)
    .optional()
    .transform((v) =>
      v ? LogCursorSchema.parse({ startedAt: Number(v.split(':')[0]), seq: Number(v.split(':')[1]) }) : undefined,
    ),
  limit: int.min(1).max(500).default(100),
})

const bad = (reply: FastifyReply, message: string) => reply.code(400).send({ error: { code: 'bad_request', message } })

export function logRoutes(app: FastifyInstance, logs: LogSource): void {
  app.get<{ Params: { id: string } }>('/api/v1/flows/:id/runs', async (req, reply) => {
    const q = ListQuery.safeParse(readQuery(req.url))
    if (!q.success) return bad(reply, `Bad query: ${q.error.issues[0]!.path.join('.')}: ${q.error.issues[0]!.message}`)
    const { after, limit, trigger, ...rest } = q.data
    const filter = LogFilterSchema.safeParse({ ...rest, triggerKind: trigger })
    if (!filter.success)
      return bad(reply, `Bad filter: ${filter.error.issues[0]!.path.join('.')}: ${filter.error.issues[0]!.message}`)
    return reply.send(await logs.list(req.params.id, filter.data, after, limit))
  })
  app.get<{ Params: { id: string } }>('/api/v1/flows/:id/runs/facets', async (req, reply) =>
    reply.send({ triggerKinds: await logs.triggerKinds(req.params.id) }),
  )
  app.get<{ Params: { runId: string } }>('/api/v1/runs/:runId', async (req, reply) => {
    const trace = await logs.run(req.params.runId)
    if (!trace)
      return reply
        .code(404)
        .send({ error: { code: 'not_found', message: `There is no run ${req.params.runId} on this server.` } })
    return reply.send(trace)
  })
  app.post<{ Body: { ids?: unknown } }>('/api/v1/runs/rows', async (req, reply) => {
    const ids = z.array(z.string().min(1).max(200)).max(500).safeParse(req.body?.ids)
    if (!ids.success) return bad(reply, 'The body must be {"ids": [<run id>, …]} with at most 500 ids.')
    return reply.send({ runs: await logs.rows(ids.data) })
  })
}
