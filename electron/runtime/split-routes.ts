// The A/B split on the publish API, behind its key (docs/publish-api.md, "Split"): GET, PUT and DELETE
// /api/v1/flows/{id}/split. Bodies are read by the one strict schema of each (shared/api/commands/split.ts).
import type { FastifyInstance, FastifyReply } from 'fastify'
import type { z } from 'zod'
import { SplitBodySchema, SplitEndSchema } from '../../shared/api/commands/split'
import { endSplit, setSplit, SplitError } from './split-control'
import type { RuntimeStore } from './store'

const FLOW_ID = /^[^\s/]{1,200}$/

function fail(reply: FastifyReply, err: SplitError): FastifyReply {
  return reply.code(err.status).send({ error: { code: err.code, message: err.message } })
}

/** The body's first problem as a sentence naming where it is, with what the request takes. */
function badBody(issues: z.core.$ZodIssue[], takes: string): SplitError {
  const first = issues[0]!
  if (!first.path.length && first.code === 'invalid_type')
    return new SplitError(400, 'bad_request', `The body must be ${takes}.`)
  const message =
    first.code === 'unrecognized_keys'
      ? `Unknown field ${first.keys.map((k) => `"${k}"`).join(', ')}; the body is ${takes}.`
      : `Bad body${first.path.length ? ` at ${first.path.join('.')}` : ''}: ${first.message}. The body is ${takes}.`
  return new SplitError(400, 'bad_request', message)
}

export function splitRoutes(store: RuntimeStore, now: () => number) {
  return (app: FastifyInstance): void => {
    const route = (
      method: 'GET' | 'PUT' | 'DELETE',
      work: (flowId: string, body: unknown) => Promise<unknown>,
    ): void => {
      app.route<{ Params: { id: string }; Body: unknown }>({
        method,
        url: '/api/v1/flows/:id/split',
        handler: async (req, reply) => {
          try {
            if (!FLOW_ID.test(req.params.id))
              throw new SplitError(400, 'bad_request', 'A flow id is 1 to 200 characters without spaces or slashes.')
            return reply.send(await work(req.params.id, req.body))
          } catch (err) {
            if (err instanceof SplitError) return fail(reply, err)
            throw err
          }
        },
      })
    }
    route('GET', async (flowId) => ({ split: await store.split(flowId) }))
    route('PUT', async (flowId, body) => {
      const parsed = SplitBodySchema.safeParse(body ?? undefined)
      if (!parsed.success) throw badBody(parsed.error.issues, '{"versions": [a, b], "percent": 1 to 99}')
      return setSplit(store, flowId, parsed.data, now())
    })
    route('DELETE', async (flowId, body) => {
      const parsed = SplitEndSchema.safeParse(body ?? undefined)
      if (!parsed.success) throw badBody(parsed.error.issues, '{"keep": <one of the split\'s two versions>}')
      return endSplit(store, flowId, parsed.data.keep)
    })
  }
}
