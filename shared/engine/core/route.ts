// The decision half of the conversation core: given the contact's paused run, the flows and one event, what
// happens. Synchronous and without effects, so every rule is tested as a table (route.test.ts). The rules
// (docs/engine.md, "The conversation core"):
//   1. a paused run whose window has closed is closed as 'expired', one whose flow is gone as 'superseded', and the
//      event is then handled as if there were no paused run;
//   2. a message the waiting node accepts as its answer resumes the run, even if it is also a keyword;
//   3. otherwise a message that starts a flow supersedes the paused run;
//   4. otherwise the paused run receives it anyway (a button node re-sends its buttons, for example);
//   5. with no paused run and no trigger match, nothing happens, and the reason is said;
//   6. a start (webhook, manual, a tester's) starts, superseding the paused run; except that
//   7. a webhook request whose button_id a paused run of the same flow waits for (an Interactive node offering that
//      button) is that button tapped: it resumes the run (webhook-click.ts);
//   8. a tester's end closes the paused run for the reason the tester gives, and runs nothing;
//   9. a wake resumes a paused run whose time has come (dueAt <= now) by its timeout port, and nothing else;
//  10. any other event that comes at or after the run's time first has the wake carried out, then is decided
//      again against the run as the wake left it (a reply strictly before `until` is an answer; at it, too late);
//  11. a run that waits on time does not expire (its wake decides), and a message that starts no flow does not
//      reach a run that waits on time alone (a Wait node): it keeps waiting;
//  12. a run inside a call (RunState.calls) is the same one run: its waiting node is read in the called flow
//      (`frames`), and every rule above applies to the whole stack;
//  13. a run held by the debugger (RunState.debug: no node waits) takes no message: one that starts no flow leaves it
//      as it is (the debugger goes on from it, shared/engine/machine.ts goOn); a start or an end applies as above.
//  14. while a person has the conversation (Contact.handover), a message starts and resumes nothing (`with_person`):
//      the host records it in the takeover's transcript; a takeover then is refused (`already_with_person`), a
//      hand-back without one too (`not_with_person`); a hand-back resumes the Hand over node's run by `returned`, and
//      leaves any other paused run waiting as it was;
//  15. the Hand over node's run falling due (its `until`) ends the takeover by 'timeout' and resumes it by
//      `returned` (as rule 9/10 would); any other run's wake while a person has the conversation is held
//      (`with_person`): rule 10 carries it out at the first event or wake after the hand-back;
//  16. a tester's start ends the takeover and starts; any other start (webhook, manual, broadcast) is refused
//      (`with_person`);
//  17. the sweep never expires the Hand over node's run while its takeover lasts (its `until`, if any, decides).
import type { FlowDocument } from '../../flow/document'
import type { NodeCatalog } from '../deps'
import { dueAt, isExpired } from '../machine'
import { matchTrigger, type Activation } from '../triggers'
import { offersButton, webhookClick } from '../webhook-click'
import type { HandbackRecord, Handover, InboundEvent, RunState, TriggerInput, Vars } from '../types'
import { currentFlow } from '../calls'
import type { Closing, CoreInput, CurrentRun, Ignored } from './types'

export type { Closing }

export interface StartPlan {
  flow: FlowDocument
  trigger: TriggerInput
  triggerNodeId?: string
  startNodeId?: string
  presets?: Vars
}

export type Plan =
  /** `simulated`: the event is a webhook's button_id, not the customer writing. */
  | {
      action: 'resume'
      run: RunState
      flow: FlowDocument
      frames?: FlowDocument[]
      event: InboundEvent
      simulated?: true
    }
  /** Resume on time; `then`: the event came after the run's time, decide it again once the wake is carried out. */
  | { action: 'wake'; run: RunState; flow: FlowDocument; frames?: FlowDocument[]; then?: true }
  | { action: 'start'; start: StartPlan }
  | { action: 'none'; ignored: Ignored }
  /** A person takes the conversation (rule 14): nothing runs. */
  | { action: 'takeover'; by: Handover['by']; note: string | null; until: number | null }
  /**
   * The takeover ends (rules 14, 15): `run` is the Hand over node's run, resumed by `returned` with `variables`;
   * null when there is none to go on (an API/studio takeover, or its run has ended). `then`: as the wake's.
   */
  | {
      action: 'handback'
      by: HandbackRecord['by']
      variables: Vars
      run: { state: RunState; flow: FlowDocument; frames?: FlowDocument[] } | null
      then?: true
    }

