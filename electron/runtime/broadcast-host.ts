// Broadcasts in the runtime (docs/runtime.md, "Broadcasts"): the runner's host, which starts each recipient inside
// its contact's transaction (Runtime.business: business-start.ts; a round's recipients in groups on PostgreSQL) and writes the recipient's outcome in that same transaction
// (ContactWrites.broadcastRecipient), so a SIGKILL anywhere loses no recipient and starts none twice; the send
// pacer every outbound send waits for; and the service both APIs use. A recipient is blocked, not started, when
// the contact opted out or is with a person, or when the flow's first message is refused by the window (a
// business-initiated start outside the 24-hour window must begin with a template); its run otherwise starts as
// a manual start would, with the broadcast's and the recipient's variables as the trigger's data.
import type { SplitAssignment } from '../services/publish/split'
import { CreditRuleSchema, type CreditRule } from '../../shared/api/commands/manual'
import { WINDOW_MS } from '../../shared/engine'
import { mergeFields } from '../services/audience/directory'
import { templateCosts } from '../services/broadcast/cost'
import { BroadcastRunner, HeldByLimit, type BroadcastHost, type ConversationBudget } from '../services/broadcast/runner'
import { BroadcastService } from '../services/broadcast/service'
import type { ClaimedRecipient, RecipientOutcome } from '../services/broadcast/store'
import type { ChannelAdapter } from './adapters/adapter'
import type { FlowDocument } from '../../shared/flow/document'
import type { Core } from './business-start'
import type { ContactTx, ContactWrites } from './store'
import type { Runtime } from './runtime'
import { DEFAULT_SEND_RATE, pacedAdapter, SendPacer, type PacerClock } from './send-pacer'

export interface RuntimeBroadcastOptions {
  /**
   * Messages per second for every outbound send (the phone number's rate; on PostgreSQL shared by every instance,
   * which are all given the same); absent: sends are not paced.
   */
  sendRate?: number
  /** The business number the pace is of (the Cloud API's phone number id): instances sending for it share it. */
  number?: string
  /** New business-initiated conversations per rolling 24 hours; null or absent: unlimited. */
  conversationLimit?: number | null
  creditRule?: CreditRule
  /** How long a claim on a recipient holds (default 30 s): a killed instance's claims run out after it. */
  leaseMs?: number
  /** The runner's longest sleep; null: no timer (tests call runBroadcasts). */
  pollMs?: number | null
  /** The pacer's clock and timers (fake in tests); default the real ones. */
  pacerClock?: PacerClock
}

export interface RuntimeBroadcasts {
  readonly service: BroadcastService
  readonly runner: BroadcastRunner
  readonly pacer: SendPacer | null
  /** What the planning (dry run, create: broadcast-routes.ts) needs to know of this server's sending. */
  readonly settings: { rate(): number; conversationLimit: number | null; creditRule: CreditRule }
  /** The adapter the outbox sends through: paced when a send rate is set. */
  adapter(inner: ChannelAdapter): ChannelAdapter
  start(): void
  /** One round of the runner now (what its timer runs): answers how many recipients started. */
  runDue(): Promise<number>
  close(): Promise<void>
}

/** Starts refused by the window or the opt-out: Blocked when nothing reached the customer. */
const BLOCKING = new Set(['outside_window', 'opted_out'])

