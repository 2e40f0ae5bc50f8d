import type { Database } from 'better-sqlite3'
import type { FlowDocument } from '../../../shared/flow/document'
import {
  closeRun,
  createEffects,
  isExpired,
  resumeRun,
  routeInbound,
  startRun,
  type Contact,
  type Effects,
  type EngineDeps,
  type InboundEvent,
  type NodeMock,
  type RunState,
  type StepResult,
  type TriggerInput,
  WINDOW_MS,
} from '../../../shared/engine'
import { nodeCatalog } from '../../../shared/nodes/runners'
import { ContactStore, type ContactRecord } from './contacts'
import { RunStore } from './run-store'

export interface RunServiceOptions {
  /** The studio's real effects (HTTP, scripts…); defaults to a real clock and ids, integrations refusing. */
  effects?: Effects
  /** Enforce the 24-hour window and opt-out on sends (EngineDeps.serviceWindow); the manual trigger turns it on. */
  serviceWindow?: boolean
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
}

/** What the host does with an inbound message (see shared/engine/dispatch.ts for the rules). */
export type InboundOutcome =
  | { action: 'resumed' | 'started'; step: StepResult; flow: FlowDocument }
  | { action: 'ignored' }

/**
 * Starts and resumes runs and persists every step (run row, trace, messages) in one transaction. Flow documents
 * are passed in by the caller (the emulator, webhook or CLI know which revision they run); a resume looks up the
 * flow by the run's flowId through `flowOf`.
 */
export class RunService {
  readonly contacts: ContactStore
  readonly runs: RunStore
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
  }

  private deps(mocks?: Record<string, NodeMock>): EngineDeps {
    return { effects: this.effects, catalog: nodeCatalog, mocks, serviceWindow: this.serviceWindow }
  }

  /**
   * Starts a run. A paused run of the same contact is closed first as 'superseded' (docs/engine.md): a contact
   * is in at most one conversation with the studio at a time.
   */
  async start(flow: FlowDocument, req: StartRequest): Promise<StepResult> {
    const paused = this.pausedRun(req.contact.id)
    const step = await startRun(
      flow,
      { contact: req.contact, trigger: req.trigger, triggerNodeId: req.triggerNodeId, startNodeId: req.startNodeId, presets: req.presets },
      this.deps(req.mocks),
    )
    this.db.transaction(() => {
      if (paused) this.runs.saveStep({ id: paused.flowId, name: flowNameOf(paused) }, closeRun(paused, 'superseded', step.state.startedAt))
      this.save(flow, step)
    })()
    return step
  }

  /** Resumes a paused run with the customer's message. */
  async resume(flow: FlowDocument, runId: string, event: InboundEvent, mocks?: Record<string, NodeMock>): Promise<StepResult> {
    const state = this.runs.state(runId)
    if (!state) throw new Error(`Run ${runId} does not exist.`)
    const contact = this.contactOf(state)
    const step = await resumeRun(flow, state, event, contact, this.deps(mocks))
    this.save(flow, step)
    return step
  }

  /**
   * A message from a contact: resumes their paused run, or starts the flow it triggers, or does nothing.
   * `flows` are the candidate flows (the studio passes every stored flow; only active ones start from a message);
   * `flowOf` finds the flow of the paused run.
   */
  async receive(
    contact: Contact,
    event: InboundEvent,
    flows: readonly FlowDocument[],
    flowOf: (flowId: string) => FlowDocument | null,
    mocks?: Record<string, NodeMock>,
  ): Promise<InboundOutcome> {
    const now = this.effects.clock.now()
    const pausedState = this.runs.pausedOf(contact.id)
    const pausedFlow = pausedState ? flowOf(pausedState.flowId) : null
    const paused = pausedState && pausedFlow ? { state: pausedState, flow: pausedFlow } : null
    // A paused run whose flow is gone cannot continue: close it rather than leave it waiting forever.
    if (pausedState && !pausedFlow) this.runs.saveStep({ id: pausedState.flowId, name: flowNameOf(pausedState) }, closeRun(pausedState, 'superseded', now))
    const route = routeInbound(event, paused, flows, nodeCatalog, now)
    if (route.action !== 'resume' && route.expire) this.expire(route.expire, now)
    if (route.action === 'resume') {
      const step = await this.resume(paused!.flow, route.run.id, event, mocks)
      return { action: 'resumed', step, flow: paused!.flow }
    }
    if (route.action === 'start') {
      const { flow, trigger, triggerNodeId } = route.match
      const step = await this.start(flow, { contact, trigger, triggerNodeId, mocks })
      return { action: 'started', step, flow }
    }
    this.contacts.touchInbound(contact.id, now)
    return { action: 'ignored' }
  }

  /** The contact's paused run, if its messaging window is still open (an expired one is closed on the way). */
  pausedRun(contactId: string): RunState | null {
    const state = this.runs.pausedOf(contactId)
    if (!state) return null
    const now = this.effects.clock.now()
    if (isExpired(state, now)) {
      this.expire(state, now)
      return null
    }
    return state
  }

  /**
   * Closes every paused run whose window has closed and returns them as they were. The studio calls it at start
   * and on a timer (runs/expiry-service.ts), so a run nobody answers ends even if the contact never writes again.
   */
  expireStale(): RunState[] {
    const now = this.effects.clock.now()
    const stale = this.runs.pausedBefore(now - WINDOW_MS + 1).filter((s) => isExpired(s, now))
    for (const s of stale) this.expire(s, now)
    return stale
  }

  private expire(state: RunState, now: number): void {
    this.runs.saveStep({ id: state.flowId, name: flowNameOf(state) }, closeRun(state, 'expired', now))
  }

  private save(flow: FlowDocument, step: StepResult): void {
    this.db.transaction(() => {
      this.runs.saveStep(flow, step)
      if (step.inbound) this.contacts.touchInbound(step.state.contactId, step.state.updatedAt)
    })()
  }

  private contactOf(state: RunState): Contact {
    const c: ContactRecord | null = this.contacts.get(state.contactId)
    if (!c) throw new Error(`Contact ${state.contactId} of run ${state.id} does not exist.`)
    return c
  }
}

/** The run row keeps the flow name it started under; the upsert only updates state columns, so any name works. */
function flowNameOf(state: RunState): string {
  return state.flowId
}