export interface Route {
  /** Runs to close before the plan runs, in this order. */
  close: Closing[]
  plan: Plan
  /** The takeover ends before the plan runs, for this reason (a tester's start, rule 16). */
  endHandover?: HandbackRecord['by']
}

export function route(input: CoreInput, catalog: NodeCatalog): Route {
  const { current, event, now } = input
  const handover = input.contact.handover ?? null
  if (handover) return withPerson(input, handover, catalog)
  const close: Closing[] = []
  if (event.kind === 'takeover')
    return { close, plan: { action: 'takeover', by: event.by, note: event.note ?? null, until: event.until ?? null } }
  if (event.kind === 'handback') return { close, plan: { action: 'none', ignored: { reason: 'not_with_person' } } }
  if (event.kind === 'sweep') {
    // Only the clock closes a run here: a sweep reads no flows, so it cannot tell a missing one from an unread one.
    if (current && isExpired(current.state, now)) close.push({ state: current.state, reason: 'expired' })
    return { close, plan: { action: 'none', ignored: { reason: 'nothing_expired' } } }
  }
  if (event.kind === 'end') {
    if (current && current.state.status === 'paused') close.push({ state: current.state, reason: event.reason })
    return { close, plan: { action: 'none', ignored: { reason: 'nothing_paused' } } }
  }
  const due = current && isDue(current.state, now) ? current : null
  if (event.kind === 'wake') {
    if (!due) return { close, plan: { action: 'none', ignored: { reason: 'nothing_due' } } }
    if (!due.flow) {
      close.push({ state: due.state, reason: 'superseded' })
      return { close, plan: { action: 'none', ignored: { reason: 'nothing_due' } } }
    }
    return { close, plan: { action: 'wake', run: due.state, flow: due.flow, frames: due.frames } }
  }
  if (due?.flow)
    return { close, plan: { action: 'wake', run: due.state, flow: due.flow, frames: due.frames, then: true } }
  let live: Live | null = null
  if (current && current.state.status === 'paused') {
    if (isExpired(current.state, now)) close.push({ state: current.state, reason: 'expired' })
    else if (!current.flow) close.push({ state: current.state, reason: 'superseded' })
    else live = { state: current.state, flow: current.flow, frames: current.frames }
  }
  const supersede = () => (live ? [...close, { state: live.state, reason: 'superseded' as const }] : close)

  if (event.kind === 'start') {
    const { flow, trigger, triggerNodeId, startNodeId, presets } = event
    if ('kind' in trigger) {
      const click = live && live.flow.id === flow.id ? webhookClick(waitingIn(live), trigger) : null
      if (live && click && answers(live, click, catalog)) {
        return { close, plan: { ...resume(live, click), simulated: true } }
      }
      return {
        close: supersede(),
        plan: { action: 'start', start: { flow, trigger, triggerNodeId, startNodeId, presets } },
      }
    }
    const activation: Activation = startNodeId ? 'none' : (input.activation ?? 'every')
    const match = matchTrigger([flow], trigger.message, activation)
    if (!match) {
      const ignored = whyNot([flow], trigger.message, activation) ?? { reason: 'no_trigger' }
      return { close, plan: { action: 'none', ignored } }
    }
    const start = {
      flow,
      trigger: match.trigger,
      triggerNodeId: triggerNodeId ?? match.triggerNodeId,
      startNodeId,
      presets,
    }
    return { close: supersede(), plan: { action: 'start', start } }
  }

  const message = event.message
  if (live && accepts(live, message, catalog)) return { close, plan: resume(live, message) }
  const activation = input.activation ?? 'every'
  const match = matchTrigger(input.flows, message, activation)
  if (match) {
    const start = {
      flow: match.flow,
      trigger: match.trigger,
      triggerNodeId: match.triggerNodeId,
      presets: event.presets,
    }
    return { close: supersede(), plan: { action: 'start', start } }
  }
  if (live && live.state.waiting?.customer === false)
    return { close, plan: { action: 'none', ignored: { reason: 'waiting_on_time' } } }
  if (live?.state.debug) return { close, plan: { action: 'none', ignored: { reason: 'held_by_debugger' } } }
  if (live) return { close, plan: resume(live, message) }
  return {
    close,
    plan: { action: 'none', ignored: whyNot(input.flows, message, activation) ?? { reason: 'no_trigger' } },
  }
}

