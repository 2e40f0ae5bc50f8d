// The headless runtime: the webhook trigger and inbound channel messages, run by the shared engine over a
// RuntimeStore. Every outbound message is written to the outbox with its step and sent by the outbox's sender loop
// through a ChannelAdapter (outbox.ts); timers close expired paused runs and apply retention (housekeeping.ts).
// Rules for inbound messages are the studio's (shared/engine/dispatch.ts): resume, start by trigger, supersede,
// expire. A contact's requests are processed one at a time (RuntimeStore.withContact); a message id is processed once.
import {
  closeRun,
  isExpired,
  resumeRun,
  routeInbound,
  startRun,
  type Effects,
  type EngineDeps,
  type NodeMock,
  type RunState,
  type StepResult,
  type TriggerInput,
} from '../../shared/engine'
import type { FlowDocument } from '../../shared/flow/document'
import { nodeCatalog } from '../../shared/nodes/runners'
import { webhookTriggerOf } from '../../shared/nodes/trigger/kind'
import type { WebhookRequest } from '../studio/webhook/request'
import type { WebhookRun } from '../studio/webhook/server'
import type { ChannelAdapter } from './adapters/adapter'
import { expireStale, Housekeeping, type HousekeepingOptions } from './housekeeping'
import type { InboundMessage } from './inbound'
import { Outbox, type OutboxOptions } from './outbox'
import type { ContactTx, ContactWrites, RuntimeStore } from './store'

export interface RuntimeOptions {
  store: RuntimeStore
  adapter: ChannelAdapter
  /** Real effects (clock, ids, http, script, templates, catalogue); contacts always go through the store. */
  effects: Effects
  /** Enforce the 24-hour window and opt-out on sends (EngineDeps.serviceWindow); off as in the studio. */
  serviceWindow?: boolean
  log?: (message: string) => void
  /**
   * Node results by node name, per flow, instead of running those nodes: only the conversation-test parity check
   * (examples.test.ts) sets it, so a test's mocks mean the same on the runtime as in the studio. serve never does.
   */
  mocks?: (flowId: string) => Record<string, NodeMock> | undefined
  /** Retries, backoff and lease of the sender loop; `send: false` commits to the outbox without sending (tests). */
  outbox?: OutboxOptions & { send?: boolean }
  /** The expiry and retention sweeps; without it neither timer runs (expireStale and applyRetention still can). */
  housekeeping?: HousekeepingOptions
}

/** The answer to one inbound message. */
export type InboundAnswer =
  | { status: 'processed'; action: 'resumed' | 'started' | 'ignored'; runId: string | null; state: RunState['status'] | null; contactId: string }
  | { status: 'duplicate'; action: 'resumed' | 'started' | 'ignored'; runId: string | null; contactId: string }

export class Runtime {
  readonly store: RuntimeStore
  private readonly adapter: ChannelAdapter
  private readonly outbox: Outbox
  private readonly housekeeping: Housekeeping | null
  private readonly log: (message: string) => void

  constructor(private readonly opts: RuntimeOptions) {
    this.store = opts.store
    this.adapter = opts.adapter
    this.log = opts.log ?? ((m) => process.stderr.write(`[runtime] ${m}\n`))
    this.outbox = new Outbox(opts.store, opts.adapter, this.log, opts.outbox)
    if (opts.outbox?.send !== false) this.outbox.start()
    this.housekeeping = opts.housekeeping ? new Housekeeping(opts.store, () => this.now(), this.log, opts.housekeeping) : null
    this.housekeeping?.start()
  }

  private deps(tx: ContactTx, flowId: string): EngineDeps {
    const effects = { ...this.opts.effects, contacts: tx.contacts }
    return { effects, catalog: nodeCatalog, serviceWindow: this.opts.serviceWindow ?? false, mocks: this.opts.mocks?.(flowId) }
  }

  private now(): number {
    return this.opts.effects.clock.now()
  }

