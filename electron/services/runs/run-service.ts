import type { Database } from 'better-sqlite3'
import type { FlowDocument } from '../../../shared/flow/document'
import {
  createEffects,
  handleEvent,
  sweepRun,
  endRun,
  dueAt,
  wakeUp,
  goOn,
  WINDOW_MS,
  type DebugHooks,
  type Activation,
  type Contact,
  type ConversationEvent,
  type Effects,
  type EngineDeps,
  type FlowSource,
  type Handled,
  type InboundEvent,
  type NodeMock,
  type RunState,
  type StepResult,
  type TriggerInput,
} from '../../../shared/engine'
import { nodeCatalog } from '../../../shared/nodes/runners'
import { contactLanguageOf, handoverChanges } from '../../../shared/engine/core'
import { HandoverStore } from '../handovers/store'
import { withContactLock } from './contact-lock'
import { ContactStore, type ContactRecord } from './contacts'
import { RunStore } from './run-store'
import { FlowStore } from '../store/flows'
import { studioFlowSource } from '../store/flow-source'

export interface RunServiceOptions {
  /** The studio's real effects (HTTP, scripts…); defaults to a real clock and ids, integrations refusing. */
  effects?: Effects
  /** Enforce the 24-hour window and opt-out on sends (EngineDeps.serviceWindow); the manual trigger turns it on. */
  serviceWindow?: boolean
  /**
   * Where Call Flow nodes find the flows they call (docs/engine.md, "Calls"); default: the latest saved revision in
   * the studio's flow store over the same database. `chatflow run` passes the flows it was given.
   */
  flows?: FlowSource
}

export interface StartRequest {
  /** A contact stored in `contacts` (use `contacts.ensure({ phone, name })`): runs reference it. */
  contact: Contact
  trigger: TriggerInput
  triggerNodeId?: string
  /** A test started mid-flow (shared/engine StartOptions.startNodeId). */
  startNodeId?: string
  presets?: Record<string, unknown>
  /** Conversation tests: node results by node name instead of running those nodes. */
  mocks?: Record<string, NodeMock>
  /** The debugger (`chatflow run --break`): where the run stops. */
  debug?: DebugHooks
}

export interface HandleOptions {
  /** The flows a message may start (the studio passes the stored flows; only active ones start by default). */
  flows?: readonly FlowDocument[]
  /** The flow of the contact's paused run; null when it no longer exists. */
  flowOf?: (flowId: string) => FlowDocument | null
  mocks?: Record<string, NodeMock>
  /** Which triggers need an active flow: the emulator's flow under test passes 'keyword' (shared/engine triggers.ts). */
  activation?: Activation
  /** The debugger attached to this run (shared/engine/debug): where it stops. */
  debug?: DebugHooks
  /**
   * Under the contact's lock, with its takeover as stored now: whether the event still applies (a timer's hand-back
   * of the takeover it found due, not of one started since). False: nothing happens (`ignored: not_with_person`).
   */
  only?: (contact: Contact, now: number) => boolean
}

/** What the host does with an inbound message (the conversation core decides: shared/engine/core). */
export type InboundOutcome =
  { action: 'resumed' | 'started'; step: StepResult; flow: FlowDocument } | { action: 'ignored' }

/**
 * The studio's host of the conversation core: it reads the contact's paused run, hands the event to
 * `handleEvent`, and persists what comes back (closed runs, the step, the contact's last message) in one
 * transaction. Flow documents are passed in by the caller (the emulator, webhook or CLI know which revision they
 * run).
 */
export class RunService {
  readonly contacts: ContactStore
  readonly runs: RunStore
  /** The contacts' takeovers (migration 027): read into Contact.handover for every event, written with its steps. */
  readonly handovers: HandoverStore
  /** Where calls find their callees (the conversation-test player is given it too). */
  readonly flows: FlowSource
  private readonly effects: Effects
  private readonly serviceWindow: boolean

