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
import { backoffDelay, ChainWorker, type QueueOptions } from './chain-worker'
import type { OutboxItem, RuntimeStore } from './store'

export interface OutboxOptions extends QueueOptions {
  /** After the channel refused the token: how long sending pauses before one chain tries again (default 60 s). */
  pauseMs?: number
}

export class Outbox {
  private readonly worker: ChainWorker<OutboxItem>
  private sentBatch: { seqs: number[]; ids: Array<string | null>; done: Promise<boolean> } | null = null
  /** Sending paused after a refusal of the channel as a whole; then one chain at a time probes until a send goes. */
  private paused: NodeJS.Timeout | null = null
  private probing = false
  private started = false
  private stopped = false
  private readonly attempts: number
  private readonly now: () => number

  constructor(
    private readonly store: RuntimeStore,
    private readonly adapter: ChannelAdapter,
    private readonly log: (message: string) => void,
    private readonly opts: OutboxOptions = {},
  ) {
    this.attempts = Math.max(1, opts.attempts ?? 10)
    this.now = opts.now ?? Date.now
    const concurrency = opts.concurrency ?? 32
    const claim = (limit: number) =>
      store.claimOutbound({
        now: this.now(),
        leaseMs: opts.leaseMs ?? 30_000,
        limit,
        perContact: opts.perContact ?? 20,
      })
    // Paused: nothing is claimed; probing: one chain at a time until the channel accepts a message again.
    const room = (inFlight: number) => (this.paused ? 0 : this.probing ? (inFlight ? 0 : 1) : concurrency - inFlight)
    this.worker = new ChainWorker(
      claim,
      (i) => i.contactId,
      (chain) => this.deliver(chain),
      (m) => log(`outbox: ${m}`),
      { pollMs: opts.pollMs, room },
    )
  }

  /** Starts polling, and sends what an earlier process left unsent. */
  start(): void {
    this.started = true
    this.worker.start()
  }

  /**
   * Until when a step may lease its own messages to this sender (ContactWrites.leaseOutbound), or 0: only while
   * sending, not paused or probing, with a free slot. Those messages then come to `adopt` instead of a claim.
   */
  leaseUntil(): number {
    const free = this.started && !this.stopped && !this.paused && !this.probing && this.worker.room() > 0
    return free ? this.now() + (this.opts.leaseMs ?? 30_000) : 0
  }

  /**
   * Sends one contact's messages its committed step leased to this sender. If sending has stopped or paused since,
   * or every slot filled meanwhile, they are given back at once for a claim (their lease would hold them otherwise).
   */
  adopt(chain: OutboxItem[]): void {
    if (!chain.length) return
    if (this.leaseUntil()) return this.worker.adopt(chain)
    void this.store
      .outboundRelease(chain.map((i) => i.seq))
      .catch((err: unknown) => this.log(`outbox: cannot release messages: ${errorText(err)}`))
      .then(() => this.poke())
  }

  /**
   * The chains a group of contacts' transaction leased (a broadcast round's group: business-start.ts), all of them
   * while sending: the group was offered its lease while a slot was free, and giving back those beyond the free
   * slots cost a release each and a claim for them (a scan of the outbox's heads) — most of the database's work per
   * recipient once starts went in groups. So the slots are exceeded by at most the groups in flight times their size.
   */
  adoptAll(chains: OutboxItem[][]): void {
    const sending = this.started && !this.stopped && !this.paused && !this.probing
    for (const chain of chains) {
      if (!chain.length) continue
      if (sending) this.worker.adopt(chain)
      else this.adopt(chain)
    }
  }

  /** Something was committed (or a slot came free): read the outbox now rather than at the next poll. */
  poke(): void {
    this.worker.poke()
  }

