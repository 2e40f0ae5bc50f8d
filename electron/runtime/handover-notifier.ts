// The takeover notifications (docs/runtime.md, "Human takeover"): when a person takes a conversation over, and when
// they give it back, the operator's endpoint (--handover-url) gets a JSON POST. The notification is written in the
// takeover's own transaction (table handover_notifications) and sent from there by this loop, so a crash between
// the commit and the POST delays it, never loses it: at least once, with a stable id in `X-Chatflow-Delivery` that
// the receiver de-duplicates on. The loop never runs under a contact's lock: a slow endpoint holds up nothing but
// its own notifications. With a secret the raw body is signed, HMAC-SHA256, in `X-Chatflow-Signature: sha256=<hex>`
// (as the channel signs its webhooks). A 2xx is delivered; no answer, a timeout, 408, 429 or 5xx are tried again
// with backoff (500 ms doubling, at most 5 minutes, 10 attempts in all); another status is the endpoint refusing
// it for good. Each outcome is logged and counted (chatflow_handover_notifications_total{outcome}).
import { createHmac } from 'node:crypto'
import http from 'node:http'
import https from 'node:https'
import type { Counter } from 'prom-client'
import { backoffDelay, type QueueOptions } from './chain-worker'

/** A notification waiting to be sent, leased to one sender (RuntimeHandovers.claimNotifications). */
export interface NotificationItem {
  seq: number
  /** 'hnt_…': the same on every attempt, from every instance. */
  id: string
  event: 'handover.started' | 'handover.ended'
  /** The JSON to POST, exactly as committed (the signature is over these bytes). */
  body: string
  /** Attempts made before this one. */
  attempts: number
}

/** The notification queue as a store keeps it (both stores: table handover_notifications). */
export interface NotificationQueue {
  /** Leases up to `limit` pending notifications due by `now` that no live lease holds, oldest first. */
  claimNotifications(opts: { now: number; leaseMs: number; limit: number }): Promise<NotificationItem[]>
  notificationSent(seq: number, at: number): Promise<void>
  notificationRetry(seq: number, attempts: number, nextAt: number, error: string): Promise<void>
  notificationFailed(seq: number, attempts: number, error: string, at: number): Promise<void>
}

export interface NotifierOptions extends Pick<QueueOptions, 'attempts' | 'backoffMs' | 'maxBackoffMs' | 'leaseMs'> {
  url: string
  /** Signs each body (CHATFLOW_HANDOVER_SECRET). */
  secret?: string
  timeoutMs?: number
  /** How often the queue is read without a poke (default 1 s); null: never by itself (tests call drain). */
  pollMs?: number | null
  now?: () => number
  log?: (fields: Record<string, unknown>, message: string) => void
  /** chatflow_handover_notifications_total{outcome}: sent, retried, failed. */
  counter?: Pick<Counter<'outcome'>, 'inc'>
}

class AttemptError extends Error {
  constructor(
    message: string,
    readonly retry: boolean,
  ) {
    super(message)
  }
}