  constructor(
    private readonly db: Database,
    opts: RunServiceOptions = {},
  ) {
    this.effects = opts.effects ?? createEffects()
    this.serviceWindow = opts.serviceWindow ?? false
    this.contacts = new ContactStore(db, () => this.effects.clock.now())
    this.runs = new RunStore(db)
    this.handovers = new HandoverStore(db)
    let store: FlowStore | undefined
    this.flows = opts.flows ?? studioFlowSource(() => (store ??= new FlowStore(db, () => this.effects.clock.now())))
  }

  private deps(mocks?: Record<string, NodeMock>, debug?: DebugHooks): EngineDeps {
    const deps: EngineDeps = {
      effects: this.effects,
      catalog: nodeCatalog,
      mocks,
      serviceWindow: this.serviceWindow,
      flows: this.flows,
    }
    if (debug) deps.debug = debug
    return deps
  }

  /** Runs `fn` after any step of the contact in flight, and before the next (a person's reply, for one). */
  locked<T>(contactId: string, fn: () => T | Promise<T>): Promise<T> {
    return withContactLock(this.db, contactId, async () => fn())
  }

  /** The clock this service steps runs on (the emulator's contacts each have their own). */
  now(): number {
    return this.effects.clock.now()
  }

  /** One event for the contact, decided by the conversation core and persisted. */
  async handle(contact: Contact, event: ConversationEvent, opts: HandleOptions = {}): Promise<Handled> {
    return withContactLock(this.db, contact.id, () => this.handleNow(contact, event, opts))
  }

  private async handleNow(contact: Contact, event: ConversationEvent, opts: HandleOptions): Promise<Handled> {
    const now = this.effects.clock.now()
    const paused = this.runs.pausedOf(contact.id)
    const current = paused ? { state: paused, flow: opts.flowOf?.(paused.flowId) ?? null } : null
    // The takeover as stored now, under the contact's lock: the caller's copy of the contact may predate it.
    const person = { ...contact, handover: this.handovers.current(contact.id) }
    if (opts.only && !opts.only(person, now))
      return { action: 'ignored', steps: [], ran: null, inboundAt: null, ignored: { reason: 'not_with_person' } }
    const handled = await handleEvent(
      { contact: person, current, flows: opts.flows ?? [], event, now, activation: opts.activation },
      this.deps(opts.mocks, opts.debug),
    )
    // A message while a person has the conversation goes to the takeover's transcript (rule 14).
    const held =
      event.kind === 'message' && handled.ignored?.reason === 'with_person'
        ? { handoverId: handled.ignored.handoverId, at: now, message: event.message }
        : undefined
    this.persist(contact.id, handled, held)
    return handled
  }

  /**
   * Goes on from the debugger's pause of this run (RunState.debug), stopping where `debug` says, and persists the
   * step like any other. Null when the run is no longer held by the debugger (it moved meanwhile).
   */
  async goOn(
    runId: string,
    flow: FlowDocument,
    opts: { debug?: DebugHooks; mocks?: Record<string, NodeMock> } = {},
  ): Promise<StepResult | null> {
    const first = this.runs.state(runId)
    if (!first) return null
    return withContactLock(this.db, first.contactId, async () => {
      const state = this.runs.state(runId)
      if (!state || state.status !== 'paused' || !state.debug) return null
      const step = await goOn(flow, state, this.contactOf(state), this.deps(opts.mocks, opts.debug))
      const ran = { flow, step }
      this.persist(state.contactId, { action: 'resumed', steps: [ran], ran, inboundAt: null })
      return step
    })
  }

