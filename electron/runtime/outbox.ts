// The sender loop: delivers the outbox (written with each committed step) through the channel adapter. Delivery is
// at least once: a message is marked sent only after the adapter took it, so a crash in between sends it again
// after the restart (or, on PostgreSQL, from another instance once its lease runs out), with the same envelope id.
// Order per contact holds because a contact's unsent messages are claimed as one chain from its oldest
// (RuntimeStore.claimOutbound) and sent one after another by the one sender holding them; the next message goes as
// soon as the adapter took the one before (its "sent" mark is written meanwhile), so a busy contact is not slowed
// by a claim per message. A failed attempt worth retrying is given back with exponential backoff, with the rest of
// the chain behind it; a refusal for good (DeliveryError with retry false, a 4xx) or the last attempt marks it
// failed, writes it into the run's log, and the chain goes on. A refusal of the channel as a whole (an expired token:
// DeliveryError with halt) pauses all sending without touching any message, then lets one chain probe the channel
// again; the adapter's answer id (the channel's message id) is kept with the sent mark for its status webhooks.
import type { ChannelAdapter, SendResult } from './adapters/adapter'
import { DeliveryError } from './adapters/adapter'
import type { OutboxItem, RuntimeStore } from './store'

export interface OutboxOptions {
  /** Attempts in all, the first included (default 10). */
  attempts?: number
  /** Delay before the second attempt, doubling each time (default 500 ms)… */
  backoffMs?: number
  /** …up to this (default 5 minutes). */
  maxBackoffMs?: number
  /** How long a claimed message is reserved for this sender (default 30 s); another takes over after it. */
  leaseMs?: number
  /** Contacts whose messages are in flight at once (default 32)… */
  concurrency?: number
  /** …and messages of one contact claimed together (default 20). */
  perContact?: number
  /** How often the outbox is read without being poked: retries that came due, another instance's leftovers (1 s). */
  pollMs?: number
  /** After the channel refused the token: how long sending pauses before one chain tries again (default 60 s). */
  pauseMs?: number
  /** Real time for leases and backoff; never the engine's (tests move that one a day ahead). */
  now?: () => number
}

export class Outbox {
  private readonly inFlight = new Set<Promise<void>>()
  private filling: Promise<number> | null = null
  private again = false
  private timer: NodeJS.Timeout | null = null
  private readonly retries = new Set<NodeJS.Timeout>()
  private sentBatch: { seqs: number[]; ids: Array<string | null>; done: Promise<void> } | null = null
  /** Sending paused after a refusal of the channel as a whole; then one chain at a time probes until a send goes. */
  private paused: NodeJS.Timeout | null = null
  private probing = false
  private started = false
  private stopped = false
  private readonly attempts: number
  private readonly backoffMs: number
  private readonly maxBackoffMs: number
  private readonly leaseMs: number
  private readonly concurrency: number
  private readonly now: () => number

  constructor(
    private readonly store: RuntimeStore,
    private readonly adapter: ChannelAdapter,
    private readonly log: (message: string) => void,
    private readonly opts: OutboxOptions = {},
  ) {
    this.attempts = Math.max(1, opts.attempts ?? 10)
    this.backoffMs = opts.backoffMs ?? 500
    this.maxBackoffMs = opts.maxBackoffMs ?? 300_000
    this.leaseMs = opts.leaseMs ?? 30_000
    this.concurrency = opts.concurrency ?? 32
    this.now = opts.now ?? Date.now
  }

  /** Starts polling, and sends what an earlier process left unsent. */
  start(): void {
    if (this.started || this.stopped) return
    this.started = true
    this.timer = setInterval(() => this.poke(), this.opts.pollMs ?? 1000)
    this.timer.unref?.()
    this.poke()
  }

  /** Something was committed (or a slot came free): read the outbox now rather than at the next poll. */
  poke(): void {
    if (!this.started || this.stopped) return
    if (this.filling) {
      this.again = true
      return
    }
    this.filling = this.fill()
      .catch((err: unknown) => {
        this.log(`outbox: cannot read pending messages: ${errorText(err)}`)
        return 0
      })
      .finally(() => {
        this.filling = null
        if (this.again) {
          this.again = false
          this.poke()
        }
      })
  }

  private async fill(): Promise<number> {
    if (this.paused) return 0
    const room = this.probing ? (this.inFlight.size ? 0 : 1) : this.concurrency - this.inFlight.size
    if (room <= 0) return 0
    const items = await this.store.claimOutbound({ now: this.now(), leaseMs: this.leaseMs, limit: room, perContact: this.opts.perContact ?? 20 })
    const chains = new Map<string, OutboxItem[]>()
    for (const item of items) chains.set(item.contactId, [...(chains.get(item.contactId) ?? []), item])
    for (const chain of chains.values()) {
      const delivery: Promise<void> = this.deliver(chain).finally(() => {
        this.inFlight.delete(delivery)
        this.poke()
      })
      this.inFlight.add(delivery)
    }
    return items.length
  }

