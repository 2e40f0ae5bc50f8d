import type { EmulatorSession } from '../../../shared/api/commands/emulator'
import type { FlowDocument } from '../../../shared/flow/document'
import type { InboundEvent, NodeMock, RunState, Vars } from '../../../shared/engine'
import { currentFlow } from '../../../shared/engine/calls'
import { ApiFailure, notFound } from '../../services/failure'
import type { RunService } from '../../services/runs'
import type { HandlerContext } from '../handlers/types'
import { runsAtClock } from './clock'
import { debugSessions, hooksFor, recordWatches, watchValue, type DebugSession } from './debug-sessions'
import { lookup } from './outcome'
import { contactOf, flowOf, latestRunId, pausedOfFlow, sessionOf } from './service'

// The emulator's debug service (docs/emulator.md, "Debugging"): the debug.* commands over the contact's run of the
// flow. A pause is the run's own state (RunState.debug), so every command reads the run from the database, acts
// through the same RunService as the phone, and answers the whole session.

export interface Target {
  flowId: string
  contactId: string
}

/** Attaches (breakpoints from the list given, else the flow's stored ones) or detaches; detaching lets a held run go on. */
export async function attach(
  ctx: HandlerContext,
  t: Target,
  on: boolean,
  breakpoints?: DebugSession['breakpoints'],
): Promise<EmulatorSession> {
  flowOf(ctx, t.flowId)
  const runs = runsOf(ctx, t)
  contactOf(runs, t.contactId)
  const session = ctx.service(debugSessions).ensure(t.flowId, t.contactId)
  session.attached = on
  session.breakpoints = breakpoints ?? null
  if (!on) {
    session.failed = null
    const held = pausedOfFlow(runs, t.flowId, t.contactId)
    if (held?.debug) await runs.goOn(held.id, flowOf(ctx, t.flowId), { mocks: session.mocks })
  }
  return settled(ctx, t, null)
}

/** Continue (to the next breakpoint) or Step (before the next node) from the debugger's pause. */
export async function goOnFrom(
  ctx: HandlerContext,
  t: Target,
  step: boolean,
  mocks?: Record<string, NodeMock>,
): Promise<EmulatorSession> {
  const runs = runsOf(ctx, t)
  const held = heldRun(runs, t)
  const session = ctx.service(debugSessions).ensure(t.flowId, t.contactId)
  const flow = flowOf(ctx, t.flowId)
  const r = await runs.goOn(held.id, flow, {
    debug: hooksFor(ctx, t.flowId, t.contactId, step, flow),
    mocks: mocks ?? session.mocks,
  })
  if (!r) throw notPaused()
  return settled(ctx, t, held.id, r.state.vars)
}

/**
 * Step over a waiting node: the customer's answer from the panel, then a stop before the node after it. Held by the
 * debugger before a node that waits, that node runs first (it asks), then takes the answer.
 */
export async function stepOver(
  ctx: HandlerContext,
  t: Target,
  event: InboundEvent,
  mocks?: Record<string, NodeMock>,
): Promise<EmulatorSession> {
  const runs = runsOf(ctx, t)
  const flow = flowOf(ctx, t.flowId)
  const session = ctx.service(debugSessions).ensure(t.flowId, t.contactId)
  const use = mocks ?? session.mocks
  let run = pausedOfFlow(runs, t.flowId, t.contactId)
  if (!run) throw notPaused()
  if (run.debug) {
    const r = await runs.goOn(run.id, flow, { debug: hooksFor(ctx, t.flowId, t.contactId, true, flow), mocks: use })
    if (!r) throw notPaused()
    run = r.state
    if (run.status !== 'paused' || !run.waiting) return settled(ctx, t, run.id, run.vars)
  }
  const contact = contactOf(runs, t.contactId)
  const handled = await runs.handle(
    contact,
    { kind: 'message', message: event },
    {
      flows: [flow],
      flowOf: lookup(ctx),
      mocks: use,
      activation: 'keyword',
      debug: hooksFor(ctx, t.flowId, t.contactId, true, flow),
    },
  )
  const state = handled.ran?.step.state
  return settled(ctx, t, state?.id ?? run.id, state?.vars)
}

/** Ends the paused run (cancelled); nothing more runs. */
export function stop(ctx: HandlerContext, t: Target): EmulatorSession {
  const runs = runsOf(ctx, t)
  const run = pausedOfFlow(runs, t.flowId, t.contactId)
  if (!run) throw notPaused()
  runs.end(run, 'cancelled')
  return settled(ctx, t, run.id)
}

/** Sets a variable (a name or a dotted path) of the paused run to the JSON given. */
export function setVariable(ctx: HandlerContext, t: Target, path: string, json: string): EmulatorSession {
  const value = parseJson(json)
  const segments = path.split('.')
  if (segments.some((s) => !s.trim()))
    throw new ApiFailure('bad_request', `'${path}' is not a variable path: names joined by dots, none empty.`)
  // These would reach the objects' prototypes instead of a variable.
  const bad = segments.find((s) => FORBIDDEN.has(s))
  if (bad) throw new ApiFailure('bad_request', `'${bad}' cannot be a variable name.`)
  return editVars(ctx, t, (vars) => setPath(vars, segments, value))
}

/** Replaces what a node of the flow the run is in produced ({{<node name>.…}}), as JSON. */
export async function setNodeOutput(
  ctx: HandlerContext,
  t: Target,
  nodeName: string,
  json: string,
): Promise<EmulatorSession> {
  const value = parseJson(json)
  const runs = runsOf(ctx, t)
  const run = pausedOfFlow(runs, t.flowId, t.contactId)
  if (!run) throw notPaused()
  const here = flowHere(ctx, run)
  if (!here.nodes.some((n) => n.name === nodeName))
    throw new ApiFailure('not_found', `Flow '${here.name}' has no node named '${nodeName}'.`)
  return editVars(ctx, t, (vars) => void (vars[nodeName] = value))
}

