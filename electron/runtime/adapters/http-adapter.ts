// The HTTP adapter: POSTs each outbound message as JSON to a configured endpoint (a channel gateway). A 2xx answer
// is a delivery; a network error, a timeout, a 429 or a 5xx is retried with exponential backoff; any other status
// is final. When it gives up it throws DeliveryError, which the runtime writes into the run's log.
import type { ChannelAdapter, OutboundEnvelope } from './adapter'
import { DeliveryError } from './adapter'

export interface HttpAdapterOptions {
  url: string
  /** Sent as `Authorization: Bearer <token>` when set. */
  token?: string
  timeoutMs?: number
  /** Attempts in all, the first included. */
  attempts?: number
  /** Delay before the second attempt; doubles each time. */
  backoffMs?: number
}

export class HttpAdapter implements ChannelAdapter {
  readonly name = 'http'
  private readonly timeoutMs: number
  private readonly attempts: number
  private readonly backoffMs: number

  constructor(private readonly opts: HttpAdapterOptions) {
    const url = new URL(opts.url)
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error(`the outbound URL must be http or https, not ${url.protocol}`)
    this.timeoutMs = opts.timeoutMs ?? 10_000
    this.attempts = Math.max(1, opts.attempts ?? 4)
    this.backoffMs = opts.backoffMs ?? 500
  }

  async send(envelope: OutboundEnvelope): Promise<number> {
    const body = JSON.stringify(envelope)
    let last = ''
    for (let attempt = 1; attempt <= this.attempts; attempt++) {
      if (attempt > 1) await sleep(this.backoffMs * 2 ** (attempt - 2))
      const outcome = await this.post(body)
      if (outcome.ok) return attempt
      last = outcome.error
      if (!outcome.retry) throw new DeliveryError(`${last} (not retried)`, attempt)
    }
    throw new DeliveryError(`${last} (gave up after ${this.attempts} attempts)`, this.attempts)
  }

  private async post(body: string): Promise<{ ok: true } | { ok: false; retry: boolean; error: string }> {
    const headers: Record<string, string> = { 'content-type': 'application/json' }
    if (this.opts.token) headers.authorization = `Bearer ${this.opts.token}`
    try {
      const res = await fetch(this.opts.url, { method: 'POST', headers, body, signal: AbortSignal.timeout(this.timeoutMs) })
      await res.arrayBuffer().catch(() => undefined)
      if (res.ok) return { ok: true }
      return { ok: false, retry: res.status === 429 || res.status >= 500, error: `the endpoint answered ${res.status}` }
    } catch (err) {
      const timedOut = err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError')
      const cause = err instanceof Error && err.cause instanceof Error ? `: ${err.cause.message}` : ''
      return { ok: false, retry: true, error: timedOut ? `no answer within ${this.timeoutMs} ms` : `cannot reach the endpoint${cause}` }
    }
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))
