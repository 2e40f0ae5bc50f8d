// The conversation core: one event for one contact, decided (route.ts) and carried out by the engine, returned as
// the writes the host persists in one transaction. No host decides anything itself: the studio's RunService, the
// production runtime and the conversation-test player differ only in where they keep what this returns.
import type { EngineDeps } from '../deps'
import { closeRun, handBackRun, startRun, resumeRun, wakeUp } from '../machine'
import type { HandbackRecord, HandoverChange, InboundEvent, TriggerInput } from '../types'
import { route, type Closing, type StartPlan } from './route'
import { loadFrames } from '../calls'
import type { CoreInput, CurrentRun, Handled, Ignored, StepWrite } from './types'

/** The prefix of a message id made up where the channel gave none (the emulator, `chatflow run`, tests). */
export const LOCAL_MESSAGE_ID_PREFIX = 'wamid.local_'

export async function handleEvent(given: CoreInput, deps: EngineDeps): Promise<Handled> {
  const input = { ...given, current: await withFrames(given.current, deps) }
  const event = withMessageId(input.event, deps)
  const decided = route({ ...input, event }, deps.catalog)
  const { plan } = decided
  if (plan.action === 'takeover') {
    const { by, note, until } = plan
    const ids = { runId: null, flowId: null, nodeId: null }
    const start = { id: deps.effects.ids.next('hnd_'), since: input.now, by, ...ids, until, note }
    return { action: 'handover', steps: [], ran: null, inboundAt: null, handover: { start } }
  }
  if (plan.action !== 'handback') {
    const handled = await carryOut({ ...input, event }, decided, deps)
    return decided.endHandover ? { ...handled, handover: { end: ended(input, decided.endHandover, {}) } } : handled
  }
  // Rules 14-15: the takeover ends; the Hand over node's run goes on by `returned` with the person's variables.
  const end = ended(input, plan.by, plan.variables)
  const steps = closings(decided.close, input.now)
  const { run } = plan
  const since = input.contact.handover!.since
  const ran = run
    ? {
        flow: run.flow,
        step: await handBackRun(run.flow, run.state, input.contact, deps, { ...end, since }, run.frames),
      }
    : null
  if (ran) steps.push(ran)
  const done: Handled = { action: ran ? 'resumed' : 'handover', steps, ran, inboundAt: null, handover: { end } }
  if (!plan.then) return done
  // The event came after the node's time: decided again with the conversation back with the bot (rule 10), and with
  // a person again if the run went on to another Hand over node.
  const paused = ran?.step.state.status === 'paused' ? ran.step.state : null
  const again = ran?.step.handover && 'start' in ran.step.handover ? ran.step.handover.start : null
  const contact = { ...input.contact, handover: again }
  const current = paused && ran ? await withFrames({ state: paused, flow: ran.flow }, deps) : null
  const next = { ...input, contact, current, event }
  const after = await carryOut(next, route(next, deps.catalog), deps)
  return after.action === 'ignored'
    ? { ...done, inboundAt: after.inboundAt }
    : { ...after, steps: [...steps, ...after.steps], handover: { end } }
}

function ended(
  input: Pick<CoreInput, 'contact' | 'now'>,
  by: HandbackRecord['by'],
  variables: HandbackRecord['variables'],
): HandbackRecord {
  return { handoverId: input.contact.handover!.id, at: input.now, by, variables }
}

/** Every takeover change of a handled event, in the order the host stores them: the event's, then the steps'. */
export function handoverChanges(handled: Handled): HandoverChange[] {
  const steps = handled.steps.flatMap((w) => (w.step.handover ? [w.step.handover] : []))
  return handled.handover ? [handled.handover, ...steps] : steps
}

/** Rules 1-13: a plan that runs, closes or ignores. */
async function carryOut(input: CoreInput, routed: ReturnType<typeof route>, deps: EngineDeps): Promise<Handled> {
  const { event } = input
  const steps: StepWrite[] = []
  let decided = routed
  let woke: Handled['ran'] = null
  if (decided.plan.action === 'wake') {
    steps.push(...closings(decided.close, input.now))
    const { flow, run, frames, then } = decided.plan
    woke = { flow, step: await wakeUp(flow, run, input.contact, deps, frames) }
    steps.push(woke)
    if (!then) return { action: 'resumed', steps, ran: woke, inboundAt: null }
    // The event came after the run's time: decided again against the run as the wake left it. A wake never leaves
    // a run due at the same instant (a wait whose time has passed is left at once: execute-node.ts), so once.
    const current =
      woke.step.state.status === 'paused' ? await withFrames({ state: woke.step.state, flow }, deps) : null
    const contact =
      woke.step.handover && 'start' in woke.step.handover
        ? { ...input.contact, handover: woke.step.handover.start }
        : input.contact
    decided = route({ ...input, contact, current, event }, deps.catalog)
    if (decided.plan.action === 'wake') throw new Error('A wake left the run due at the same instant.')
  }
  const { close, plan } = decided
  steps.push(...closings(close, input.now))
  // The customer wrote: a message, or a tester's start that stands for one (it opens the 24-hour window and is the
  // contact's last message, as the same message would be in production). Webhook and operator starts are not.
  const inboundAt =
    event.kind === 'message' || (event.kind === 'start' && 'message' in event.trigger) ? input.now : null
  if (plan.action === 'none')
    return woke ? { action: 'resumed', steps, ran: woke, inboundAt } : nothingRan(steps, inboundAt, plan.ignored)
  if (plan.action !== 'resume' && plan.action !== 'start') throw new Error(`A ${plan.action} cannot follow a wake.`)
  const ran =
    plan.action === 'resume'
      ? {
          flow: plan.flow,
          step: await resumeRun(plan.flow, plan.run, plan.event, input.contact, deps, !plan.simulated, plan.frames),
        }
      : { flow: plan.start.flow, step: await start(plan.start, input, deps) }
  steps.push(ran)
  return { action: plan.action === 'resume' ? 'resumed' : 'started', steps, ran, inboundAt }
}

