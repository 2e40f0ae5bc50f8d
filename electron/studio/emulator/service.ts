import type { FlowDocument } from '../../../shared/flow/document'
import type { EmulatorContact, EmulatorSession } from '../../../shared/api/commands/emulator'
import { dueAt, type NodeMock, type RunState } from '../../../shared/engine'
import { studioEffects } from '../effects/service'
import { ApiFailure, notFound } from '../../services/failure'
import type { HandlerContext, ServiceFactory } from '../handlers/types'
import { RunService, type ContactRecord } from '../../services/runs'
import { flowStore } from '../../services/store/flows'
import { emulatorClock, runsAtClock } from './clock'
import { ConversationTests } from './tests'
import { debugSessions } from './debug-sessions'
import { debugView } from './debug-view'

// The emulator's side of the back end: one RunService over the studio's real effects, and the reads the phone
// needs. Everything goes through the same tables as production runs, so the Flow Logs and coverage see emulator
// runs like any other.

export const emulatorRuns: ServiceFactory<RunService> = (ctx) =>
  new RunService(ctx.db, { effects: ctx.service(studioEffects) })

/**
 * The same over the same tables on this contact's emulator clock (emulator/clock.ts); with `enforceWindow`, the
 * 24-hour window and opt-out are enforced on every send (the emulator's switch).
 */
export function runsFor(ctx: HandlerContext, enforceWindow: boolean, contactId: string): RunService {
  return runsAtClock(ctx, contactId, enforceWindow)
}

/** The default test contact's number; "new contact" counts up from it. */
export const TEST_PHONE_BASE = 15550100000

export function flowOf(ctx: HandlerContext, flowId: string): FlowDocument {
  return ctx.service(flowStore).get(flowId).document
}

export function contactOf(runs: RunService, contactId: string): ContactRecord {
  const c = runs.contacts.get(contactId)
  if (!c) throw notFound('Contact', contactId)
  return c
}

export function toContact(c: ContactRecord): EmulatorContact {
  return {
    id: c.id,
    name: c.name,
    phone: c.phone,
    optedIn: c.optedIn,
    lastInboundAt: c.lastInboundAt,
    fields: c.fields,
    language: c.language ?? null,
  }
}

/** The next test number no contact has yet. */
export function nextTestPhone(runs: RunService): string {
  for (let n = TEST_PHONE_BASE + 1; n < TEST_PHONE_BASE + 100000; n++) {
    if (!runs.contacts.byPhone(`+${n}`)) return `+${n}`
  }
  throw new ApiFailure('conflict', 'Every test phone number is taken; delete some test contacts first.')
}

/** The contact's latest run of the flow, paused or not. */
export function latestRunId(ctx: HandlerContext, flowId: string, contactId: string): string | null {
  const id = ctx.db
    .prepare('SELECT id FROM runs WHERE flow_id = ? AND contact_id = ? ORDER BY started_at DESC, rowid DESC LIMIT 1')
    .pluck()
    .get(flowId, contactId) as string | undefined
  return id ?? null
}

export function sessionOf(
  ctx: HandlerContext,
  flowId: string,
  contactId: string,
  runId?: string | null,
): EmulatorSession {
  const runs = ctx.service(emulatorRuns)
  const contact = toContact(contactOf(runs, contactId))
  const clockOffsetMs = ctx.service(emulatorClock).offsetOf(contactId)
  const id = runId ?? latestRunId(ctx, flowId, contactId)
  const found = id ? runs.runs.state(id) : null
  const state = found && found.flowId === flowId && found.contactId === contactId ? found : null
  const session = ctx.service(debugSessions).get(flowId, contactId)
  // The debugger's view only while it is attached: a session without it looks as it always did.
  const debug = session?.attached ? { debug: debugView(ctx, session, state) } : {}
  const handover = runs.handovers.current(contactId)
  const person = { person: handover ? { handover, messages: runs.handovers.transcript(handover.id) } : null }
  if (!id || !state) return { flowId, contact, run: null, messages: [], trace: [], clockOffsetMs, ...debug, ...person }
  return {
    flowId,
    contact,
    run: {
      id: state.id,
      status: state.status,
      triggerKind: state.trigger.kind,
      endReason: state.endReason,
      error: state.error ? { code: state.error.code, message: state.error.message } : null,
      waitingNodeId: state.waiting?.nodeId ?? null,
      waitingFlowId: state.waiting ? (state.calls?.at(-1)?.flowId ?? state.flowId) : null,
      wakeAt: dueAt(state),
      vars: state.vars,
      startedAt: state.startedAt,
    },
    messages: runs.runs.messages(id),
    trace: runs.runs.trace(id),
    clockOffsetMs,
    ...debug,
    ...person,
  }
}

/** The contact's paused run of this flow, or a typed refusal the phone can show. */
export function pausedOfFlow(runs: RunService, flowId: string, contactId: string): RunState | null {
  const paused = runs.pausedRun(contactId)
  return paused && paused.flowId === flowId ? paused : null
}

export function toMocks(
  mocks: Record<string, { output?: unknown; outputs?: Record<string, unknown>; port?: string; error?: string }>,
): Record<string, NodeMock> | undefined {
  return Object.keys(mocks).length ? mocks : undefined
}

export const conversationTests: ServiceFactory<ConversationTests> = (ctx) =>
  new ConversationTests(ctx.db, ctx.service(emulatorRuns), ctx.service(studioEffects), ctx.now)
