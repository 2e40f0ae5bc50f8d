// The channel's inbox drained: each customer message the webhook recorded (channel-webhook.ts) is processed by the
// runtime exactly as POST /api/v1/inbound processes one (Runtime.inbound: once per message id, under the contact's
// lock), in the order recorded per contact, by one instance at a time (the store leases each contact's chain). A
// message that fails is tried again with backoff, holding its contact's later messages behind it; after the last
// attempt it is marked failed, logged with its id, and the contact's next message goes on.
import type { Logger } from 'pino'
import { backoffDelay, ChainWorker, type QueueOptions } from './chain-worker'
import type { ChannelStore, InboxItem } from './channel-store'
import type { ChannelMessage } from './channel-webhook-parse'
import type { Runtime } from './runtime'

/** Retries, backoff, leases (default 60 s) and concurrency of the inbox's processing. */
export type ChannelInboxOptions = QueueOptions

export class ChannelInbox {
  private readonly worker: ChainWorker<InboxItem>
  private readonly now: () => number

  constructor(
    private readonly store: ChannelStore,
    private readonly handle: (m: ChannelMessage) => Promise<void>,
    private readonly log: Logger,
    private readonly opts: ChannelInboxOptions = {},
  ) {
    this.now = opts.now ?? Date.now
    const claim = (limit: number) =>
      store.claimInbox({ now: this.now(), leaseMs: opts.leaseMs ?? 60_000, limit, perContact: opts.perContact ?? 20 })
    this.worker = new ChainWorker(
      claim,
      (i) => i.message.phone,
      (chain) => this.work(chain),
      (m) => log.error(`channel inbox: ${m}`),
      opts,
    )
  }

  start(): void {
    this.worker.start()
  }

  /** The webhook recorded messages: process them now rather than at the next poll. */
  poke(): void {
    this.worker.poke()
  }

  idle(): Promise<void> {
    return this.worker.idle()
  }

  async close(): Promise<void> {
    await this.worker.close()
  }

  private async work(chain: InboxItem[]): Promise<void> {
    const done: number[] = []
    try {
      for (let i = 0; i < chain.length; i++) {
        const item = chain[i]!
        try {
          await this.handle(item.message)
          done.push(item.seq)
        } catch (err) {
          await this.failedAttempt(item, err)
          // The contact's later messages wait behind this one: given back now, claimed again after it.
          const rest = chain.slice(i + 1).map((x) => x.seq)
          if (rest.length) await this.store.inboxRelease(rest)
          return
        }
      }
    } finally {
      if (done.length) await this.store.inboxDone(done, this.now())
    }
  }

  private async failedAttempt(item: InboxItem, err: unknown): Promise<void> {
    const attempts = item.attempts + 1
    const error = err instanceof Error ? err.message : String(err)
    const m = item.message
    if (attempts >= (this.opts.attempts ?? 10)) {
      this.log.error(
        { messageId: m.messageId, attempts, err: error },
        'a customer message could not be processed and was given up',
      )
      await this.store.inboxFailed(item.seq, attempts, error, this.now())
      return
    }
    const delay = backoffDelay(this.opts, attempts)
    this.log.warn(
      { messageId: m.messageId, attempts, retryInMs: delay, err: error },
      'a customer message could not be processed; trying again',
    )
    await this.store.inboxRetry(item.seq, attempts, this.now() + delay, error)
    this.worker.pokeIn(delay)
  }
}

/**
 * What processing a recorded message means: a message flows can take goes through Runtime.inbound; another kind
 * (an image, a location…) is recorded under its id as the customer writing (the service window), and runs nothing.
 */
export function inboxHandler(runtime: Runtime, log: Logger, now: () => number): (m: ChannelMessage) => Promise<void> {
  return async (m) => {
    if (m.event) {
      const answer = await runtime.inbound({ phone: m.phone, name: m.name, messageId: m.messageId, event: m.event })
      log.info(
        {
          messageId: m.messageId,
          contactId: answer.contactId,
          runId: answer.runId,
          action: answer.action,
          status: answer.status,
        },
        'customer message processed',
      )
      return
    }
    const contactId = await runtime.store.withContact(m.phone, m.name, async (tx) => {
      if (await tx.seen(m.messageId)) return tx.contact.id
      const at = now()
      await tx.commit({
        steps: [],
        inbound: { messageId: m.messageId, contactId: tx.contact.id, action: 'ignored', runId: null, receivedAt: at },
        touchInboundAt: at,
      })
      return tx.contact.id
    })
    log.info(
      { messageId: m.messageId, contactId, kind: m.kind },
      'customer message of a kind flows do not take: recorded, nothing run',
    )
  }
}
