// The run state machine: start a run, resume a paused one, end it. One call is one step: it executes nodes until
// the run pauses, ends or fails, and returns everything the host must persist in one transaction.
import type { HandBack } from './types'
import type { FlowDocument } from '../flow/document'
import { buildGraph, pickTriggerNode, type FlowGraph } from './graph'
import { MAX_NODES_PER_STEP, WINDOW_MS } from './limits'
import { executeNode, returnFromCall, type StepContext } from './execute-node'
import { depthOf, graphOf, loadFrames, unwindAll } from './calls'
import { interactionVars, systemVars } from './session'
import type { EngineDeps } from './deps'
import { webhookClick } from './webhook-click'
import { pauseBefore } from './debug/pause'
import type { Contact, EndReason, InboundEvent, RunState, StepResult, TriggerInput } from './types'
import { chooseLanguage } from './language'
import { contactVar } from './session'
import { flowLanguages } from '../flow/languages'

export interface StartOptions {
  contact: Contact
  trigger: TriggerInput
  /** Which trigger node to start from when the flow has several. */
  triggerNodeId?: string
  /**
   * Start at this node instead of a trigger node (a test started mid-flow): the trigger's system variables are
   * set, but the trigger node and everything before this node do not run, so their outputs exist only if preset.
   */
  startNodeId?: string
  /** Variables set before the trigger runs (conversation-test presets, webhook data the host maps). */
  presets?: Record<string, unknown>
  runId?: string
}

export class EngineUsageError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message)
  }
}

export async function startRun(flow: FlowDocument, opts: StartOptions, deps: EngineDeps): Promise<StepResult> {
  const graph = buildGraph(flow)
  const now = deps.effects.clock.now()
  const hasInbound = opts.trigger.kind !== 'webhook' && opts.trigger.kind !== 'manual'
  const vars = {
    ...opts.presets,
    ...systemVars(opts.contact, opts.trigger),
    ...interactionVars(startingEvent(flow, opts.trigger)),
  }
  const choice = chooseLanguage(flow, opts.contact, opts.trigger, vars)
  vars.contact = contactVar(opts.presets?.contact, choice.language)
  const state: RunState = {
    id: opts.runId ?? deps.effects.ids.next('run_'),
    flowId: flow.id,
    contactId: opts.contact.id,
    status: 'executing',
    trigger: opts.trigger,
    vars,
    waiting: null,
    startedAt: now,
    updatedAt: now,
    lastInboundAt: hasInbound ? now : null,
    endedAt: null,
    endReason: null,
    error: null,
    nodeCount: 0,
    language: choice.language,
  }
  const inbound = 'message' in opts.trigger ? opts.trigger.message : null
  const step = newStep(graph, state, opts.contact, deps, inbound)
  // Only a flow of several languages says in its trace how the language was chosen: other traces stay as they were.
  if (flowLanguages(flow).multi) step.languageChoice = choice
  if (opts.startNodeId) {
    // The node picked to start from runs first: a breakpoint on it does not stop the run before it (run from here).
    if (graph.node(opts.startNodeId)) await runFrom(step, opts.startNodeId, true)
    else
      fail(step, {
        code: 'no_start_node',
        message: `Flow '${flow.name}' has no node ${opts.startNodeId} to start from.`,
      })
    return finish(step)
  }
  const triggerNode = pickTriggerNode(graph, opts.trigger, opts.triggerNodeId)
  if (!triggerNode) {
    fail(step, { code: 'no_trigger', message: `Flow '${flow.name}' has no trigger node to start from.` })
    return finish(step)
  }
  await runFrom(step, triggerNode.id)
  return finish(step)
}

/** The tap or message that started the run: its interaction variables are set before the trigger runs. */
function startingEvent(flow: FlowDocument, trigger: TriggerInput): InboundEvent | null {
  return 'message' in trigger ? trigger.message : webhookClick(flow, trigger)
}