  /** Starts `flow` at its webhook trigger for the request's contact, closing their paused run first. */
  async webhook(flow: FlowDocument, req: WebhookRequest): Promise<WebhookRun> {
    const trigger: TriggerInput = { kind: 'webhook', phone_number: req.phone_number, data: req.data }
    if (req.message_text !== undefined) trigger.message_text = req.message_text
    if (req.button_id !== undefined) trigger.button_id = req.button_id
    const triggerNodeId = webhookTriggerOf(flow)?.id
    const step = await this.store.withContact(req.phone_number, undefined, async (tx) => {
      const paused = await tx.pausedRun()
      const step = await startRun(flow, { contact: tx.contact, trigger, triggerNodeId }, this.deps(tx, flow.id))
      const steps: ContactWrites['steps'] = []
      if (paused) steps.push(await this.closing(paused, isExpired(paused, step.state.startedAt) ? 'expired' : 'superseded', step.state.startedAt))
      steps.push({ flow, step })
      await tx.commit({ steps })
      return step
    })
    if (step.messages.length) this.outbox.poke()
    const { id, status, error, contactId } = step.state
    return { runId: id, state: status, contactId, error: error ? { code: error.code, message: error.message } : null }
  }

  /** One customer message: processed once per message id, in arrival order per contact. */
  async inbound(msg: InboundMessage): Promise<InboundAnswer> {
    let sends = false
    const answer = await this.store.withContact(msg.phone, msg.name, async (tx): Promise<InboundAnswer> => {
      const contactId = tx.contact.id
      const before = await tx.seen(msg.messageId)
      if (before) return { status: 'duplicate', action: before.action, runId: before.runId, contactId }
      const now = this.now()
      const steps: ContactWrites['steps'] = []
      const pausedState = await tx.pausedRun()
      const pausedFlow = pausedState ? await tx.runningFlow(pausedState.flowId) : null
      // A paused run whose flow is gone cannot continue: close it rather than leave it waiting forever.
      if (pausedState && !pausedFlow) steps.push(await this.closing(pausedState, 'superseded', now))
      const paused = pausedState && pausedFlow ? { state: pausedState, flow: pausedFlow } : null
      const route = routeInbound(msg.event, paused, await tx.runningFlows(), nodeCatalog, now)
      if (route.action !== 'resume' && route.expire) steps.push(await this.closing(route.expire, 'expired', now))
      let ran: { flow: FlowDocument; step: StepResult } | null = null
      if (route.action === 'resume') {
        ran = { flow: paused!.flow, step: await resumeRun(paused!.flow, route.run, msg.event, tx.contact, this.deps(tx, paused!.flow.id)) }
      } else if (route.action === 'start') {
        const { flow, trigger, triggerNodeId } = route.match
        const step = await startRun(flow, { contact: tx.contact, trigger, triggerNodeId }, this.deps(tx, flow.id))
        if (route.supersede) steps.push(await this.closing(route.supersede, 'superseded', step.state.startedAt))
        ran = { flow, step }
      }
      if (ran) steps.push(ran)
      const action = route.action === 'resume' ? 'resumed' : route.action === 'start' ? 'started' : 'ignored'
      const runId = ran?.step.state.id ?? null
      await tx.commit({ steps, inbound: { messageId: msg.messageId, contactId, action, runId, receivedAt: now }, touchInboundAt: now })
      sends = !!ran?.step.messages.length
      return { status: 'processed', action, runId, state: ran?.step.state.status ?? null, contactId }
    })
    // The store has committed: the sender reads the outbox now instead of at its next poll.
    if (sends) this.outbox.poke()
    return answer
  }

  /** A run being closed keeps the flow name it was logged under (the upsert only updates state columns). */
  private async closing(state: RunState, reason: 'superseded' | 'expired', at: number) {
    return { flow: { id: state.flowId, name: state.flowId }, step: closeRun(state, reason, at) }
  }

  /** Closes every paused run whose messaging window has closed (what the expiry timer runs); returns how many. */
  expireStale(): Promise<number> {
    return expireStale(this.store, this.now())
  }

  /** Resolves once every message committed so far was delivered or failed, or waits for a retry later. */
  idle(): Promise<void> {
    return this.outbox.idle()
  }

  /** Stops the timers and the sender (attempts in flight finish; unsent messages wait in the outbox). */
  async close(): Promise<void> {
    await this.housekeeping?.close()
    await this.outbox.close()
    await this.adapter.close?.()
    await this.store.close()
  }
}