  /** One contact's claimed messages, in order; resolves once every outcome is written. */
  private async deliver(chain: OutboxItem[]): Promise<void> {
    const marks: Promise<void>[] = []
    for (let i = 0; i < chain.length; i++) {
      const item = chain[i]!
      let result: SendResult | void
      try {
        result = await this.adapter.send(item.envelope)
      } catch (err) {
        if (err instanceof DeliveryError && err.halt) {
          this.pause(err.message)
          // Every message of the chain goes back untouched: no attempt is counted against any of them.
          const back = chain.slice(i).map((x) => x.seq)
          await this.store.outboundRelease(back).catch((e2: unknown) => this.log(`outbox: cannot release messages: ${errorText(e2)}`))
          break
        }
        const retrying = await this.failedAttempt(item, err).catch((e2: unknown) => {
          this.log(`outbox: cannot record a failed attempt: ${errorText(e2)}`)
          return true
        })
        if (!retrying) continue
        // The rest waits behind the message being retried: released now, claimed again after it.
        const rest = chain.slice(i + 1).map((x) => x.seq)
        if (rest.length) await this.store.outboundRelease(rest).catch((e2: unknown) => this.log(`outbox: cannot release messages: ${errorText(e2)}`))
        break
      }
      if (this.probing) {
        this.probing = false
        this.log('outbox: the channel accepts messages again; sending resumed')
        this.poke()
      }
      marks.push(this.markSent(item.seq, result?.channelId ?? null))
    }
    await Promise.all(marks)
  }

  /** Stops claiming for `pauseMs` (once, however many chains met the refusal), then lets one chain probe. */
  private pause(reason: string): void {
    this.probing = false
    if (this.paused || this.stopped) return
    const ms = this.opts.pauseMs ?? 60_000
    this.log(`SENDING STOPPED: ${reason}. Every unsent message is kept; one is tried again in ${Math.round(ms / 1000)} s, and sending resumes once the channel accepts it.`)
    this.paused = setTimeout(() => {
      this.paused = null
      this.probing = true
      this.poke()
    }, ms)
    this.paused.unref?.()
  }

  /**
   * Deliveries that finish in the same tick are marked in one statement (one round trip, one write transaction).
   * Not a later turn of the event loop: on a busy process that wait held every contact's next message for tens to
   * hundreds of ms (bench runtime, step to gateway). If the write fails, the leases run out and the messages go
   * again: at least once.
   */
  private markSent(seq: number, channelId: string | null): Promise<void> {
    if (!this.sentBatch) {
      const batch = { seqs: [] as number[], ids: [] as Array<string | null>, done: Promise.resolve() }
      batch.done = batch.done.then(async () => {
        this.sentBatch = null
        await this.store.outboundSent(batch.seqs, this.now(), batch.ids).catch((err: unknown) => this.log(`outbox: cannot mark ${batch.seqs.length} messages sent: ${errorText(err)}`))
      })
      this.sentBatch = batch
    }
    this.sentBatch.seqs.push(seq)
    this.sentBatch.ids.push(channelId)
    return this.sentBatch.done
  }

  /** Records a failed attempt; true when the message will be tried again (later). */
  private async failedAttempt(item: OutboxItem, err: unknown): Promise<boolean> {
    const e = item.envelope
    const attempts = item.attempts + 1
    const error = errorText(err)
    const final = err instanceof DeliveryError && !err.retry
    if (final || attempts >= this.attempts) {
      const why = final ? `${error} (refused, not retried)` : `${error} (gave up after ${attempts} attempts)`
      this.log(`delivery of ${e.id} (a ${e.message.type} message of run ${e.run_id}) to ${e.to} failed: ${why}`)
      await this.store.outboundFailed(item.seq, {
        runId: e.run_id, contactId: e.contact_id, message: e.message, adapter: this.adapter.name, attempts, error: why, at: this.now(),
      })
      return false
    }
    // The channel's Retry-After, when it sent one, is a floor under our own backoff.
    const asked = err instanceof DeliveryError ? (err.retryAfterMs ?? 0) : 0
    const delay = Math.max(asked, Math.min(this.maxBackoffMs, this.backoffMs * 2 ** (attempts - 1)))
    await this.store.outboundRetry(item.seq, attempts, this.now() + delay, error)
    const timer = setTimeout(() => {
      this.retries.delete(timer)
      this.poke()
    }, delay)
    timer.unref?.()
    this.retries.add(timer)
    return true
  }

  /**
   * Resolves once nothing is in flight and nothing is due: every message committed so far was delivered, failed,
   * or waits for a retry later (or for another instance that holds its contact's head).
   */
  async idle(): Promise<void> {
    for (;;) {
      while (this.filling || this.inFlight.size) {
        await this.filling
        await Promise.all([...this.inFlight])
      }
      if (!this.started || this.stopped) return
      this.poke()
      const claimed = await this.filling
      if (!claimed && !this.inFlight.size) return
    }
  }

  /** Stops claiming and waits for the attempts in flight; unsent messages stay in the outbox for the next start. */
  async close(): Promise<void> {
    this.stopped = true
    if (this.timer) clearInterval(this.timer)
    if (this.paused) clearTimeout(this.paused)
    for (const t of this.retries) clearTimeout(t)
    this.retries.clear()
    await this.filling
    await Promise.all([...this.inFlight])
  }
}

const errorText = (err: unknown): string => (err instanceof Error ? err.message : String(err))