/** The signature header's value for a body: `sha256=` and the hex HMAC-SHA256 of its bytes keyed with the secret. */
export function signBody(secret: string, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(body, 'utf8').digest('hex')}`
}

export class HandoverNotifier {
  private readonly url: URL
  private readonly now: () => number
  private readonly agent: http.Agent
  private timer: NodeJS.Timeout | null = null
  private draining: Promise<number> | null = null
  private again = false
  private stopped = false

  constructor(
    private readonly queue: NotificationQueue,
    private readonly opts: NotifierOptions,
  ) {
    this.url = new URL(opts.url)
    if (this.url.protocol !== 'http:' && this.url.protocol !== 'https:')
      throw new Error(`the handover URL must be http or https, not ${this.url.protocol}`)
    this.now = opts.now ?? Date.now
    const Agent = this.url.protocol === 'https:' ? https.Agent : http.Agent
    this.agent = new Agent({ keepAlive: true, maxSockets: 4, timeout: 4_000 })
  }

  start(): void {
    if (this.opts.pollMs === null || this.timer || this.stopped) return
    this.timer = setInterval(() => this.poke(), this.opts.pollMs ?? 1000)
    this.timer.unref?.()
    this.poke()
  }

  /** A takeover committed a notification: send it now rather than at the next poll. */
  poke(): void {
    if (this.stopped) return
    if (this.draining) {
      this.again = true
      return
    }
    this.draining = this.drain()
      .catch((err: unknown) => {
        this.opts.log?.({ err: text(err) }, 'handover notifications: cannot read the queue')
        return 0
      })
      .finally(() => {
        this.draining = null
        if (this.again) {
          this.again = false
          this.poke()
        }
      })
  }

  /** Sends every notification due now, one after another; answers how many were attempted. */
  async drain(): Promise<number> {
    let attempted = 0
    for (;;) {
      const items = await this.queue.claimNotifications({
        now: this.now(),
        leaseMs: this.opts.leaseMs ?? 3 * (this.opts.timeoutMs ?? 10_000),
        limit: 16,
      })
      if (!items.length) return attempted
      for (const item of items) await this.deliver(item)
      attempted += items.length
    }
  }

  private async deliver(item: NotificationItem): Promise<void> {
    const attempts = item.attempts + 1
    try {
      await this.post(item)
      await this.queue.notificationSent(item.seq, this.now())
      this.opts.counter?.inc({ outcome: 'sent' })
      return
    } catch (err) {
      const retry = err instanceof AttemptError ? err.retry : true
      const error = text(err)
      const fields = { notificationId: item.id, event: item.event, attempts, error }
      if (!retry || attempts >= (this.opts.attempts ?? 10)) {
        const why = retry ? `${error} (gave up after ${attempts} attempts)` : `${error} (refused, not retried)`
        await this.queue.notificationFailed(item.seq, attempts, why, this.now())
        this.opts.counter?.inc({ outcome: 'failed' })
        this.opts.log?.({ ...fields, error: why }, 'handover notification failed')
        return
      }
      const delay = backoffDelay({ backoffMs: this.opts.backoffMs, maxBackoffMs: this.opts.maxBackoffMs }, attempts)
      await this.queue.notificationRetry(item.seq, attempts, this.now() + delay, error)
      this.opts.counter?.inc({ outcome: 'retried' })
      // The poll (every second) picks it up once it is due.
      this.opts.log?.({ ...fields, retryInMs: delay }, 'handover notification not delivered; trying again')
    }
  }

  private post(item: NotificationItem): Promise<void> {
    const headers: Record<string, string | number> = {
      'content-type': 'application/json',
      'content-length': Buffer.byteLength(item.body),
      'x-chatflow-event': item.event,
      'x-chatflow-delivery': item.id,
    }
    if (this.opts.secret) headers['x-chatflow-signature'] = signBody(this.opts.secret, item.body)
    const timeoutMs = this.opts.timeoutMs ?? 10_000
    const request = this.url.protocol === 'https:' ? https.request : http.request
    return new Promise<void>((resolve, reject) => {
      let settled = false
      const settle = (err?: AttemptError) => {
        if (settled) return
        settled = true
        clearTimeout(timer)
        if (err) {
          req.destroy()
          reject(err)
        } else resolve()
      }
      const timer = setTimeout(() => settle(new AttemptError(`no answer within ${timeoutMs} ms`, true)), timeoutMs)
      const req = request(this.url, { method: 'POST', headers, agent: this.agent }, (res) => {
        res.resume()
        res.on('error', (err) => settle(new AttemptError(`cannot reach the endpoint: ${err.message}`, true)))
        res.on('end', () => {
          const status = res.statusCode ?? 0
          if (status >= 200 && status < 300) return settle()
          settle(new AttemptError(`the endpoint answered ${status}`, status === 408 || status === 429 || status >= 500))
        })
      })
      req.on('error', (err) => settle(new AttemptError(`cannot reach the endpoint: ${err.message}`, true)))
      req.end(item.body)
    })
  }

  /** Resolves once the notifications poked so far were attempted (tests; Runtime.idle). */
  async idle(): Promise<void> {
    while (this.draining) await this.draining
  }

  /** Stops polling and waits for the notification being sent; what is pending goes at the next start. */
  async close(): Promise<void> {
    this.stopped = true
    if (this.timer) clearInterval(this.timer)
    await this.draining
    this.agent.destroy()
  }
}

const text = (err: unknown) => (err instanceof Error ? err.message : String(err))