export async function resumeRun(
  flow: FlowDocument,
  prior: RunState,
  event: InboundEvent,
  contact: Contact,
  deps: EngineDeps,
  /** False for a webhook's simulated click: not the customer writing, so the 24-hour window is not reopened. */
  fromCustomer = true,
  /** The flows of the run's open calls (RunState.calls), when the caller has loaded them; else loaded here. */
  frames?: FlowDocument[],
): Promise<StepResult> {
  if (prior.status !== 'paused' || !prior.waiting) {
    throw new EngineUsageError('run_not_paused', `Run ${prior.id} is ${prior.status}; only a paused run resumes.`)
  }
  const now = deps.effects.clock.now()
  const state: RunState = structuredClone(prior)
  state.status = 'executing'
  if (fromCustomer) state.lastInboundAt = now
  Object.assign(state.vars, interactionVars(event))
  const step = await pausedStep(flow, state, contact, deps, event, frames)
  const cursor = state.waiting!
  state.waiting = null
  if (step.state.status === 'executing') await runFrom(step, await executeNode(step, cursor.nodeId, { event, cursor }))
  return finish(step)
}

/**
 * The step of a paused run, in the flow it waits in: the innermost open call's (loaded through EngineDeps.flows
 * unless given), with the flows below it ready for the calls to return to. A flow of the stack that can no longer be
 * found fails the run (`callee_missing`); the conversation core closes such a run before it gets here.
 */
async function pausedStep(
  root: FlowDocument,
  state: RunState,
  contact: Contact,
  deps: EngineDeps,
  inbound: InboundEvent | null,
  given?: FlowDocument[],
): Promise<StepContext> {
  const frames = depthOf(state) ? (given ?? (await loadFrames(root, state, deps))) : []
  if (!frames || frames.length !== depthOf(state)) {
    const step = newStep(buildGraph(root), state, contact, deps, inbound)
    fail(step, {
      code: 'callee_missing',
      message: `A flow this run had called (${state.calls!.map((c) => c.flowId).join(' → ')}) can no longer be found.`,
    })
    return step
  }
  const graphs = [buildGraph(root), ...frames.map(graphOf)]
  const step = newStep(graphs.at(-1)!, state, contact, deps, inbound)
  step.callers = graphs.slice(0, -1)
  return step
}

/**
 * Resumes a paused run on time: its waiting node leaves by the port its wait named (a Wait node's `out`, a
 * question's `timeout`) and the run goes on from there. The caller (the conversation core) has checked that the run
 * is due (`dueAt(prior) <= now`). Nothing the customer did drives this step, so its messages are held to the 24-hour
 * window whatever the host's switch says (execute-node.ts, refuseSend).
 */
export async function wakeUp(
  flow: FlowDocument,
  prior: RunState,
  contact: Contact,
  deps: EngineDeps,
  /** As resumeRun's: the flows of the run's open calls, when already loaded. */
  frames?: FlowDocument[],
): Promise<StepResult> {
  const due = dueAt(prior)
  if (prior.status !== 'paused' || !prior.waiting || due === null) {
    throw new EngineUsageError('run_not_waiting_on_time', `Run ${prior.id} does not wait on time.`)
  }
  const now = deps.effects.clock.now()
  const state: RunState = structuredClone(prior)
  state.status = 'executing'
  const step: StepContext = { ...(await pausedStep(flow, state, contact, deps, null, frames)), woke: true }
  const cursor = state.waiting!
  state.waiting = null
  if (step.state.status === 'executing')
    await runFrom(step, await executeNode(step, cursor.nodeId, { wake: now, cursor }))
  return finish(step)
}

/**
 * Goes on from a pause of the debugger (RunState.debug): the node it stopped before runs (without stopping there
 * again), then the run goes on, stopping where EngineDeps.debug says (every next node, for a Step). Everything else is
 * a step like any other: its messages, trace and state are committed by the host as usual.
 */
export async function goOn(
  flow: FlowDocument,
  prior: RunState,
  contact: Contact,
  deps: EngineDeps,
  /** As resumeRun's: the flows of the run's open calls, when already loaded. */
  frames?: FlowDocument[],
): Promise<StepResult> {
  if (prior.status !== 'paused' || !prior.debug) {
    throw new EngineUsageError('not_paused', `Run ${prior.id} is not paused in the debugger.`)
  }
  const state: RunState = structuredClone(prior)
  state.status = 'executing'
  const at = state.debug!
  delete state.debug
  const step = await pausedStep(flow, state, contact, deps, null, frames)
  if (step.state.status === 'executing') await runFrom(step, at.nodeId, true)
  return finish(step)
}

/**
 * Resumes the run paused at a Hand over node because the takeover ended (docs/engine.md, rules 14-15): the node
 * leaves by `returned` with the person's variables. The end of the takeover is the core's to report (Handled.handover);
 * the step carries a takeover only if the run went on to another Hand over node (StepResult.handover).
 */