export function broadcastsOf(
  runtime: Runtime,
  opts: RuntimeBroadcastOptions | undefined,
  now: () => number,
  log: (message: string) => void,
): RuntimeBroadcasts {
  const shared = opts?.sendRate ? runtime.store.sendPace?.(opts.number ?? 'default') : undefined
  const pacer = opts?.sendRate ? new SendPacer(opts.sendRate, opts.pacerClock, log, shared) : null
  const rate = () => pacer?.rate() ?? opts?.sendRate ?? DEFAULT_SEND_RATE
  const rule = opts?.creditRule ?? CreditRuleSchema.parse({})
  const store = runtime.store.broadcasts
  const runner = new BroadcastRunner(store, new RuntimeBroadcastHost(runtime, rule, now), {
    now,
    rate,
    conversationLimit: opts?.conversationLimit ?? null,
    // What waits for the pacer and what was started but not sent stays under two seconds of sending.
    room: () => (pacer ? (pacer.paused() ? 0 : Math.ceil(2 * pacer.rate()) - pacer.waiting()) : Infinity),
    settle: true,
    leaseMs: opts?.leaseMs,
    // A start holds one connection only (on PostgreSQL its library reads go over its own transaction's: pg-library.ts),
    // so starts beyond the pool's size wait for a connection without holding one. On a store with transactions of
    // several contacts (PostgreSQL), a round's recipients start in groups of up to 16, four groups at a time: a
    // recipient's BEGIN, contact read, template read, recipient write, step write and COMMIT were each a round trip
    // of their own, and most of the database's work per recipient (docs/runtime.md, "Pace").
    concurrency: runtime.store.withContacts ? 4 : 16,
    group: runtime.store.withContacts ? 16 : 1,
    pollMs: opts?.pollMs ?? 1000,
    log,
  })
  const timer = opts !== undefined && opts.pollMs !== null
  return {
    service: new BroadcastService(store, now, () => runner.poke(), rate),
    runner,
    pacer,
    settings: { rate, conversationLimit: opts?.conversationLimit ?? null, creditRule: rule },
    adapter: (inner) => (pacer ? pacedAdapter(inner, pacer) : inner),
    start: () => (timer ? runner.start() : undefined),
    runDue: async () => (await runner.round({ settleNow: true })).started,
    close: () => runner.close(),
  }
}

type Started = { result: RecipientOutcome | 'held'; writes: Omit<ContactWrites, 'leaseOutbound'> | null }

export class RuntimeBroadcastHost implements BroadcastHost {
  constructor(
    private readonly runtime: Runtime,
    private readonly rule: CreditRule,
    private readonly now: () => number,
  ) {}

  async start(r: ClaimedRecipient, limit?: ConversationBudget): Promise<RecipientOutcome> {
    return this.runtime.business.inContact(r.phone, r.name ?? undefined, async (tx, core) => {
      const started = await this.startIn(tx, core, r, limit)
      // Held: nothing of this transaction is kept (the contact's creation included).
      if (started.result === 'held') throw new HeldByLimit()
      return started as { result: RecipientOutcome; writes: Started['writes'] }
    })
  }

  /**
   * A group of a round's recipients (distinct phones) in one transaction of their contacts (Runtime.inContacts: one
   * BEGIN with their locks and contacts, one write of every step and outcome, one COMMIT), each decided as `start`
   * decides it, in order (the daily limit's room goes to them in that order); one the limit holds writes nothing.
   * Null on a store without such transactions (SQLite). A recipient another start took throws RecipientTaken, and
   * nothing of the group is kept (the runner then starts them one by one).
   */
  startMany(items: ClaimedRecipient[], limit?: ConversationBudget): Promise<Array<RecipientOutcome | 'held'> | null> {
    return this.runtime.business.inContacts(
      items.map((r) => ({ phone: r.phone, name: r.name ?? undefined })),
      async (tx, core, k) => {
        const started = await this.startIn(tx, core, items[k]!, limit)
        return started.result === 'held' ? { result: 'held', writes: null } : started
      },
    )
  }

