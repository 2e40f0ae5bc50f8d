// The takeover endpoints of the publish API (docs/publish-api.md, "Human takeover"), behind the publish key: a person
// takes a contact's conversation, hands it back (the Hand over node's run continues on `returned` with the
// variables given), replies inside the 24-hour window, and lists takeovers with their transcripts. Every path
// parameter, query and body is read by one strict zod schema; bad input is a 400 with a code and a sentence.
import type { FastifyInstance, FastifyReply } from 'fastify'
import { z } from 'zod'
import { readQuery } from '../services/webhook/request-input'
import { normalisePhone } from '../services/runs'
import { handBackByApi, HandoverError, personReply, takeOverByApi } from './handover-control'
import type { Runtime } from './runtime'

const Phone = z
  .string()
  .max(40)
  .transform((v, ctx) => {
    try {
      return normalisePhone(v.startsWith('+') ? v : `+${v}`)
    } catch {
      ctx.addIssue({ code: 'custom', message: 'must be a phone number with its country code, e.g. +919800000001' })
      return z.NEVER
    }
  })

/** ISO 8601 with a zone, or epoch milliseconds. */
const Instant = z.union([
  z.number().int().positive().max(8.64e15),
  z
    .string()
    .datetime({ offset: true })
    .transform((v) => Date.parse(v)),
])

const TakeoverBody = z.strictObject({ note: z.string().trim().min(1).max(1000).optional(), until: Instant.optional() })
const VAR_NAME = /^[A-Za-z_][A-Za-z0-9_]{0,63}$/
const HandbackBody = z.strictObject({
  variables: z
    .record(z.string(), z.json())
    .superRefine((vars, ctx) => {
      for (const name of Object.keys(vars))
        if (!VAR_NAME.test(name))
          ctx.addIssue({
            code: 'custom',
            path: [name],
            message: 'is not a variable name (up to 64 letters, digits and _, not starting with a digit)',
          })
    })
    .optional(),
})
const ReplyBody = z.strictObject({ text: z.string().trim().min(1).max(4096) })
const ListQuery = z.strictObject({
  open: z.enum(['true', 'false']).optional(),
  limit: z.coerce.number().int().min(1).max(500).default(100),
})
const HandoverId = z
  .string()
  .regex(/^hnd_[A-Za-z0-9_-]{1,100}$/, 'a takeover id is hnd_ followed by letters and digits')

type Parsed<T> = { ok: true; value: T } | { ok: false; message: string }

function read<T>(schema: z.ZodType<T>, value: unknown, what: string): Parsed<T> {
  const r = schema.safeParse(value ?? {})
  if (r.success) return { ok: true, value: r.data }
  const issue = r.error.issues[0]!
  const where = issue.path.length ? `${what}.${issue.path.join('.')}` : what
  return { ok: false, message: `${where}: ${issue.message}` }
}

const fail = (reply: FastifyReply, status: number, code: string, message: string) =>
  reply.code(status).send({ error: { code, message } })

export function handoverRoutes(runtime: Runtime): (app: FastifyInstance) => void {
  return (app) => {
    /** Runs `work` with the phone and body read, turning HandoverError into its answer. */
    const contactRoute = <B>(
      path: string,
      body: z.ZodType<B>,
      work: (phone: string, b: B) => Promise<unknown>,
      ok = 200,
    ) =>
      app.post<{ Params: { phone: string }; Body: unknown }>(`/api/v1/contacts/:phone/${path}`, async (req, reply) => {
        const phone = read(Phone, req.params.phone, 'phone')
        if (!phone.ok) return fail(reply, 400, 'invalid_phone_number', phone.message)
        const b = read(body, req.body, 'body')
        if (!b.ok) return fail(reply, 400, 'bad_request', b.message)
        try {
          return reply.code(ok).send(await work(phone.value, b.value))
        } catch (err) {
          if (err instanceof HandoverError) return fail(reply, err.status, err.code, err.message)
          throw err
        }
      })
    contactRoute('handover', TakeoverBody, (phone, b) => takeOverByApi(runtime, phone, b), 201)
    contactRoute('handback', HandbackBody, (phone, b) => handBackByApi(runtime, phone, b.variables ?? {}))
    contactRoute('messages', ReplyBody, (phone, b) => personReply(runtime, phone, b.text), 201)

    app.get('/api/v1/handovers', async (req, reply) => {
      const q = read(ListQuery, readQuery(req.url), 'query')
      if (!q.ok) return fail(reply, 400, 'bad_request', q.message)
      const handovers = await runtime.store.handovers.list({ open: q.value.open === 'true', limit: q.value.limit })
      return reply.send({ handovers })
    })
    app.get<{ Params: { id: string } }>('/api/v1/handovers/:id', async (req, reply) => {
      const id = read(HandoverId, req.params.id, 'id')
      if (!id.ok) return fail(reply, 400, 'bad_request', id.message)
      const handover = await runtime.store.handovers.get(id.value)
      if (!handover) return fail(reply, 404, 'not_found', `There is no takeover ${id.value} on this server.`)
      return reply.send({ handover, messages: await runtime.store.handovers.transcript(id.value) })
    })
  }
}
