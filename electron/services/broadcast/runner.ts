// The broadcast runner: claims due recipients and starts them through its host (the runtime's broadcast-host.ts:
// inside the contact's transaction; the studio's RunService), at the pace the server allows, within the daily limit
// of new business-initiated conversations. It keeps nothing per recipient in memory: every round reads the store,
// so a restart (or a second PostgreSQL instance) goes on where the store says. docs/runtime.md, "Broadcasts".
import { WINDOW_MS } from '../../../shared/engine/limits'
import { TokenBucket } from './token-bucket'
import {
  RecipientTaken,
  type BroadcastStore,
  type ClaimedRecipient,
  type RecipientOutcome,
  type RecipientWrite,
} from './store'

/**
 * A round's recipients in groups of at most `size`, as even as that allows, in order (the first group's before the
 * second's), a phone at most once in a group (its contact's transaction is one per phone).
 */
export function groupsOf(items: ClaimedRecipient[], size: number): ClaimedRecipient[][] {
  const even = Math.ceil(items.length / Math.ceil(items.length / size))
  const out: ClaimedRecipient[][] = []
  let g: ClaimedRecipient[] = []
  let phones = new Set<string>()
  for (const r of items) {
    if (g.length >= even || phones.has(r.phone)) {
      out.push(g)
      ;[g, phones] = [[], new Set()]
    }
    g.push(r)
    phones.add(r.phone)
  }
  if (g.length) out.push(g)
  return out
}

/** How long recipients the daily limit held back wait before they are tried again. */
const HELD_MS = 60_000

export interface BroadcastHost {
  /**
   * Starts one claimed recipient and records its outcome (the runtime: in the contact's transaction, with the run).
   * Throws RecipientTaken when the recipient had moved on (another start took it): nothing happened.
   */
  start(recipient: ClaimedRecipient, limit?: ConversationBudget): Promise<RecipientOutcome>
  /**
   * Starts a group of claimed recipients (distinct phones) in one transaction, in order, each as `start` would; one
   * the daily limit holds answers 'held' having written nothing. Throws (RecipientTaken: one had moved on) having
   * kept nothing of the group. Null when the host cannot (its store has no such transactions). Optional.
   */
  startMany?(
    recipients: ClaimedRecipient[],
    limit?: ConversationBudget,
  ): Promise<Array<RecipientOutcome | 'held'> | null>
}

/**
 * The daily limit's room left this round. A host takes one before starting a recipient outside its 24-hour window
 * (who would open a new business-initiated conversation) and, refused, throws HeldByLimit having done nothing; a
 * recipient inside its window opens no conversation, so it never asks and is never held.
 */
export interface ConversationBudget {
  take(): boolean
}

/** Thrown by a host when the recipient would open a conversation past the daily limit: nothing happened. */
export class HeldByLimit extends Error {
  constructor() {
    super('The daily limit of new conversations is reached.')
  }
}

export interface RunnerOptions {
  now: () => number
  /** Starts per second the server allows now (the runtime's send pacer: slower after a 130429). */
  rate: () => number
  /** New business-initiated conversations per rolling 24 hours; null: unlimited. */
  conversationLimit: number | null
  /**
   * How many recipients may start now: the runtime bounds what waits in its outbox, so the broadcast goes at the
   * send pace, not ahead of it. Absent: no bound.
   */
  room?: () => number
  /** Started recipients whose runs' messages wait in an outbox are settled from its marks (the runtime). */
  settle?: boolean
  leaseMs?: number
  /** Starts (or groups, with `group`) in flight at once. */
  concurrency?: number
  /**
   * Recipients started in one transaction (BroadcastHost.startMany), at most: a round's starts go in groups, which
   * cost the database one BEGIN, one read of the contacts, one write and one COMMIT each instead of each recipient's.
   */
  group?: number
  /** The longest sleep between rounds (another instance or a new broadcast may have work sooner). */
  pollMs?: number
  log?: (message: string) => void
}

export interface RoundReport {
  started: number
  /** Why the round stopped short, when it did. */
  limited: 'rate' | 'room' | 'limit' | null
  /** When the next round should run (epoch ms). */
  nextAt: number
}

const STEP_MS = 50
const SETTLE_MS = 500
const SETTLE_POLL_MS = 5000

export class BroadcastRunner {
  private readonly bucket: TokenBucket
  private readonly perBroadcast = new Map<string, TokenBucket>()
  private timer: NodeJS.Timeout | null = null
  private running: Promise<RoundReport> | null = null
  private stopped = false
  private waitingStarted = 0
  private settledAt = -Infinity
  private countedAt = -Infinity

