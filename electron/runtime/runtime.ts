// The headless runtime: the webhook trigger and inbound channel messages, run by the shared engine over a
// RuntimeStore. Every outbound message is written to the outbox with its step and sent by the outbox's sender loop
// through a ChannelAdapter (outbox.ts); timers close expired paused runs and apply retention (housekeeping.ts).
// What an event does is decided by the conversation core (shared/engine/core), as in the studio and the
// conversation-test player; this file only reads what the core needs and commits what it returns. A contact's
// requests are processed one at a time (RuntimeStore.withContact); a message id is processed once. Runs waiting on
// time are woken by the wake scheduler (wakes.ts) through the same path.
import { runtimeFlowSource } from './flow-source'
import { SplitChoice, type SplitHandled } from './split-choice'
import {
  dueAt,
  handleEvent,
  type ConversationEvent,
  type Effects,
  type EngineDeps,
  type Handled,
  type RunState,
} from '../../shared/engine'
import { testDeps, type NetworkCall, type TestPolicy } from '../../shared/engine/conversation/policy'
import type { FlowDocument } from '../../shared/flow/document'
import { nodeCatalog } from '../../shared/nodes/runners'
import { webhookTriggerOf } from '../../shared/nodes/trigger/kind'
import type { WebhookRequest } from '../services/webhook/request'
import type { WebhookRun } from '../services/webhook/server'
import type { ChannelAdapter } from './adapters/adapter'
import type { NotifierOptions } from './handover-notifier'
import { withPerson } from './handover-control'
import { TakeoverHost } from './takeover-host'
import { expireStale, Housekeeping, type HousekeepingOptions } from './housekeeping'
import type { InboundMessage } from './inbound'
import { Outbox, type OutboxOptions } from './outbox'
import type { ContactTx, ContactWrites, DueRun, OutboxItem, RunHandle, RuntimeStore } from './store'
import { WakeScheduler, type WakeOptions, type WakeOutcome, type WakeReport } from './wakes'
import { BusinessStarts } from './business-start'
import { broadcastsOf, type RuntimeBroadcasts, type RuntimeBroadcastOptions } from './broadcast-host'

export interface RuntimeOptions {
  store: RuntimeStore
  adapter: ChannelAdapter
  /** Real effects (clock, ids, http, script, templates, catalogue); contacts always go through the store. */
  effects: Effects
  /** Enforce the 24-hour window and opt-out on sends (EngineDeps.serviceWindow); off as in the studio. */
  serviceWindow?: boolean
  log?: (message: string) => void
  /**
   * Plays saved conversation tests under their effects policy (shared/engine/conversation/policy.ts): mocks, HTTP
   * Calls held off the network unless `live`, each attempt reported to `onCall`. Only the runtime's replay of tests
   * (the three-host equivalence test) sets it; serve never does.
   */
  tests?: { policy: TestPolicy; onCall: (call: NetworkCall) => void }
  /** Retries, backoff and lease of the sender loop; `send: false` commits to the outbox without sending (tests). */
  outbox?: OutboxOptions & { send?: boolean }
  /** The expiry and retention sweeps; without it neither timer runs (expireStale and applyRetention still can). */
  housekeeping?: HousekeepingOptions
  /** The wake scheduler (wakes.ts); without it no timer runs (runDue still wakes what is due). */
  wakes?: WakeOptions & { onWake?: (report: WakeReport) => void }
  /** Where takeover notifications go (--handover-url); without it none is written or sent. */
  handover?: Omit<NotifierOptions, 'now'>
  /**
   * Broadcasts and the send pacer (broadcast-host.ts, send-pacer.ts): without it no timer runs and sends are not
   * paced (runBroadcasts still starts what is due).
   */
  broadcasts?: RuntimeBroadcastOptions
}

/** The answer to one inbound message. */
export type InboundAnswer =
  | {
      status: 'processed'
      action: 'resumed' | 'started' | 'ignored'
      runId: string | null
      state: RunState['status'] | null
      contactId: string
    }
  | { status: 'duplicate'; action: 'resumed' | 'started' | 'ignored'; runId: string | null; contactId: string }

const WAKE: ConversationEvent = { kind: 'wake' }

export class Runtime {
  readonly store: RuntimeStore
  private readonly adapter: ChannelAdapter
  private readonly outbox: Outbox
  private readonly housekeeping: Housekeeping | null
  private readonly wakes: WakeScheduler
  private readonly log: (message: string) => void
  /** Takeovers beside the steps: notifications, the `until` timer (takeover-host.ts). */
  readonly takeovers: TakeoverHost
  /** Broadcasts: the service both APIs use, the runner, the send pacer. */
  readonly broadcasts: RuntimeBroadcasts
  /** Business-initiated work under contacts' locks (a broadcast's starts; business-start.ts). */
  readonly business: BusinessStarts

