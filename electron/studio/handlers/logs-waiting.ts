import { studioEffects } from '../effects/service'
import { ApiFailure, notFound } from '../../services/failure'
import { logQueries } from '../logs/service'
import { RunService } from '../../services/runs'
import { flowStore } from '../../services/store/flows'
import type { Handler, HandlerContext } from './types'

// A waiting run by hand, from the Flow Logs (docs/logs.md, "Waiting runs"): Wake now and Cancel run. This
// studio's runs only; a production server's are woken and cancelled through its own API. handlers/logs.ts spreads it.

const runsOf = (ctx: HandlerContext) => new RunService(ctx.db, { effects: ctx.service(studioEffects) })

function row(ctx: HandlerContext, runId: string) {
  const run = ctx.service(logQueries).summary(runId)
  if (!run) throw notFound('Run', runId)
  return run
}

function changed(ctx: HandlerContext, flowId: string, contactId: string, runId: string): void {
  ctx.emit('emulator.updated', { flowId, contactId, runId, source: 'wake' })
}

export const logsWaitingHandlers: { 'logs.wake': Handler<'logs.wake'>; 'logs.cancel': Handler<'logs.cancel'> } = {
  'logs.wake': async (req, ctx) => {
    const run = row(ctx, req.runId)
    if (run.status !== 'paused' || run.wakeAt === null)
      throw new ApiFailure('not_waiting', 'This run does not wait on time any more, so there is nothing to wake.')
    let flow
    try {
      flow = ctx.service(flowStore).get(run.flowId).document
    } catch (err) {
      if (err instanceof ApiFailure && err.code === 'not_found')
        throw new ApiFailure(
          'not_found',
          `The flow of this run no longer exists, so it cannot go on; cancel it instead.`,
        )
      throw err
    }
    const step = await runsOf(ctx).wakeEarly(req.runId, flow)
    if (!step) throw new ApiFailure('not_waiting', 'This run stopped waiting on time meanwhile; nothing was woken.')
    changed(ctx, run.flowId, run.contact.id, run.id)
    return row(ctx, req.runId)
  },
  'logs.cancel': async (req, ctx) => {
    const run = row(ctx, req.runId)
    if (run.status !== 'paused')
      throw new ApiFailure('not_waiting', `This run is ${run.status}, not waiting, so there is nothing to cancel.`)
    const handled = await runsOf(ctx).cancel(req.runId)
    if (!handled) throw new ApiFailure('not_waiting', 'This run stopped waiting meanwhile; nothing was cancelled.')
    changed(ctx, run.flowId, run.contact.id, run.id)
    return row(ctx, req.runId)
  },
}