  /**
   * One contact's claimed messages, in order; resolves once every outcome is written, with false when the store
   * says no unsent message of the contact waits unheld behind them (so no claim is needed for them).
   */
  private async deliver(chain: OutboxItem[]): Promise<boolean> {
    const marks: Promise<boolean>[] = []
    let more = false
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
          await this.store
            .outboundRelease(back)
            .catch((e2: unknown) => this.log(`outbox: cannot release messages: ${errorText(e2)}`))
          more = true
          break
        }
        const retrying = await this.failedAttempt(item, err).catch((e2: unknown) => {
          this.log(`outbox: cannot record a failed attempt: ${errorText(e2)}`)
          return true
        })
        // The store was not asked what waits behind a failed attempt: claim after the chain, as ever.
        more = true
        if (!retrying) continue
        // The rest waits behind the message being retried: released now, claimed again after it.
        const rest = chain.slice(i + 1).map((x) => x.seq)
        if (rest.length)
          await this.store
            .outboundRelease(rest)
            .catch((e2: unknown) => this.log(`outbox: cannot release messages: ${errorText(e2)}`))
        break
      }
      if (this.probing) {
        this.probing = false
        this.log('outbox: the channel accepts messages again; sending resumed')
        this.poke()
      }
      marks.push(this.markSent(item.seq, result?.channelId ?? null))
    }
    const waiting = (await Promise.all(marks)).some((w) => w)
    if (!waiting || more) return waiting || more
    return this.takeWaiting(chain[0]!.contactId)
  }

  /**
   * The contact's messages written behind its chain while it was being sent (one contact writing faster than the
   * channel takes its messages): on SQLite they are leased and sent as the chain's next one, without a claim (the
   * claim's scan of every contact's queue was 5-7 % of serve's CPU per webhook request at 10 connections of one
   * contact). True when a claim must decide instead.
   */
  private async takeWaiting(contactId: string): Promise<boolean> {
    if (!this.store.outboundWaiting || this.stopped || this.paused || this.probing) return true
    const next = await this.store.outboundWaiting(contactId, {
      now: this.now(),
      leaseMs: this.opts.leaseMs ?? 30_000,
      perContact: this.opts.perContact ?? 20,
    })
    if (next === null) return true
    this.adopt(next)
    return false
  }

  /** Stops claiming for `pauseMs` (once, however many chains met the refusal), then lets one chain probe. */
  private pause(reason: string): void {
    this.probing = false
    if (this.paused || this.stopped) return
    const ms = this.opts.pauseMs ?? 60_000
    this.log(
      `SENDING STOPPED: ${reason}. Every unsent message is kept; one is tried again in ${Math.round(ms / 1000)} s, and sending resumes once the channel accepts it.`,
    )
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
  private markSent(seq: number, channelId: string | null): Promise<boolean> {
    if (!this.sentBatch) {
      const batch = {
        seqs: [] as number[],
        ids: [] as Array<string | null>,
        done: Promise.resolve(true),
      }
      batch.done = batch.done.then(async () => {
        this.sentBatch = null
        return this.store.outboundSent(batch.seqs, this.now(), batch.ids).catch((err: unknown) => {
          this.log(`outbox: cannot mark ${batch.seqs.length} messages sent: ${errorText(err)}`)
          return true
        })
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
      this.log(
        `delivery of ${e.id} (a ${e.message.type} message of ${e.run_id ? `run ${e.run_id}` : 'a person, no run'}) to ${e.to} failed: ${why}`,
      )
      await this.store.outboundFailed(item.seq, {
        runId: e.run_id,
        contactId: e.contact_id,
        message: e.message,
        adapter: this.adapter.name,
        attempts,
        error: why,
        at: this.now(),
      })
      return false
    }
    // The channel's Retry-After, when it sent one, is a floor under our own backoff.
    const asked = err instanceof DeliveryError ? (err.retryAfterMs ?? 0) : 0
    const delay = Math.max(asked, backoffDelay(this.opts, attempts))
    await this.store.outboundRetry(item.seq, attempts, this.now() + delay, error)
    this.worker.pokeIn(delay)
    return true
  }

  /**
   * Resolves once nothing is in flight and nothing is due: every message committed so far was delivered, failed,
   * or waits for a retry later (or for another instance that holds its contact's head).
   */
  idle(): Promise<void> {
    return this.worker.idle()
  }

  /** Stops claiming and waits for the attempts in flight; unsent messages stay in the outbox for the next start. */
  async close(): Promise<void> {
    this.stopped = true
    if (this.paused) clearTimeout(this.paused)
    await this.worker.close()
  }
}

const errorText = (err: unknown): string => (err instanceof Error ? err.message : String(err))
