import { flowCoverage } from '../coverage/store'
import {
  contactOf,
  emulatorRuns,
  flowOf,
  nextTestPhone,
  pausedOfFlow,
  runsFor,
  sessionOf,
  TEST_PHONE_BASE,
  toContact,
  toMocks,
} from '../emulator/service'
import { runsAtClock } from '../emulator/clock'
import { lookup, outcome } from '../emulator/outcome'
import { startTest } from '../emulator/start'
import { debugSessions, hooksFor } from '../emulator/debug-sessions'
import { settled } from '../emulator/debug'
import { ApiFailure, notFound } from '../../services/failure'
import { callersReaching } from './flow-calls'
import { flowStore } from '../../services/store/flows'
import { emulatorClockHandlers } from './emulator-clock'
import { emulatorTestHandlers } from './emulator-tests'
import type { AreaHandlers, HandlerContext } from './types'
import { emulatorPersonHandlers } from './emulator-person'
import type { EmulatorOutcome } from '../../../shared/api/commands/emulator'
import type { RunState } from '../../../shared/engine'

export const emulatorHandlers: AreaHandlers<'emulator'> = {
  ...emulatorTestHandlers,
  ...emulatorClockHandlers,
  ...emulatorPersonHandlers,
  'emulator.contact': (req, ctx) => {
    const runs = ctx.service(emulatorRuns)
    return toContact(
      runs.contacts.ensure({ phone: req.phone ?? `+${TEST_PHONE_BASE}`, name: req.name ?? 'Test Customer' }),
    )
  },
  'emulator.newContact': (req, ctx) => {
    const runs = ctx.service(emulatorRuns)
    const phone = nextTestPhone(runs)
    return toContact(runs.contacts.ensure({ phone, name: req.name ?? `Test Customer ${phone.slice(-3)}` }))
  },
  'emulator.updateContact': (req, ctx) => {
    const runs = ctx.service(emulatorRuns)
    contactOf(runs, req.contactId)
    return toContact(
      runs.contacts.update(req.contactId, {
        name: req.name,
        optedIn: req.optedIn,
        fields: req.fields,
        language: req.language,
      }),
    )
  },
  'emulator.start': async (req, ctx) => {
    const runs = runsFor(ctx, req.enforceWindow, req.contactId)
    const flow = flowOf(ctx, req.flowId)
    const contact = contactOf(runs, req.contactId)
    if (req.startNodeId && !flow.nodes.some((n) => n.id === req.startNodeId)) throw notFound('Node', req.startNodeId)
    const attempt = await startTest(runs, flow, contact, req.trigger, {
      triggerNodeId: req.triggerNodeId,
      startNodeId: req.startNodeId,
      presets: req.presets,
      mocks: toMocks(req.mocks),
      flowOf: lookup(ctx),
      debug: hooksFor(ctx, req.flowId, req.contactId, false, flow),
    })
    if (attempt.action === 'ignored') return outcome(ctx, req.flowId, req.contactId, 'ignored', attempt.notice, null)
    return stepped(ctx, req, attempt.action, attempt.step.state)
  },
  'emulator.send': async (req, ctx) => {
    const runs = runsFor(ctx, req.enforceWindow, req.contactId)
    const flow = flowOf(ctx, req.flowId)
    const contact = contactOf(runs, req.contactId)
    const debug = hooksFor(ctx, req.flowId, req.contactId, false, flow)
    const held = !!pausedOfFlow(runs, req.flowId, req.contactId)?.debug
    const out = await runs.receive(contact, req.event, [flow], lookup(ctx), toMocks(req.mocks), debug)
    if (out.action === 'ignored') {
      return outcome(
        ctx,
        req.flowId,
        req.contactId,
        'ignored',
        held
          ? `The run is paused in the debugger before a node, not waiting for a message: Continue or Step it, or use Step over to answer a waiting node.`
          : 'No conversation is waiting for this message and it starts no flow here: start the test again.',
        held ? (pausedOfFlow(runs, req.flowId, req.contactId)?.id ?? null) : null,
      )
    }
    return stepped(ctx, req, out.action, out.step.state)
  },
  'emulator.session': (req, ctx) => sessionOf(ctx, req.flowId, req.contactId, req.runId),
  'emulator.restart': (req, ctx) => {
    const runs = runsAtClock(ctx, req.contactId)
    contactOf(runs, req.contactId)
    const paused = pausedOfFlow(runs, req.flowId, req.contactId)
    if (paused) runs.end(paused, 'superseded')
    ctx.emit('emulator.updated', { flowId: req.flowId, contactId: req.contactId, runId: paused?.id ?? null })
    return sessionOf(ctx, req.flowId, req.contactId, paused?.id)
  },
  'emulator.setVariables': (req, ctx) => {
    const runs = runsAtClock(ctx, req.contactId)
    const paused = pausedOfFlow(runs, req.flowId, req.contactId)
    if (!paused)
      throw new ApiFailure('run_not_paused', 'Variables can be edited only while the run waits for the customer.')
    const vars = { ...paused.vars, ...req.set }
    for (const name of req.unset) delete vars[name]
    runs.runs.saveStep(
      { id: paused.flowId, name: paused.flowId },
      { state: { ...paused, vars }, messages: [], trace: [], inbound: null },
    )
    ctx.emit('emulator.updated', { flowId: req.flowId, contactId: req.contactId, runId: paused.id })
    return sessionOf(ctx, req.flowId, req.contactId, paused.id)
  },
  // A flow's branches taken inside the runs of the flows that call it count too (coverage/store.ts).
  'emulator.coverage': (req, ctx) => {
    const callers = callersReaching(ctx.service(flowStore).documents())
    return flowCoverage(ctx.db, flowOf(ctx, req.flowId), callers(req.flowId))
  },
  'emulator.coverageAll': (_req, ctx) => {
    const store = ctx.service(flowStore)
    const callers = callersReaching(store.documents())
    const out: Record<string, number> = {}
    for (const summary of store.list())
      out[summary.id] = flowCoverage(ctx.db, store.get(summary.id).document, callers(summary.id)).percent
    return out
  },
}

/** A step of the phone: with the debugger attached, its watches are evaluated on the run as the step left it. */
function stepped(
  ctx: HandlerContext,
  req: { flowId: string; contactId: string; enforceWindow: boolean },
  action: 'started' | 'resumed',
  state: RunState,
): EmulatorOutcome {
  const session = ctx.service(debugSessions).get(req.flowId, req.contactId)
  if (session?.attached) session.enforceWindow = req.enforceWindow
  return { action, notice: null, session: settled(ctx, req, state.id, state.vars) }
}
