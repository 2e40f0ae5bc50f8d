// The Cloud API adapter (`--channel cloud-api`): each outbox message is one `POST {base}/{version}/{phone number
// id}/messages` with the bearer token and the channel's envelope around the message (shared/engine/outbound.ts; docs/runtime.md, The channel).
// The answer's message id (a wamid) comes back to the outbox, so the status webhooks that name it later update
// that message (channel-webhook.ts). Errors are sorted by cloud-api-errors.ts: retried (throttling, 5xx, with
// Retry-After), failed with the channel's code and text, or, for a refused token, sending halts until it is fixed.
import type { ChannelAdapter, ChannelHealth, OutboundEnvelope, SendResult } from './adapter'
import { DeliveryError } from './adapter'
import { classify } from './cloud-api-errors'

/** The access token: from the environment, or a file read again when the channel refused the one it held. */
export interface TokenSource {
  current(): string
  /** Re-reads a token file (a rotated token is picked up without a restart); a no-op for a fixed token. */
  reload?(): void
}

export interface CloudApiOptions {
  /** The Graph API base, e.g. https://graph.facebook.com (tests and on-premises proxies point elsewhere). */
  baseUrl: string
  /** e.g. v24.0 */
  version: string
  phoneNumberId: string
  token: TokenSource
  timeoutMs?: number
  now?: () => number
}

export class CloudApiAdapter implements ChannelAdapter {
  readonly name = 'cloud-api'
  readonly url: string
  readonly timeoutMs: number
  private refused: { reason: string; since: number } | null = null
  private readonly now: () => number

  constructor(private readonly opts: CloudApiOptions) {
    const base = new URL(opts.baseUrl)
    if (base.protocol !== 'http:' && base.protocol !== 'https:')
      throw new Error(`the Cloud API URL must be http or https, not ${base.protocol}`)
    this.url = `${opts.baseUrl.replace(/\/+$/, '')}/${encodeURIComponent(opts.version)}/${encodeURIComponent(opts.phoneNumberId)}/messages`
    this.timeoutMs = opts.timeoutMs ?? 10_000
    this.now = opts.now ?? Date.now
  }

  health(): ChannelHealth {
    return this.refused ? { ok: false, reason: this.refused.reason, since: this.refused.since } : { ok: true }
  }

  async send(envelope: OutboundEnvelope): Promise<SendResult> {
    if (this.refused) this.opts.token.reload?.()
    // The envelope's own fields first, then the message: {type, <type>: {...}} exactly as the run produced it.
    const body = {
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: envelope.to.replace(/^\+/, ''),
      ...envelope.message,
    }
    let res: Response
    try {
      res = await fetch(this.url, {
        method: 'POST',
        headers: { authorization: `Bearer ${this.opts.token.current()}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(this.timeoutMs),
      })
    } catch (err) {
      const timedOut = err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError')
      const cause = err instanceof Error && err.cause instanceof Error ? `: ${err.cause.message}` : ''
      throw new DeliveryError(
        timedOut ? `the Cloud API did not answer within ${this.timeoutMs} ms` : `cannot reach the Cloud API${cause}`,
        true,
      )
    }
    const answer: unknown = await res.json().catch(() => null)
    if (res.ok) {
      this.refused = null
      const id = (answer as { messages?: Array<{ id?: unknown }> } | null)?.messages?.[0]?.id
      return typeof id === 'string' && id ? { channelId: id } : {}
    }
    const verdict = classify(res.status, answer, res.headers.get('retry-after'))
    if (verdict.kind === 'halt') {
      this.refused ??= { reason: verdict.text, since: this.now() }
      this.refused.reason = verdict.text
      throw new DeliveryError(verdict.text, true, { halt: true })
    }
    // Any other answer proves the token was accepted.
    this.refused = null
    if (verdict.kind === 'retry')
      throw new DeliveryError(verdict.text, true, {
        retryAfterMs: verdict.retryAfterMs,
        // 130429: the number's throughput is exceeded; the send pacer slows down (send-pacer.ts).
        throttle: verdict.code === 130429,
      })
    throw new DeliveryError(verdict.text, false)
  }
}