/**
 * The paused run with the flows of its open calls loaded (docs/engine.md, "Calls"): the run waits in the innermost.
 * When one of them is gone, the run counts as one whose flow is gone (route.ts, rule 1: closed as superseded).
 */
async function withFrames(current: CurrentRun | null, deps: EngineDeps): Promise<CurrentRun | null> {
  if (!current?.flow || !current.state.calls?.length || current.frames) return current
  const frames = await loadFrames(current.flow, current.state, deps)
  return frames ? { ...current, frames } : { ...current, flow: null }
}

/**
 * A timer's wake for one contact (docs/engine.md, "Waiting on time"): the same rule as handleEvent's for
 * `{kind: 'wake'}`. It runs nodes, so unlike the sweep it is awaited; a host calls it under the contact's lock and
 * commits what it returns in the same transaction, which makes a wake delivered twice or late harmless.
 */
export function wakeRun(input: Omit<CoreInput, 'event' | 'flows'>, deps: EngineDeps): Promise<Handled> {
  return handleEvent({ ...input, flows: [], event: { kind: 'wake' } }, deps)
}

/**
 * The sweep, synchronously: it runs no node, so a host's timer (and a read that must not see an expired run)
 * need not await. The same rule as handleEvent's for `{kind: 'sweep'}`.
 */
export function sweepRun(input: Omit<CoreInput, 'event' | 'flows'>, catalog: EngineDeps['catalog']): Handled {
  return closeOnly(input, { kind: 'sweep' }, catalog)
}

/** A tester's end of the paused run, synchronously (it runs no node): the same rule as handleEvent's for `end`. */
export function endRun(
  input: Omit<CoreInput, 'event' | 'flows'>,
  reason: Closing['reason'],
  catalog: EngineDeps['catalog'],
): Handled {
  return closeOnly(input, { kind: 'end', reason }, catalog)
}

function closeOnly(
  input: Omit<CoreInput, 'event' | 'flows'>,
  event: Extract<CoreInput['event'], { kind: 'sweep' | 'end' }>,
  catalog: EngineDeps['catalog'],
): Handled {
  const { close, plan, endHandover } = route({ ...input, flows: [], event }, catalog)
  if (plan.action !== 'none') throw new Error(`A ${event.kind} event cannot ${plan.action} a run.`)
  const handled = nothingRan(closings(close, input.now), null, plan.ignored)
  return endHandover ? { ...handled, handover: { end: ended(input, endHandover, {}) } } : handled
}

// A closed run keeps the flow name it was logged under: the run row's upsert only updates state columns.
function closings(close: Closing[], now: number): StepWrite[] {
  return close.map((c) => ({
    flow: { id: c.state.flowId, name: c.state.flowId },
    step: closeRun(c.state, c.reason, now),
  }))
}

function nothingRan(steps: StepWrite[], inboundAt: number | null, ignored: Ignored): Handled {
  return steps.length
    ? { action: 'closed', steps, ran: null, inboundAt }
    : { action: 'ignored', steps, ran: null, inboundAt, ignored }
}

function start(plan: StartPlan, input: CoreInput, deps: EngineDeps) {
  const { flow, trigger, triggerNodeId, startNodeId, presets } = plan
  return startRun(flow, { contact: input.contact, trigger, triggerNodeId, startNodeId, presets }, deps)
}

/**
 * Every message has an id, and a run's triggering one is {{chat_message_id}}: the channel's in production; made up
 * here where the host has none (emulator, `chatflow run`, tests), so a flow that logs or forwards it behaves the same
 * offline and the Flow Logs show one. A webhook request counts as a message; an operator's start does not.
 */
function withMessageId(event: CoreInput['event'], deps: EngineDeps): CoreInput['event'] {
  const fresh = () => deps.effects.ids.next(LOCAL_MESSAGE_ID_PREFIX)
  const stamp = (m: InboundEvent): InboundEvent => (m.id ? m : { ...m, id: fresh() })
  if (event.kind === 'message') return { ...event, message: stamp(event.message) }
  if (event.kind !== 'start') return event
  return { ...event, trigger: stampTrigger(event.trigger, stamp, fresh) }
}

function stampTrigger(
  t: TriggerInput | { message: InboundEvent },
  stamp: (m: InboundEvent) => InboundEvent,
  fresh: () => string,
): TriggerInput | { message: InboundEvent } {
  if (!('kind' in t)) return { message: stamp(t.message) }
  switch (t.kind) {
    case 'webhook':
      return t.message_id ? t : { ...t, message_id: fresh() }
    case 'keyword':
      return { ...t, message: { ...t.message, id: t.message.id || fresh() } }
    case 'button_click':
    case 'ad_click':
      return { ...t, message: stamp(t.message) }
    case 'manual':
      return t
  }
}