  /** Writes what the core returned, in one transaction (the conversation-test player's studio sink uses it too). */
  persist(contactId: string, handled: Handled, held?: { handoverId: string; at: number; message: InboundEvent }): void {
    this.db.transaction(() => {
      // The takeover ends before the steps it resumes, and a step's new one starts after (handoverChanges' order).
      for (const change of handoverChanges(handled)) this.handovers.apply(contactId, change)
      if (held) this.handovers.append(held.handoverId, held.at, { direction: 'in', message: held.message })
      this.runs.writeSteps(handled.steps)
      if (handled.inboundAt !== null) this.contacts.touchInbound(contactId, handled.inboundAt)
      // A Set Language node changed the run's language: the contact's next run starts in it.
      const language = contactLanguageOf(handled.steps)
      if (language) this.contacts.update(contactId, { language })
    })()
  }

  /**
   * Starts a run (webhook, manual, CLI), superseding the contact's paused run: one conversation at a time. A
   * webhook's button_id that the paused run of this flow waits on resumes that run instead (the step returned).
   */
  async start(flow: FlowDocument, req: StartRequest): Promise<StepResult> {
    const { contact, trigger, triggerNodeId, startNodeId, presets, mocks, debug } = req
    // The paused run's flow is read only when it is this one: a webhook's button_id may answer its buttons.
    const flowOf = (id: string) => (id === flow.id ? flow : null)
    const handled = await this.handle(
      contact,
      { kind: 'start', flow, trigger, triggerNodeId, startNodeId, presets },
      { mocks, flowOf, debug },
    )
    if (!handled.ran) throw new WithPersonError(handled.ignored)
    return handled.ran.step
  }

  /** Resumes this paused run with the customer's message (no other flow is considered). */
  async resume(
    flow: FlowDocument,
    runId: string,
    event: InboundEvent,
    mocks?: Record<string, NodeMock>,
  ): Promise<StepResult> {
    const state = this.runs.state(runId)
    if (!state) throw new Error(`Run ${runId} does not exist.`)
    const contact = this.contactOf(state)
    const now = this.effects.clock.now()
    const handled = await handleEvent(
      { contact, current: { state, flow }, flows: [], event: { kind: 'message', message: event }, now },
      this.deps(mocks),
    )
    this.persist(contact.id, handled)
    if (!handled.ran) throw new Error(notResumed(runId, state, handled.ignored?.reason))
    return handled.ran.step
  }

  /**
   * A message from a contact: resumes their paused run, or starts the flow it triggers, or does nothing.
   * `flows` are the candidate flows (only active ones start from a message); `flowOf` finds the paused run's flow.
   */
  async receive(
    contact: Contact,
    event: InboundEvent,
    flows: readonly FlowDocument[],
    flowOf: (flowId: string) => FlowDocument | null,
    mocks?: Record<string, NodeMock>,
    debug?: DebugHooks,
  ): Promise<InboundOutcome> {
    const handled = await this.handle(contact, { kind: 'message', message: event }, { flows, flowOf, mocks, debug })
    return handled.ran
      ? { action: handled.action as 'started' | 'resumed', step: handled.ran.step, flow: handled.ran.flow }
      : { action: 'ignored' }
  }

  /** The contact's paused run, if its messaging window is still open (an expired one is closed on the way). */
  pausedRun(contactId: string): RunState | null {
    const state = this.runs.pausedOf(contactId)
    if (!state) return null
    return this.sweep(state) ? null : state
  }

  /**
   * Closes every paused run whose window has closed and returns them as they were. The studio calls it at start
   * and on a timer (runs/expiry-service.ts), so a run nobody answers ends even if the contact never writes again.
   */
  expireStale(): RunState[] {
    const now = this.effects.clock.now()
    return this.runs.pausedBefore(now - WINDOW_MS + 1).filter((s) => this.sweep(s))
  }

  /**
   * Paused runs that may have expired by `now` on a clock up to `aheadMs` ahead of this service's (the emulator's
   * test contacts, each on its own clock): the candidates a sweep over several clocks asks each contact's about.
   */
  expiryCandidates(aheadMs: number): RunState[] {
    return this.runs.pausedBefore(this.effects.clock.now() + aheadMs - WINDOW_MS + 1)
  }