/**
 * Dify's "run from here": a new run of the flow from `nodeId` with the latest run's variables (or `vars`), running
 * only what follows; breakpoints apply while attached. The contact's paused run is superseded.
 */
export async function runFrom(
  ctx: HandlerContext,
  t: Target,
  nodeId: string,
  vars: Vars | undefined,
  mocks?: Record<string, NodeMock>,
): Promise<EmulatorSession> {
  const flow = flowOf(ctx, t.flowId)
  if (!flow.nodes.some((n) => n.id === nodeId)) throw notFound('Node', nodeId)
  const runs = runsOf(ctx, t)
  const contact = contactOf(runs, t.contactId)
  const lastId = latestRunId(ctx, t.flowId, t.contactId)
  const last = lastId ? runs.runs.state(lastId) : null
  const presets = vars ?? rootVars(last)
  const trigger = last?.trigger ?? { kind: 'manual' as const, operator: 'emulator' }
  const session = ctx.service(debugSessions).ensure(t.flowId, t.contactId)
  session.failed = null
  const handled = await runs.handle(
    contact,
    { kind: 'start', flow, trigger, startNodeId: nodeId, presets, tester: true },
    { flowOf: lookup(ctx), mocks: mocks ?? session.mocks, debug: hooksFor(ctx, t.flowId, t.contactId, false, flow) },
  )
  const state = handled.ran?.step.state
  return settled(ctx, t, state?.id ?? null, state?.vars)
}

/** The watch list; an expression kept keeps its history, a new one starts with its value now. */
export function setWatches(ctx: HandlerContext, t: Target, expressions: string[]): EmulatorSession {
  flowOf(ctx, t.flowId)
  const session = ctx.service(debugSessions).ensure(t.flowId, t.contactId)
  const runs = runsOf(ctx, t)
  const id = latestRunId(ctx, t.flowId, t.contactId)
  const vars = (id && runs.runs.state(id)?.vars) || {}
  const before = new Map(session.watches.map((w) => [w.expression, w]))
  session.watches = [...new Set(expressions.map((e) => e.trim()).filter(Boolean))].map(
    (expression) =>
      before.get(expression) ?? {
        expression,
        history: [{ step: session.step, ...watchValue(expression, vars) }],
      },
  )
  return sessionOf(ctx, t.flowId, t.contactId)
}

/** Emits the update, evaluates the watches after a step (`vars`: the run moved), answers the session. */
export function settled(ctx: HandlerContext, t: Target, runId: string | null, vars?: Vars): EmulatorSession {
  const session = ctx.service(debugSessions).get(t.flowId, t.contactId)
  if (session?.attached && vars) recordWatches(session, vars)
  ctx.emit('emulator.updated', { flowId: t.flowId, contactId: t.contactId, runId })
  return sessionOf(ctx, t.flowId, t.contactId, runId)
}

/**
 * The contact's runs on its emulator clock, with the 24-hour window enforced when the phone's last start or reply
 * enforced it: going on in the debugger sends under the same rules as the phone.
 */
function runsOf(ctx: HandlerContext, t: Target): RunService {
  const session = ctx.service(debugSessions).get(t.flowId, t.contactId)
  return runsAtClock(ctx, t.contactId, session?.enforceWindow ?? false)
}

function heldRun(runs: RunService, t: Target): RunState {
  const run = pausedOfFlow(runs, t.flowId, t.contactId)
  if (!run?.debug) throw notPaused()
  return run
}

export function notPaused(): ApiFailure {
  return new ApiFailure('not_paused', 'The run is not paused in the debugger: attach it and start, or continue a run.')
}

function parseJson(json: string): unknown {
  try {
    return JSON.parse(json)
  } catch (err) {
    throw new ApiFailure(
      'debug.json_invalid',
      `The value is not valid JSON (${err instanceof Error ? err.message : String(err)}): write text in quotes, e.g. "Asha".`,
    )
  }
}

function editVars(ctx: HandlerContext, t: Target, edit: (vars: Vars) => void): EmulatorSession {
  const runs = runsOf(ctx, t)
  const run = pausedOfFlow(runs, t.flowId, t.contactId)
  if (!run) throw notPaused()
  const vars = structuredClone(run.vars)
  edit(vars)
  runs.runs.saveStep(flowOf(ctx, t.flowId), { state: { ...run, vars }, messages: [], trace: [], inbound: null })
  return settled(ctx, t, run.id, vars)
}

const FORBIDDEN = new Set(['__proto__', 'constructor', 'prototype'])

function setPath(vars: Vars, path: string[], value: unknown): void {
  let at: Record<string, unknown> = vars
  for (const name of path.slice(0, -1)) {
    const next = Object.prototype.hasOwnProperty.call(at, name) ? at[name] : undefined
    if (!next || typeof next !== 'object') at[name] = {}
    at = at[name] as Record<string, unknown>
  }
  at[path.at(-1)!] = value
}

/** The flow the run is in now: its root, or the flow of its innermost call. */
function flowHere(ctx: HandlerContext, run: RunState): FlowDocument {
  const frames = (run.calls ?? []).map((c) => flowOf(ctx, c.flowId))
  return currentFlow(flowOf(ctx, run.flowId), frames)
}

/** A run's variables in its root flow (inside a call, the caller's kept ones at the bottom of the stack). */
function rootVars(state: RunState | null): Vars {
  if (!state) return {}
  return state.calls?.length ? state.calls[0]!.callerVars : state.vars
}
