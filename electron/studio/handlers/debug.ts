import {
  attach,
  goOnFrom,
  runFrom,
  setNodeOutput,
  setVariable,
  setWatches,
  settled,
  stepOver,
  stop,
} from '../emulator/debug'
import { debugSessions, hooksFor } from '../emulator/debug-sessions'
import { contactOf, conversationTests, flowOf, runsFor, toMocks } from '../emulator/service'
import type { AreaHandlers } from './types'

// The debugger's commands (shared/api/commands/debug.ts) over the emulator's debug service (emulator/debug.ts).
const target = (req: { flowId: string; contactId: string }) => ({ flowId: req.flowId, contactId: req.contactId })

export const debugHandlers: AreaHandlers<'debug'> = {
  'debug.attach': (req, ctx) => attach(ctx, target(req), req.on, req.breakpoints),
  'debug.continue': (req, ctx) => goOnFrom(ctx, target(req), false, toMocks(req.mocks)),
  'debug.step': (req, ctx) => goOnFrom(ctx, target(req), true, toMocks(req.mocks)),
  'debug.stepOver': (req, ctx) => stepOver(ctx, target(req), req.event, toMocks(req.mocks)),
  'debug.stop': (req, ctx) => stop(ctx, target(req)),
  'debug.setVariable': (req, ctx) => setVariable(ctx, target(req), req.path, req.json),
  'debug.setNodeOutput': (req, ctx) => setNodeOutput(ctx, target(req), req.nodeName, req.json),
  'debug.runFrom': (req, ctx) => runFrom(ctx, target(req), req.nodeId, req.vars, toMocks(req.mocks)),
  'debug.watches': (req, ctx) => setWatches(ctx, target(req), req.expressions),
  // Plays the test attached (the flow's breakpoints, or those debug.attach was given) and stops where it says.
  'debug.test': async (req, ctx) => {
    const t = target(req)
    const flow = flowOf(ctx, req.flowId)
    const runs = runsFor(ctx, false, req.contactId)
    contactOf(runs, req.contactId)
    const session = ctx.service(debugSessions).ensure(req.flowId, req.contactId)
    session.attached = true
    const played = await ctx
      .service(conversationTests)
      .debug(flow, req.testId, req.contactId, hooksFor(ctx, req.flowId, req.contactId, false, flow)!)
    session.mocks = played.mocks
    session.failed =
      played.stopped?.reason === 'expectation' && played.runId
        ? {
            runId: played.runId,
            turn: played.stopped.turn,
            message: `${played.stopped.where}: ${played.stopped.lines.join('\n')}`,
          }
        : null
    const vars = played.runId ? runs.runs.state(played.runId)?.vars : undefined
    return settled(ctx, t, played.runId, vars)
  },
}