  constructor(
    private readonly store: BroadcastStore,
    private readonly host: BroadcastHost,
    private readonly opts: RunnerOptions,
  ) {
    // Half a second of starts may go in one round: a round on a busy machine can take longer than the tenth of a
    // second the send pacer's bucket holds, and at 8 a round (80/s) a slow round held the pace down to 55/s.
    this.bucket = new TokenBucket(opts.rate(), opts.now, 0.5)
  }

  start(): void {
    this.schedule(0)
  }

  /** Something changed (a broadcast created or resumed): run a round now. */
  poke(): void {
    if (!this.stopped && this.timer) this.schedule(0)
  }

  private schedule(ms: number): void {
    if (this.stopped) return
    if (this.timer) clearTimeout(this.timer)
    this.timer = setTimeout(() => {
      this.timer = null
      void this.round()
        .then((r) => this.schedule(Math.max(0, Math.min(r.nextAt - this.opts.now(), this.opts.pollMs ?? 1000))))
        .catch((err: unknown) => {
          this.opts.log?.(`broadcasts: a round failed: ${err instanceof Error ? err.message : String(err)}`)
          this.schedule(this.opts.pollMs ?? 1000)
        })
    }, ms)
    this.timer.unref?.()
  }

  /** One round (`settleNow`: settle now, not at most twice a second): settle what the outbox finished, then start what is due, as far as pace, room and limit allow. */
  round(opts: { settleNow?: boolean } = {}): Promise<RoundReport> {
    if (opts.settleNow) this.settledAt = -Infinity
    this.running ??= this.doRound().finally(() => (this.running = null))
    return this.running
  }

  private async doRound(): Promise<RoundReport> {
    const now = this.opts.now()
    // Settling reads every started recipient's outbox rows: twice a second is enough (at 1,000/s, every 50 ms round
    // doing it was most of the runner's work).
    // A store whose outbox marks settle recipients as they are sent (PostgreSQL) is polled only for failures, every
    // few seconds, and asked meanwhile only how many still wait.
    const marks = this.store.startedWaiting?.bind(this.store)
    if (this.opts.settle && now - this.settledAt >= (marks ? SETTLE_POLL_MS : SETTLE_MS)) {
      this.settledAt = now
      this.waitingStarted = (await this.store.settleStarted(now, 2000)).waiting
      await this.store.finishDone(now)
    } else if (this.opts.settle && marks && now - this.countedAt >= SETTLE_MS) {
      this.countedAt = now
      this.waitingStarted = await marks()
      await this.store.finishDone(now)
    } else if (!this.opts.settle) await this.store.finishDone(now)
    const rate = this.opts.rate()
    if (rate !== this.bucket.ratePerSecond) this.bucket.setRate(rate)
    let allowance = this.bucket.available()
    let limited: RoundReport['limited'] = allowance <= 0 ? 'rate' : null
    if (this.opts.room) {
      const room = this.opts.room() - this.waitingStarted
      if (room < allowance) [allowance, limited] = [Math.max(0, room), 'room']
    }
    // The limit holds back only recipients outside their window (the host asks the budget for those alone), so
    // recipients are claimed at the pace even at the limit: one inside its window still starts.
    const limit = this.opts.conversationLimit
    let budget = limit === null ? Infinity : limit - (await this.store.newConversationsSince(now - WINDOW_MS))
    const conversations: ConversationBudget & { give(n: number): void } = {
      take: () => budget > 0 && budget-- > 0,
      // A group that kept nothing gives back what its recipients took.
      give: (n) => void (budget += n),
    }
    // No room at all: say so on the broadcasts whose next recipients are due by the time held ones come back (a
    // minute), so a broadcast resumed at the limit reads "waiting for the daily limit" at once, not after a minute of
    // "running" with nothing sent. A recipient inside its window that starts below puts it back to running (claim).
    if (budget <= 0) await this.noRoom(now)
    const claimed =
      allowance > 0 ? await this.store.claim({ now, leaseMs: this.opts.leaseMs ?? 30_000, limit: allowance }) : []
    const go = await this.paced(claimed, now)
    // Room for fewer than the round starts: one at a time, so the limit's room goes to recipients in their order (16
    // starts at once took it in whichever order their contacts' transactions reached it: PostgreSQL sent the 1st and 3rd).
    const held = await this.startAll(go, conversations, budget < go.length ? 1 : (this.opts.concurrency ?? 16))
    this.bucket.take(go.length - held.length)
    if (held.length) {
      await this.store.release(held, now + HELD_MS)
      await this.atLimit(now, new Set(held.map((r) => r.broadcastId)))
      limited = 'limit'
    }
    if (go.length) await this.store.finishDone(this.opts.now())
    const next =
      limited || claimed.length >= allowance ? now + Math.max(STEP_MS, this.bucket.waitMs()) : await this.nextDue(now)
    return { started: go.length, limited, nextAt: next }
  }