  constructor(private readonly opts: RuntimeOptions) {
    this.store = opts.store
    this.adapter = opts.adapter
    this.log = opts.log ?? ((m) => process.stderr.write(`[runtime] ${m}\n`))
    this.business = new BusinessStarts({
      store: opts.store,
      core: (tx, e, c) => this.handle(c ? { ...tx, contact: c } : tx, e, this.now(), true),
      lease: () => this.leaseOutbound(),
      send: (sends, leased, offered) => this.send(sends, leased, offered),
      adoptAll: (chains) => this.outbox.adoptAll(chains),
      hint: (at) => this.wakes.hint(at),
    })
    this.broadcasts = broadcastsOf(this, opts.broadcasts, () => this.now(), this.log)
    // Paced sends wait in their slots for the pacer's tokens (handed out a twentieth of a second at a time), so at a
    // high rate 32 slots held the sender under it: a tenth of a second of sends may be in flight.
    const rate = opts.broadcasts?.sendRate
    const slots = rate ? { concurrency: Math.max(32, Math.ceil(rate / 10)) } : {}
    this.outbox = new Outbox(opts.store, this.broadcasts.adapter(opts.adapter), this.log, { ...slots, ...opts.outbox })
    if (opts.outbox?.send !== false) this.outbox.start()
    this.housekeeping = opts.housekeeping
      ? new Housekeeping(opts.store, () => this.now(), this.log, opts.housekeeping)
      : null
    this.housekeeping?.start()
    const { onWake = () => undefined, ...wakeOpts } = opts.wakes ?? { pollMs: null }
    this.wakes = new WakeScheduler(
      opts.store,
      (due) =>
        due.length > 1 && opts.store.withContacts ? this.wakeMany(due) : Promise.all(due.map((d) => this.wake(d))),
      () => this.now(),
      onWake,
      this.log,
      // PostgreSQL wakes the runs claimed together in one transaction (RuntimeStore.withContacts), up to 32.
      { group: opts.store.withContacts ? 32 : 1, ...wakeOpts },
    )
    this.wakes.start()
    const poll = opts.wakes ? (opts.wakes.pollMs === undefined ? 1000 : opts.wakes.pollMs) : null
    this.takeovers = new TakeoverHost(this, opts.store, { notify: opts.handover, pollMs: poll, log: this.log })
    this.broadcasts.start()
  }

  private deps(tx: ContactTx, serviceWindow = this.opts.serviceWindow ?? false, pins?: SplitChoice['pins']) {
    const deps: EngineDeps = {
      effects: { ...this.opts.effects, ...tx.library?.(this.opts.effects), contacts: tx.contacts },
      catalog: nodeCatalog,
      serviceWindow,
      flows: runtimeFlowSource(tx, pins),
    }
    return this.opts.tests ? testDeps(deps, this.opts.tests.policy, this.opts.tests.onCall) : deps
  }

  /** The core's answer to one event of the contact holding `tx`, the A/B split applied (split-choice.ts). */
  async handle(tx: ContactTx, event: ConversationEvent, now: number, serviceWindow?: boolean): Promise<SplitHandled> {
    const paused = await tx.pausedRun()
    // A start supersedes a paused run of another flow whatever it is, so only a message, a wake, a hand-back, a start
    // of the paused run's own flow (a webhook's button_id may answer its buttons), or any event once the run's time has come
    // (the core carries out its wake first), needs that flow read.
    const due = paused ? dueAt(paused) : null
    const reads =
      event.kind === 'message' ||
      event.kind === 'wake' ||
      event.kind === 'handback' ||
      (due !== null && due <= now) ||
      (event.kind === 'start' && paused?.flowId === event.flow.id)
    const split = await SplitChoice.of(tx)
    const input = await split.input(event, paused, reads, now)
    const handled = await handleEvent(input, this.deps(tx, serviceWindow, split.pins))
    return Object.assign(handled, { assign: split.stamp(handled, paused) })
  }

  now(): number {
    return this.opts.effects.clock.now()
  }

  /**
   * Starts `flow` at its webhook trigger for the request's contact, closing their paused run first; or, when the
   * request's button_id is a button that run of this flow waits on, taps it (the run resumes).
   */
  async webhook(flow: FlowDocument, req: WebhookRequest): Promise<WebhookRun> {
    const { phone_number, data, message_text, button_id } = req
    const trigger = { kind: 'webhook' as const, phone_number, data, message_text, button_id }
    const triggerNodeId = webhookTriggerOf(flow)?.id
    let after = () => undefined
    const step = await this.store.withContact(req.phone_number, undefined, async (tx) => {
      const event: ConversationEvent = { kind: 'start', flow, trigger, triggerNodeId }
      const now = this.now()
      const handled = await this.handle(tx, event, now)
      // The core refuses a webhook start while a person has the conversation (rule 16): nothing is written.
      if (!handled.ran) throw withPerson(handled)
      after = await this.commit(tx, handled, event, now)
      return handled.ran.step
    })
    after()
    this.wakes.hint(dueAt(step.state))
    const { id, status, error, contactId } = step.state
    return { runId: id, state: status, contactId, error: error ? { code: error.code, message: error.message } : null }
  }

