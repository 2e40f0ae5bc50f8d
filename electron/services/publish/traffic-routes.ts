// Traffic of a runtime's flows on its publish API (docs/publish-api.md, "Traffic of a runtime"), behind the same key
// as publishing and Flow Logs: the overlay's counts and the goal funnel, from the aggregates every step keeps
// (electron/services/traffic). Every query parameter is read by one strict schema: an unknown, repeated or malformed
// one is refused with 400 and a sentence naming it.
import type { FastifyInstance, FastifyReply } from 'fastify'
import { z } from 'zod'
import { FunnelQuerySchema, TrafficQuerySchema } from '../../../shared/api/commands/traffic'
import { EdgeRunsQuerySchema } from '../../../shared/api/commands/untested'
import type { TrafficSource } from '../traffic/source'
import { readQuery } from '../webhook/request-input'

const version = z
  .string()
  .regex(/^\d{1,9}$/, 'a version number (digits)')
  .transform(Number)
  .optional()
const Period = z.strictObject({ from: z.string(), to: z.string(), version })
const FunnelPeriod = Period.extend({ goal: z.string() })
const EdgeQuery = z.strictObject({
  from: z.string(),
  port: z.string(),
  to: z.string(),
  limit: z
    .string()
    .regex(/^\d{1,9}$/, 'a whole number')
    .transform(Number)
    .optional(),
  since: z.string().optional(),
  until: z.string().optional(),
  version,
})

const FLOW_ID = /^[^\s/]{1,200}$/

function refuse(reply: FastifyReply, issues: z.core.$ZodIssue[], takes: string): FastifyReply {
  const first = issues[0]!
  const where = first.path.length ? first.path.join('.') : 'query'
  const message =
    first.code === 'unrecognized_keys'
      ? `Unknown query parameter ${first.keys.map((k) => `"${k}"`).join(', ')}; this request takes ${takes}.`
      : `Bad query: ${where}: ${first.message}.`
  return reply.code(400).send({ error: { code: 'bad_request', message } })
}

export function trafficRoutes(app: FastifyInstance, traffic: TrafficSource): void {
  const flowId = (reply: FastifyReply, id: string): boolean => {
    if (FLOW_ID.test(id)) return true
    void reply
      .code(400)
      .send({ error: { code: 'bad_request', message: 'A flow id is 1 to 200 characters without spaces or slashes.' } })
    return false
  }

  app.get<{ Params: { id: string } }>('/api/v1/flows/:id/traffic', async (req, reply) => {
    if (!flowId(reply, req.params.id)) return reply
    const takes = 'from, to (UTC days, YYYY-MM-DD) and version'
    const raw = Period.safeParse(readQuery(req.url))
    if (!raw.success) return refuse(reply, raw.error.issues, takes)
    const q = TrafficQuerySchema.safeParse({ flowId: req.params.id, ...raw.data })
    if (!q.success) return refuse(reply, q.error.issues, takes)
    return reply.send(await traffic.report(q.data))
  })

  app.get<{ Params: { id: string } }>('/api/v1/flows/:id/funnel', async (req, reply) => {
    if (!flowId(reply, req.params.id)) return reply
    const takes = 'goal (a node id), from, to (UTC days, YYYY-MM-DD) and version'
    const raw = FunnelPeriod.safeParse(readQuery(req.url))
    if (!raw.success) return refuse(reply, raw.error.issues, takes)
    const q = FunnelQuerySchema.safeParse({ flowId: req.params.id, ...raw.data })
    if (!q.success) return refuse(reply, q.error.issues, takes)
    return reply.send(await traffic.funnel(q.data))
  })

  // The newest runs that took one connection (the Tests tab's untested traffic saves one of them as a test).
  app.get<{ Params: { id: string } }>('/api/v1/flows/:id/traffic/runs', async (req, reply) => {
    if (!flowId(reply, req.params.id)) return reply
    const takes =
      'from, port and to (the connection: its source node, port and target node), limit (1 to 100), since and until (UTC days, YYYY-MM-DD) and version'
    const raw = EdgeQuery.safeParse(readQuery(req.url))
    if (!raw.success) return refuse(reply, raw.error.issues, takes)
    const q = EdgeRunsQuerySchema.safeParse({ flowId: req.params.id, ...raw.data })
    if (!q.success) return refuse(reply, q.error.issues, takes)
    return reply.send(await traffic.edgeRuns(q.data))
  })
}