/** Rules 14-17: a person has the conversation. */
function withPerson(input: CoreInput, handover: Handover, catalog: NodeCatalog): Route {
  const { current, event, now } = input
  const withPersonIgnored: Plan = { action: 'none', ignored: { reason: 'with_person', handoverId: handover.id } }
  // The Hand over node's run, still paused at it (not when the run went on or ended some other way).
  const nodeRun = current && current.state.status === 'paused' && current.state.id === handover.runId ? current : null
  if (event.kind === 'takeover')
    return { close: [], plan: { action: 'none', ignored: { reason: 'already_with_person', handoverId: handover.id } } }
  if (event.kind === 'sweep') {
    const close: Closing[] = []
    if (current && !nodeRun && isExpired(current.state, now)) close.push({ state: current.state, reason: 'expired' })
    return { close, plan: { action: 'none', ignored: { reason: 'nothing_expired' } } }
  }
  if (event.kind === 'end') {
    // A tester (the emulator's Restart) or a person (Flow Logs' Cancel run) ending the Hand over node's run ends
    // its takeover too: nothing would be left to hand back.
    const then = route({ ...input, contact: { ...input.contact, handover: null } }, catalog)
    return nodeRun && then.close.some((c) => c.state.id === nodeRun.state.id)
      ? { ...then, endHandover: 'studio' }
      : then
  }
  if (event.kind === 'start') {
    if (!event.tester) return { close: [], plan: withPersonIgnored }
    const then = route({ ...input, contact: { ...input.contact, handover: null } }, catalog)
    return then.plan.action === 'start' ? { ...then, endHandover: 'studio' } : then
  }
  const nodeDue = nodeRun && isDue(nodeRun.state, now) ? nodeRun : null
  if (event.kind === 'handback' || nodeDue) {
    const by = event.kind === 'handback' ? event.by : 'timeout'
    const variables = event.kind === 'handback' ? (event.variables ?? {}) : {}
    const close: Closing[] = []
    if (nodeRun && !nodeRun.flow) close.push({ state: nodeRun.state, reason: 'superseded' })
    const run = nodeRun?.flow ? { state: nodeRun.state, flow: nodeRun.flow, frames: nodeRun.frames } : null
    const then = event.kind === 'handback' || event.kind === 'wake' ? {} : { then: true as const }
    return { close, plan: { action: 'handback', by, variables, run, ...then } }
  }
  // A message, or a wake of any other run: held until the hand-back (rules 14, 15).
  return { close: [], plan: withPersonIgnored }
}

/** The paused run with its flows: the root flow, and those of its open calls (the run waits in the last). */
type Live = { state: RunState; flow: FlowDocument; frames?: FlowDocument[] }

function resume(live: Live, event: InboundEvent): Plan & { action: 'resume' } {
  return { action: 'resume', run: live.state, flow: live.flow, frames: live.frames, event }
}

/** The flow whose node the run waits at. */
function waitingIn(run: Live | CurrentRun): FlowDocument {
  return currentFlow(run.flow!, run.frames)
}

/** A message that matched nothing only because its flow is inactive names that flow. */
function whyNot(flows: readonly FlowDocument[], message: InboundEvent, activation: Activation): Ignored | null {
  if (activation === 'none') return null
  const asIfActive = matchTrigger(flows, message, 'none')
  return asIfActive && !asIfActive.flow.active
    ? { reason: 'inactive_flow', flowId: asIfActive.flow.id, flowName: asIfActive.flow.name }
    : null
}

/** A simulated click answers only a node that shows that button (a Question would take any tap as its answer). */
function answers(paused: Live, event: InboundEvent & { type: 'button_reply' }, catalog: NodeCatalog): boolean {
  const node = paused.state.waiting && waitingIn(paused).nodes.find((n) => n.id === paused.state.waiting!.nodeId)
  return !!node && offersButton(node, event.reply.id) && accepts(paused, event, catalog)
}

function isDue(state: RunState, now: number): boolean {
  const at = dueAt(state)
  return at !== null && at <= now
}

function accepts(paused: Live, event: InboundEvent, catalog: NodeCatalog): boolean {
  const cursor = paused.state.waiting
  if (!cursor || cursor.customer === false) return false
  const node = waitingIn(paused).nodes.find((n) => n.id === cursor.nodeId)
  const runner = node ? catalog.node(node.type)?.runner : undefined
  // A waiting node without an opinion takes whatever comes: it waited for exactly this customer.
  return runner?.accepts ? runner.accepts(event, cursor) : true
}