  /** One customer message: processed once per message id, in arrival order per contact. */
  async inbound(msg: InboundMessage): Promise<InboundAnswer> {
    let due: number | null = null
    let after = () => undefined
    const answer = await this.store.withContact(msg.phone, msg.name, async (tx): Promise<InboundAnswer> => {
      const contactId = tx.contact.id
      const before = await tx.seen(msg.messageId)
      if (before) return { status: 'duplicate', action: before.action, runId: before.runId, contactId }
      const now = this.now()
      const event: ConversationEvent = { kind: 'message', message: msg.event }
      const handled = await this.handle(tx, event, now)
      const action = handled.ran ? (handled.action as 'resumed' | 'started') : 'ignored'
      const runId = handled.ran?.step.state.id ?? null
      after = await this.commit(tx, handled, event, now, {
        inbound: { messageId: msg.messageId, contactId, action, runId, receivedAt: now },
        touchInboundAt: now,
      })
      due = handled.ran ? dueAt(handled.ran.step.state) : null
      return { status: 'processed', action, runId, state: handled.ran?.step.state.status ?? null, contactId }
    })
    after()
    this.wakes.hint(due)
    return answer
  }

  /** Commits the core's answer with its takeover rows (and `more`); answers what to do once it has committed. */
  async commit(
    tx: ContactTx,
    handled: Handled & Partial<SplitHandled>,
    event: ConversationEvent,
    now: number,
    more: Partial<ContactWrites> = {},
  ): Promise<() => undefined> {
    const lease = this.leaseOutbound()
    const takeover = await this.takeovers.writes(tx, handled, event, now)
    const { steps, assign } = handled
    const leased = await tx.commit({ steps, leaseOutbound: lease, assign, ...more, ...takeover })
    // Every step's messages: a wake carried out before the event (its time had come) sends too.
    const sends = handled.steps.some((s) => s.step.messages.length > 0)
    return () => {
      this.send(sends, leased, lease !== undefined)
      if (takeover.notifications) this.takeovers.poke()
    }
  }

  /** Something was written to the outbox outside a step (a person's reply): send it now. */
  pokeOutbox(): void {
    this.outbox.poke()
  }

  /** A committed step's run may wait on time from `at` (takeover-host.ts): the wake scheduler looks then. */
  hintWake(at: number | null): void {
    this.wakes.hint(at)
  }

  private leaseOutbound(): ContactWrites['leaseOutbound'] {
    const until = this.outbox.leaseUntil()
    return until ? { until } : undefined
  }

  /**
   * The store has committed: leased messages go now; others make the sender read the outbox now (no lease offered,
   * or unsent messages before these). Except on SQLite when a lease was offered and none taken: this process's one
   * sender holds the messages before these and its chain's end claims them; a claim now would take nothing (a tenth
   * of serve's CPU at 10 connections of one contact). PostgreSQL claims: another instance's mark may have read first.
   */
  private send(sends: boolean, leased: OutboxItem[], offered: boolean): void {
    if (leased.length) this.outbox.adopt(leased)
    else if (sends && !(offered && this.store.kind === 'sqlite')) this.outbox.poke()
  }

  /**
   * Hands `event` to the core for `run`'s contact, under its lock, when `run` is still that contact's paused run,
   * and commits what the core returns (wakes.ts for due runs; run-control.ts for a wake or cancel by hand).
   * `paused` is the run as it was (null: no longer the contact's paused run, nothing handled); `committed` whether
   * the core changed anything.
   */
  async forRun(
    run: Pick<RunHandle, 'runId' | 'phone'>,
    event: ConversationEvent,
    /** The instant the core decides at (default: the clock); a wake by hand says the run's time has come. */
    at: (paused: RunState, now: number) => number = (_, now) => now,
  ): Promise<{ paused: RunState | null; handled: Handled | null }> {
    let after = () => undefined
    const result = await this.store.withContact(run.phone, undefined, async (tx) => {
      const paused = await tx.pausedRun()
      if (!paused || paused.id !== run.runId) return { paused: null, handled: null }
      const now = at(paused, this.now())
      const handled = await this.handle(tx, event, now)
      if (handled.steps.length || handled.handover) after = await this.commit(tx, handled, event, now)
      return { paused, handled }
    })
    after()
    const last = result.handled?.steps.at(-1)?.step.state
    if (last) this.wakes.hint(dueAt(last))
    return result
  }

