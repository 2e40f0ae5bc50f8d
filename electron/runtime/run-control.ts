// A run woken or cancelled by hand, on the publish API (docs/runtime.md, "Time": POST /api/v1/runs/{id}/wake and
// /cancel, behind the publish key). Both go through the conversation core under the contact's lock, like every
// event: a wake by hand is the run's time come now (the core is told the instant is its due time, so it takes the
// timeout path), a cancel ends the paused run as 'cancelled' (the core's end event, as the studio's Flow Logs do). A run that is unknown, finished,
// or (for a wake) waiting for the customer alone gets a clear 404 or 409, and nothing changes.
import type { FastifyInstance, FastifyReply } from 'fastify'
import { dueAt } from '../../shared/engine'
import type { Runtime } from './runtime'
import type { RunHandle } from './store'

const RUN_ID = /^[^\s/]{1,200}$/

export class RunControlError extends Error {
  constructor(
    readonly status: 400 | 404 | 409,
    readonly code: string,
    message: string,
  ) {
    super(message)
  }
}

export interface RunControlAnswer {
  runId: string
  action: 'woken' | 'cancelled'
  status: RunHandle['status']
  endReason: string | null
  /** The due time the run was waiting for (ISO), for a wake. */
  dueAt?: string
}

async function find(runtime: Runtime, runId: string): Promise<RunHandle> {
  if (!RUN_ID.test(runId))
    throw new RunControlError(400, 'bad_request', 'A run id is 1 to 200 characters without spaces or slashes.')
  const run = await runtime.store.runHandle(runId)
  if (!run) throw new RunControlError(404, 'not_found', `There is no run ${runId} on this server.`)
  if (run.status !== 'paused')
    throw new RunControlError(
      409,
      'not_waiting',
      `Run ${runId} is not waiting: it has ${run.status === 'failed' ? 'failed' : 'ended'}.`,
    )
  return run
}

const changed = (runId: string) =>
  new RunControlError(409, 'not_waiting', `Run ${runId} is no longer waiting: it moved on while this request was made.`)

/** Wakes a run that waits on time now, before its time: it leaves its waiting node by the timeout path. */
export async function wakeByHand(runtime: Runtime, runId: string): Promise<RunControlAnswer> {
  const run = await find(runtime, runId)
  if (run.wakeAt === null)
    throw new RunControlError(
      409,
      'not_waiting_on_time',
      `Run ${runId} waits for the customer, not on time: there is nothing to wake (cancel it to end it).`,
    )
  const { paused, handled } = await runtime.forRun(run, { kind: 'wake' }, (p, now) => Math.max(now, dueAt(p) ?? now))
  const step = handled?.steps.at(-1)?.step.state
  if (!paused || !step) throw changed(runId)
  const due = dueAt(paused)
  return {
    runId,
    action: 'woken',
    status: step.status,
    endReason: step.endReason,
    ...(due !== null ? { dueAt: new Date(due).toISOString() } : {}),
  }
}

/** Ends a paused run as 'cancelled': it sends nothing more, and the contact's next message starts afresh. */
export async function cancelByHand(runtime: Runtime, runId: string): Promise<RunControlAnswer> {
  const run = await find(runtime, runId)
  const { paused, handled } = await runtime.forRun(run, { kind: 'end', reason: 'cancelled' })
  const step = handled?.steps.at(-1)?.step.state
  if (!paused || !step) throw changed(runId)
  return { runId, action: 'cancelled', status: step.status, endReason: step.endReason }
}

const fail = (reply: FastifyReply, err: RunControlError) =>
  reply.code(err.status).send({ error: { code: err.code, message: err.message } })

/** The routes, added to the publish API's app (its key check and error answers apply). */
export function runControlRoutes(runtime: Runtime): (app: FastifyInstance) => void {
  return (app) => {
    const route = (action: string, work: (runtime: Runtime, runId: string) => Promise<RunControlAnswer>) =>
      app.post<{ Params: { runId: string }; Body: unknown }>(`/api/v1/runs/:runId/${action}`, async (req, reply) => {
        const body = req.body
        const empty =
          body === undefined ||
          body === null ||
          (typeof body === 'object' && !Array.isArray(body) && !Object.keys(body).length)
        if (!empty) return fail(reply, new RunControlError(400, 'bad_request', `The body must be empty or {}.`))
        try {
          return reply.send(await work(runtime, req.params.runId))
        } catch (err) {
          if (err instanceof RunControlError) return fail(reply, err)
          throw err
        }
      })
    route('wake', wakeByHand)
    route('cancel', cancelByHand)
  }
}