  /** Closes this paused run if its window has closed on this service's clock (the core decides); true if it did. */
  expireIfStale(state: RunState): boolean {
    return this.sweep(state)
  }

  /**
   * A tester ends this paused run without running anything (the emulator's Restart and "+24 h", a finished
   * conversation test): the core closes it for `reason`, and that is persisted.
   */
  end(state: RunState, reason: 'superseded' | 'expired' | 'cancelled'): Handled {
    const handled = endRun(
      { contact: this.contactOf(state), current: { state, flow: null }, now: this.effects.clock.now() },
      reason,
      nodeCatalog,
    )
    this.persist(state.contactId, handled)
    return handled
  }

  /**
   * Wakes this run that waits on time now, before it is due: a person's "Wake now" in the Flow Logs. The run goes
   * on as its due time would make it (the timeout path, or the Wait node's out) at the time it is woken. Null when
   * it no longer waits on time (answered, woken or closed meanwhile).
   */
  async wakeEarly(runId: string, flow: FlowDocument): Promise<StepResult | null> {
    const first = this.runs.state(runId)
    if (!first) return null
    return withContactLock(this.db, first.contactId, async () => {
      const state = this.runs.state(runId)
      if (!state || dueAt(state) === null) return null
      const contact = this.contactOf(state)
      // The Hand over node's run: waking it early is the studio handing the conversation back (rule 15).
      if (contact.handover?.runId === runId)
        return (
          (await this.handleNow(contact, { kind: 'handback', by: 'studio' }, { flowOf: () => flow })).ran?.step ?? null
        )
      const step = await wakeUp(flow, state, contact, this.deps())
      const woke = { flow, step }
      this.persist(state.contactId, { action: 'resumed', steps: [woke], ran: woke, inboundAt: null })
      return step
    })
  }

  /**
   * Ends this paused run as `cancelled` (a person's "Cancel run" in the Flow Logs), after any step of its contact in
   * flight. Null when it is not paused any more.
   */
  cancel(runId: string): Promise<Handled | null> {
    const first = this.runs.state(runId)
    if (!first) return Promise.resolve(null)
    return withContactLock(this.db, first.contactId, async () => {
      const state = this.runs.state(runId)
      return state?.status === 'paused' ? this.end(state, 'cancelled') : null
    })
  }

  /** Asks the core whether this paused run has expired; closes it when it has. */
  private sweep(state: RunState): boolean {
    const handled = sweepRun(
      { contact: this.contactOf(state), current: { state, flow: null }, now: this.effects.clock.now() },
      nodeCatalog,
    )
    this.persist(state.contactId, handled)
    return handled.action === 'closed'
  }

  private contactOf(state: RunState): Contact {
    const c: ContactRecord | null = this.contacts.get(state.contactId)
    if (!c) throw new Error(`Contact ${state.contactId} of run ${state.id} does not exist.`)
    return { ...c, handover: this.handovers.current(c.id) }
  }
}

/** A webhook, manual or CLI start of a contact a person has (rule 16): refused, the takeover named. */
export class WithPersonError extends Error {
  readonly code = 'with_person'
  constructor(ignored: Handled['ignored']) {
    super(
      ignored?.reason === 'with_person'
        ? `A person has this contact's conversation (takeover ${ignored.handoverId}); hand it back before starting a flow.`
        : `The start ran nothing (${ignored?.reason ?? 'unknown'}).`,
    )
  }
}

/** Why a resume ran nothing: a run waiting at a Wait node takes no message; otherwise it is closed or expired. */
function notResumed(runId: string, state: RunState, reason: string | undefined): string {
  if (reason === 'waiting_on_time')
    return `Run ${runId} waits on time (a Wait node): it takes no message until it is woken.`
  return `Run ${runId} is ${state.status === 'paused' ? 'expired' : state.status}; only a paused run resumes.`
}