export async function handBackRun(
  flow: FlowDocument,
  prior: RunState,
  contact: Contact,
  deps: EngineDeps,
  handback: HandBack,
  frames?: FlowDocument[],
): Promise<StepResult> {
  if (prior.status !== 'paused' || !prior.waiting) {
    throw new EngineUsageError('run_not_paused', `Run ${prior.id} is ${prior.status}; only a paused run resumes.`)
  }
  const state: RunState = structuredClone(prior)
  state.status = 'executing'
  Object.assign(state.vars, handback.variables)
  // Business-initiated like a wake: the customer did not write, so what follows is held to the 24-hour window.
  const step: StepContext = { ...(await pausedStep(flow, state, contact, deps, null, frames)), woke: true }
  const cursor = state.waiting!
  state.waiting = null
  if (step.state.status === 'executing')
    await runFrom(step, await executeNode(step, cursor.nodeId, { handback, cursor }))
  return finish(step)
}

/**
 * The instant a paused run must be woken, or null when it waits on no time. Hosts store it with the run on every
 * commit (an indexed `wake_at`) and send the core `{kind: 'wake'}` when it comes; they never read the cursor.
 */
export function dueAt(state: RunState): number | null {
  return state.status === 'paused' && state.waiting?.until !== undefined ? state.waiting.until : null
}

/** Ends a run without executing anything: a newer trigger superseded it, or its messaging window closed. */
export function closeRun(prior: RunState, reason: Exclude<EndReason, 'completed'>, now: number): StepResult {
  const state: RunState = structuredClone(prior)
  state.status = 'ended'
  state.endReason = reason
  state.waiting = null
  delete state.debug
  // The whole stack ends with the run: expiry, supersede and cancel close every open call.
  delete state.calls
  state.endedAt = now
  state.updatedAt = now
  return { state, messages: [], trace: [], inbound: null }
}

/**
 * A paused run expires when the customer has not written for the channel's 24-hour service window. A run that waits
 * on time never does: its wake decides what happens (a message it then sends outside the window fails its node).
 */
export function isExpired(state: RunState, now: number): boolean {
  return (
    state.status === 'paused' && dueAt(state) === null && now - (state.lastInboundAt ?? state.startedAt) >= WINDOW_MS
  )
}

function newStep(
  graph: FlowGraph,
  state: RunState,
  contact: Contact,
  deps: EngineDeps,
  inbound: InboundEvent | null,
): StepContext {
  return { graph, state, contact, deps, messages: [], trace: [], inbound, executed: 0, callers: [] }
}

/**
 * Executes from a node until the run pauses, ends or fails. `executeNode` returns the next node id or null. When a
 * called flow stops (its End, a dead end, a failure), its caller goes on from the Call Flow node, until the run
 * pauses or its root flow stops.
 */
async function runFrom(step: StepContext, firstNodeId: string | null, goingOn = false): Promise<void> {
  let nodeId: string | null = firstNodeId
  // The node a run goes on from (a debugger's pause, a chosen start) is not stopped at again.
  let skip = goingOn
  for (;;) {
    while (nodeId) {
      if (step.executed >= MAX_NODES_PER_STEP) {
        unwindAll(step)
        fail(step, {
          code: 'loop_limit',
          message: `More than ${MAX_NODES_PER_STEP} nodes ran without waiting for the customer; the flow probably loops.`,
        })
        return
      }
      if (!skip && pauseBefore(step, nodeId)) return
      skip = false
      nodeId = await executeNode(step, nodeId, null)
    }
    if (!depthOf(step.state) || step.state.status === 'paused') return
    nodeId = returnFromCall(step)
  }
}

function fail(step: StepContext, error: { code: string; message: string }): void {
  step.state.status = 'failed'
  step.state.error = error
}

function finish(step: StepContext): StepResult {
  const { state } = step
  const now = step.deps.effects.clock.now()
  state.updatedAt = now
  // A step that neither paused nor failed ran off the graph or reached an End: the run is complete.
  if (state.status === 'executing') {
    state.status = 'ended'
    state.endReason = 'completed'
  }
  if (state.status === 'ended' || state.status === 'failed') {
    state.endedAt = now
    state.waiting = null
    delete state.calls
    delete state.debug
  }
  return {
    state,
    messages: step.messages,
    trace: step.trace,
    inbound: step.inbound,
    ...(step.languageChanged && state.language ? { contactLanguage: state.language } : {}),
    ...(step.handover ? { handover: step.handover } : {}),
  }
}
