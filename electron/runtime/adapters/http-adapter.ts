// The HTTP adapter: POSTs each outbound message as JSON to a configured endpoint (a channel gateway). A 2xx answer
// is a delivery; a network error, a timeout, a 429 or a 5xx is worth retrying; any other status is the endpoint
// refusing the message for good. One attempt per call: the outbox retries with backoff (outbox.ts).
import type { ChannelAdapter, OutboundEnvelope } from './adapter'
import { DeliveryError } from './adapter'

export interface HttpAdapterOptions {
  url: string
  /** Sent as `Authorization: Bearer <token>` when set. */
  token?: string
  timeoutMs?: number
}

export class HttpAdapter implements ChannelAdapter {
  readonly name = 'http'
  readonly timeoutMs: number

  constructor(private readonly opts: HttpAdapterOptions) {
    const url = new URL(opts.url)
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error(`the outbound URL must be http or https, not ${url.protocol}`)
    this.timeoutMs = opts.timeoutMs ?? 10_000
  }

  async send(envelope: OutboundEnvelope): Promise<void> {
    const headers: Record<string, string> = { 'content-type': 'application/json', 'idempotency-key': envelope.id }
    if (this.opts.token) headers.authorization = `Bearer ${this.opts.token}`
    let res: Response
    try {
      res = await fetch(this.opts.url, { method: 'POST', headers, body: JSON.stringify(envelope), signal: AbortSignal.timeout(this.timeoutMs) })
      await res.arrayBuffer().catch(() => undefined)
    } catch (err) {
      const timedOut = err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError')
      const cause = err instanceof Error && err.cause instanceof Error ? `: ${err.cause.message}` : ''
      throw new DeliveryError(timedOut ? `no answer within ${this.timeoutMs} ms` : `cannot reach the endpoint${cause}`, true)
    }
    if (res.ok) return
    throw new DeliveryError(`the endpoint answered ${res.status}`, res.status === 429 || res.status >= 500)
  }
}