  /** One recipient's start inside its contact's transaction: its outcome and the writes to commit (none: held). */
  private async startIn(tx: ContactTx, core: Core, r: ClaimedRecipient, limit?: ConversationBudget): Promise<Started> {
    const at = this.now()
    // The A/B split's assignments of the run it starts (Runtime.handle applies the split to the start).
    let assign: SplitAssignment[] = []
    let fields: Record<string, unknown> | undefined
    const done = (outcome: RecipientOutcome, steps: ContactWrites['steps'] = []): Started => ({
      result: outcome,
      writes: { steps, assign, broadcastRecipient: { broadcastId: r.broadcastId, seq: r.seq, outcome, at } },
    })
    const c0 = tx.contact
    const who = c0.name && c0.name !== c0.phone ? `${c0.name} (${c0.phone})` : c0.phone
    const checked = await this.refused(tx, r, who)
    const early = 'outcome' in checked ? checked.outcome : null
    if (!early) {
      const open = c0.lastInboundAt != null && at - c0.lastInboundAt < WINDOW_MS
      // Only a recipient outside its window opens a conversation the daily limit counts; held, nothing is written
      // (checked before the fields below are written).
      if (!open && limit && !limit.take()) return { result: 'held', writes: null }
    }
    // The recipient's fields (its CSV columns) go onto its contact, in this transaction, as the studio's host does
    // (mergeFields: the row's fields over the old, its tags added), so the run reads them as contact fields.
    if (Object.keys(r.fields).length)
      fields = (
        await tx.contacts.update(c0.id, {
          fields: mergeFields(c0.fields ?? {}, { phone: r.phone, fields: r.fields }),
        })
      ).fields
    const c = fields !== undefined ? { ...c0, fields } : c0
    if (early || !('flow' in checked)) return done(early!)
    const open = c.lastInboundAt != null && at - c.lastInboundAt < WINDOW_MS
    const handled = await core(
      {
        kind: 'start',
        flow: checked.flow,
        trigger: { kind: 'manual', operator: `broadcast ${r.broadcastId}`, data: r.variables as never },
        triggerNodeId: r.triggerNodeId ?? undefined,
      },
      c,
    )
    assign = handled.assign
    const step = handled.ran?.step
    if (!step) {
      const code = handled.ignored?.reason ?? 'not_started'
      const message =
        code === 'with_person'
          ? `${who} is with a person; the bot starts nothing until handed back.`
          : `Not started (${code}).`
      return done({ state: 'blocked', contactId: c.id, reason: { code, message } }, handled.steps)
    }
    const runId = step.state.id
    const error = step.state.status === 'failed' ? step.state.error : null
    if (error && BLOCKING.has(error.code) && step.messages.length === 0)
      return done(
        { state: 'blocked', runId, contactId: c.id, reason: { code: error.code, message: error.message } },
        handled.steps,
      )
    if (error)
      return done(
        { state: 'failed', runId, contactId: c.id, reason: { code: error.code, message: error.message } },
        handled.steps,
      )
    const costs = templateCosts(step.trace, this.rule, open)
    const sent = step.messages.length > 0
    return done(
      {
        state: sent ? 'started' : 'sent',
        runId,
        contactId: c.id,
        cost: costs.reduce((n, t) => n + t.credits, 0),
        templates: costs.map((t) => t.name),
        newConversation: sent && !open,
      },
      handled.steps,
    )
  }

  /** Why the recipient is not started at all (opted out, with a person, its flow not published), or its flow. */
  private async refused(
    tx: ContactTx,
    r: ClaimedRecipient,
    who: string,
  ): Promise<{ outcome: RecipientOutcome } | { flow: FlowDocument }> {
    const c = tx.contact
    if (c.optedIn === false)
      return {
        outcome: {
          state: 'blocked',
          contactId: c.id,
          reason: { code: 'opted_out', message: `${who} has opted out, so the business cannot start a conversation.` },
        },
      }
    if (c.handover)
      return {
        outcome: {
          state: 'blocked',
          contactId: c.id,
          reason: {
            code: 'with_person',
            message: `${who} is with a person; the bot starts nothing until handed back.`,
          },
        },
      }
    const flow = await tx.runningFlow(r.flowId)
    if (!flow)
      return {
        outcome: {
          state: 'failed',
          runId: null,
          contactId: c.id,
          reason: { code: 'flow_not_published', message: `Flow ${r.flowId} is not published on this server.` },
        },
      }
    return { flow }
  }
}
