// The conversation core's input and output (docs/engine.md, "The conversation core"). Every host (the studio's
// RunService, the production runtime, the conversation-test player) builds a CoreInput from what it stores, calls
// handleEvent, and persists the Handled it gets back, in one transaction, without deciding anything itself.
import type { FlowDocument } from '../../flow/document'
import type { Activation } from '../triggers'
import type { Contact, HandoverChange, InboundEvent, RunState, StepResult, TriggerInput, Vars } from '../types'

/** A paused run closed without running anything, and why. */
export interface Closing {
  state: RunState
  reason: 'superseded' | 'expired' | 'cancelled'
}

/** One thing that happens to a contact. */
export type ConversationEvent =
  /**
   * The customer wrote, tapped, chose a row, submitted a form or ordered: resume their paused run, start the flow
   * the message triggers, or nothing. `presets` apply to a run this message starts (conversation tests' variables).
   */
  | { kind: 'message'; message: InboundEvent; presets?: Vars }
  /**
   * A start of this flow that no customer message decides: a webhook request, an operator (manual), or a tester
   * starting the flow under test (then `trigger` is the message, matched against this flow only). It always
   * supersedes the contact's paused run.
   */
  | {
      kind: 'start'
      flow: FlowDocument
      trigger: TriggerInput | { message: InboundEvent }
      triggerNodeId?: string
      /** Start at this node instead of the trigger (a tester's start mid-flow): activation does not gate it. */
      startNodeId?: string
      presets?: Vars
      /**
       * A tester's start (the emulator's Start/Restart, a conversation test): it ends a takeover and starts (rule 16).
       * Any other start of a contact with a person is refused (`with_person`).
       */
      tester?: boolean
    }
  /** Nobody wrote: the expiry sweep asks whether the contact's paused run has outlived its window. */
  | { kind: 'sweep' }
  /**
   * A tester ends the contact's paused run without running anything: the emulator's Restart (`superseded`), its
   * simulated end of the 24-hour window (`expired`), a conversation test that finished while its run still waited.
   */
  | { kind: 'end'; reason: Closing['reason'] }
  /**
   * A timer: "this contact's paused run may be due". The core resumes it on time when `dueAt(state) <= now` and
   * otherwise changes nothing (`nothing_due`), so a host may deliver a wake late, twice, or after an answer.
   */
  | { kind: 'wake' }
  /**
   * A person takes the conversation (the publish API, the studio): the bot stays silent for the contact until it is
   * handed back. No run is needed; a paused run stays paused as it is. `until`: it comes back by itself then.
   */
  | { kind: 'takeover'; by: 'api' | 'studio'; note?: string; until?: number | null }
  /**
   * The person gives the conversation back. A run paused at a Hand over node resumes on `returned` with `variables`
   * merged into its variables; any other paused run waits again, unchanged.
   */
  | { kind: 'handback'; by: 'api' | 'studio' | 'timeout'; variables?: Vars }

/**
 * The contact's paused run, with its flow; `flow` is null when that flow no longer exists (a start event never
 * reads it: it supersedes the run whatever its flow).
 */
export interface CurrentRun {
  state: RunState
  flow: FlowDocument | null
  /**
   * The flows of the run's open calls (RunState.calls), outermost first: the run waits in the last. Hosts leave it
   * out; handleEvent loads them through EngineDeps.flows (a run whose called flow is gone counts as one whose flow
   * is gone).
   */
  frames?: FlowDocument[]
}

export interface CoreInput {
  contact: Contact
  current: CurrentRun | null
  /** The flows a message may start (only their trigger nodes are read). */
  flows: readonly FlowDocument[]
  event: ConversationEvent
  /** The host's clock now: expiry and wakes are decided against it, and closed runs end at it. */
  now: number
  /** Which triggers need an active flow (triggers.ts); production hosts leave the default, `every`. */
  activation?: Activation
}

/** Why an event changed nothing. */
export type Ignored =
  /** A message no paused run waits for and no trigger matches (for a tester's start: none of that flow's). */
  | { reason: 'no_trigger' }
  /** A message that would start this flow, were it active. */
  | { reason: 'inactive_flow'; flowId: string; flowName: string }
  /** A sweep that found nothing to close. */
  | { reason: 'nothing_expired' }
  /** A tester's end with no paused run to end. */
  | { reason: 'nothing_paused' }
  /** A wake for a run that is not due (answered, not yet time, or no paused run). */
  | { reason: 'nothing_due' }
  /** A message that starts no flow while the paused run waits on time alone (a Wait node): it keeps waiting. */
  | { reason: 'waiting_on_time' }
  /** A message that starts no flow while the debugger holds the paused run (RunState.debug): it stays held. */
  | { reason: 'held_by_debugger' }
  /** An event while a person has the conversation (rules 14-16): recorded by the host, routed nowhere. */
  | { reason: 'with_person'; handoverId: string }
  /** A takeover of a contact a person already has. */
  | { reason: 'already_with_person'; handoverId: string }
  /** A hand-back of a contact no person has. */
  | { reason: 'not_with_person' }

/** A step to persist, with the flow it belongs to (a closed run keeps the name it was logged under). */
export interface StepWrite {
  flow: Pick<FlowDocument, 'id' | 'name'>
  step: StepResult
}

export interface Handled {
  /**
   * A wake that ran the run on is 'resumed'. 'handover': only the contact's takeover changed (`handover`), nothing
   * ran: a takeover, or a hand-back with no Hand over run to go on.
   */
  action: 'started' | 'resumed' | 'closed' | 'ignored' | 'handover'
  /**
   * In commit order: a due wake carried out first (an event that came after the run's time), runs closed on the way
   * (flow gone, expired, superseded), then the step that ran.
   */
  steps: StepWrite[]
  /** The step that ran (the last of `steps`) and its full flow; null when nothing ran. */
  ran: { flow: FlowDocument; step: StepResult } | null
  /** The customer wrote at this time (messages only): the host records it on the contact. */
  inboundAt: number | null
  /** Present when action is 'ignored'. */
  ignored?: Ignored
  /**
   * A takeover this event started (takeover) or ended (hand-back, the Hand over node's time, a tester's start): the
   * host stores it in the same transaction, before the steps. A step may carry its own (a Hand over node it ran
   * starts one: StepResult.handover); `handoverChanges(handled)` lists them all in the order to store.
   */
  handover?: HandoverChange
}