  private async nextDue(now: number): Promise<number> {
    const due = await this.store.nextDue(now)
    return due === null ? now + (this.opts.pollMs ?? 1000) : Math.max(due, now + STEP_MS)
  }

  /** The daily limit held recipients of these broadcasts back: they wait for room (their recipients due in a minute). */
  private async atLimit(now: number, ids: Set<string>): Promise<void> {
    for (const id of ids) {
      const b = await this.store.get(id)
      if (b && (b.status === 'running' || b.status === 'scheduled'))
        await this.store.setStatus(id, 'waiting_limit', now)
    }
  }

  private async noRoom(now: number): Promise<void> {
    const ids = new Set<string>()
    for (const b of await this.store.list(100))
      if ((b.status === 'running' || b.status === 'scheduled') && b.nextAt !== null && b.nextAt <= now + HELD_MS)
        ids.add(b.id)
    if (ids.size) await this.atLimit(now, ids)
  }

  /** A broadcast with its own slower rate holds its recipients beyond that rate back, for later. */
  private async paced(claimed: ClaimedRecipient[], now: number): Promise<ClaimedRecipient[]> {
    const go: ClaimedRecipient[] = []
    const back: ClaimedRecipient[] = []
    for (const r of claimed) {
      const rate = r.rate
      if (rate === null || rate >= this.opts.rate()) {
        go.push(r)
        continue
      }
      let b = this.perBroadcast.get(r.broadcastId)
      if (!b) this.perBroadcast.set(r.broadcastId, (b = new TokenBucket(rate, this.opts.now)))
      if (b.available() > 0) {
        b.take(1)
        go.push(r)
      } else back.push(r)
    }
    if (back.length) await this.store.release(back, now + STEP_MS)
    return go
  }

  /** Starts the recipients (in groups when the host can); answers those the daily limit held back. */
  private async startAll(
    items: ClaimedRecipient[],
    budget: ConversationBudget & { give(n: number): void },
    concurrency: number,
  ): Promise<ClaimedRecipient[]> {
    const held: ClaimedRecipient[] = []
    const size = this.host.startMany ? (this.opts.group ?? 1) : 1
    const groups = size > 1 && items.length > 1 ? groupsOf(items, size) : items.map((r) => [r])
    let next = 0
    const worker = async () => {
      while (next < groups.length) {
        const g = groups[next++]!
        if (g.length === 1) {
          if ((await this.startOne(g[0]!, budget)) === 'held') held.push(g[0]!)
        } else held.push(...(await this.startGroup(g, budget)))
      }
    }
    await Promise.all(Array.from({ length: Math.min(concurrency, groups.length) }, worker))
    return held
  }

  /**
   * One group in one transaction; if it fails as a whole (a recipient another start took, an error), nothing of it
   * was kept, and its recipients are started one by one, each with its own outcome.
   */
  private async startGroup(
    g: ClaimedRecipient[],
    budget: ConversationBudget & { give(n: number): void },
  ): Promise<ClaimedRecipient[]> {
    let took = 0
    const counted: ConversationBudget = { take: () => budget.take() && ++took > 0 }
    let outcomes: Array<RecipientOutcome | 'held'> | null = null
    try {
      outcomes = await this.host.startMany!(g, counted)
    } catch (err) {
      if (!(err instanceof RecipientTaken)) {
        const message = err instanceof Error ? err.message : String(err)
        this.opts.log?.(`broadcasts: a group of ${g.length} could not start together (${message}); one by one`)
      }
    }
    if (outcomes) return g.filter((_, i) => outcomes[i] === 'held')
    budget.give(took)
    const held: ClaimedRecipient[] = []
    for (const r of g) if ((await this.startOne(r, budget)) === 'held') held.push(r)
    return held
  }

  private async startOne(r: ClaimedRecipient, budget: ConversationBudget): Promise<'held' | void> {
    try {
      await this.host.start(r, budget)
    } catch (err) {
      if (err instanceof HeldByLimit) return 'held'
      if (err instanceof RecipientTaken) return
      const message = err instanceof Error ? err.message : String(err)
      this.opts.log?.(`broadcasts: recipient ${r.seq} of ${r.broadcastId} (${r.phone}) could not start: ${message}`)
      const write: RecipientWrite = {
        broadcastId: r.broadcastId,
        seq: r.seq,
        outcome: { state: 'failed', runId: null, reason: { code: 'start_failed', message } },
        at: this.opts.now(),
      }
      await this.store.settle(write).catch(() => undefined)
    }
  }

  /** Stops the timer and waits for the round in flight. */
  async close(): Promise<void> {
    this.stopped = true
    if (this.timer) clearTimeout(this.timer)
    await this.running?.catch(() => undefined)
  }
}