  /** One due run, claimed by the scheduler: `{kind: 'wake'}`, which the core applies only if the run is due. */
  private async wake(due: Pick<RunHandle, 'runId' | 'phone'>): Promise<WakeOutcome> {
    const { paused, handled } = await this.forRun(due, WAKE)
    if (!paused || !handled) return { action: 'ignored', reason: 'not_paused', dueAt: null }
    if (!handled.steps.length)
      return { action: 'ignored', reason: handled.ignored?.reason ?? 'nothing_due', dueAt: dueAt(paused) }
    return { action: 'woken', status: handled.steps.at(-1)!.step.state.status }
  }

  /**
   * Several due runs in one transaction of their contacts (RuntimeStore.withContacts): for each, as `wake` does
   * under its contact's lock, the stored paused run read again and `{kind: 'wake'}` decided by the core against it.
   * A contact's run is woken at most once however many of its runs were claimed: the first wakes it, the rest find
   * a run that is no longer the claimed one (or not due) and are ignored.
   */
  private async wakeMany(due: DueRun[]): Promise<WakeOutcome[]> {
    // One call per contact: a second claimed run of a contact is left to a call of its own, after this one.
    const first = new Map<string, number>()
    for (const [i, d] of due.entries()) if (!first.has(d.phone)) first.set(d.phone, i)
    const phones = [...first.keys()]
    const lease = this.leaseOutbound()
    let hint: number | null = null
    let notify = false
    const results = await this.store.withContacts!(phones, async (tx, k) => {
      const d = due[first.get(phones[k]!)!]!
      const paused = await tx.pausedRun()
      if (!paused || paused.id !== d.runId)
        return { result: { action: 'ignored', reason: 'not_paused', dueAt: null } as WakeOutcome, writes: null }
      const now = this.now()
      const handled = await this.handle(tx, WAKE, now)
      if (!handled.steps.length) {
        const result: WakeOutcome = {
          action: 'ignored',
          reason: handled.ignored?.reason ?? 'nothing_due',
          dueAt: dueAt(paused),
        }
        return { result, writes: null }
      }
      const last = handled.steps.at(-1)!.step.state
      const next = dueAt(last)
      if (next !== null && (hint === null || next < hint)) hint = next
      const sends = handled.steps.some((s) => s.step.messages.length > 0)
      const result: WakeOutcome & { sends: boolean } = { action: 'woken', status: last.status, sends }
      const takeover = await this.takeovers.writes(tx, handled, WAKE, now)
      if (takeover.notifications) notify = true
      return { result, writes: { steps: handled.steps, leaseOutbound: lease, ...takeover } }
    })
    for (const r of results) {
      const sends = (r?.result as { sends?: boolean } | undefined)?.sends ?? false
      if (r) this.send(sends, r.leased, lease !== undefined)
    }
    if (notify) this.takeovers.poke()
    this.wakes.hint(hint)
    const byPhone = new Map(phones.map((p, k) => [p, results[k]] as const))
    const rest = due.filter((d, i) => first.get(d.phone) !== i)
    const again = new Map((await Promise.all(rest.map((d) => this.wake(d)))).map((o, i) => [rest[i]!, o] as const))
    return due.map((d, i) => {
      if (first.get(d.phone) !== i) return again.get(d)!
      const r = byPhone.get(d.phone)
      if (!r) return { action: 'ignored', reason: 'not_paused', dueAt: null }
      const { sends: _sends, ...outcome } = r.result as WakeOutcome & { sends?: boolean }
      return outcome
    })
  }

  /** Wakes every run due now, and ends the takeovers whose time has come, as the timers do; returns how many. */
  async runDue(): Promise<number> {
    return (await this.wakes.runDue()) + (await this.takeovers.runDue())
  }

  /** Closes every paused run whose messaging window has closed (what the expiry timer runs); returns how many. */
  expireStale(): Promise<number> {
    return expireStale(this.store, this.now())
  }

  /** Resolves once every message committed so far was delivered or failed, or waits for a retry later. */
  async idle(): Promise<void> {
    await this.outbox.idle()
    await this.takeovers.idle()
  }

  /** Stops the timers and the sender (attempts in flight finish; unsent messages wait in the outbox). */
  async close(): Promise<void> {
    await this.broadcasts.close()
    await this.wakes.close()
    await this.takeovers.close()
    await this.housekeeping?.close()
    await this.outbox.close()
    await this.adapter.close?.()
    await this.store.close()
  }
}
