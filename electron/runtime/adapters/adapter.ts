// Every message a run sends leaves the runtime through one ChannelAdapter, from the outbox (outbox.ts) once the step
// that produced it is committed (a step that rolls back sends nothing). An adapter makes one attempt per call and
// says whether a failure is worth retrying; the outbox owns retries, backoff and the record of failures.
import type { OutboundMessage } from '../../../shared/engine'

/** One outbound message and whom it is for. This is also the JSON the HTTP adapter posts (docs/runtime.md). */
export interface OutboundEnvelope {
  /**
   * The message's stable id: the same on every attempt, on every instance and after a restart, so the receiver
   * can drop a second delivery of a message (delivery is at least once).
   */
  id: string
  /** The run that sent it; null for a person's reply to a customer who never had a run (a takeover). */
  run_id: string | null
  flow_id: string | null
  contact_id: string
  /** The customer's phone number with country code, e.g. "+919800000001". */
  to: string
  /** The channel's send shape without the envelope (shared/engine/outbound.ts): {type:"text", text:{body}}, … */
  message: OutboundMessage
  /** When the run produced it, in ms since the epoch. */
  created_at: number
}

/** What a delivered message is called on the channel: the id its later status webhooks name (a wamid). */
export interface SendResult {
  channelId?: string
}

/** Whether the channel accepted this adapter's credentials at the last try (GET /readyz shows it). */
export interface ChannelHealth {
  ok: boolean
  /** Why sending is stopped, when it is. */
  reason?: string
  /** Since when (ms since the epoch). */
  since?: number
}

export interface ChannelAdapter {
  /** Shown in logs and stored with delivery failures. */
  readonly name: string
  /** One attempt to deliver one message; rejects when it was not delivered (a DeliveryError says whether to retry). */
  send(envelope: OutboundEnvelope): Promise<SendResult | void>
  /** For adapters that can be refused as a whole (a revoked token); absent means always ok. */
  health?(): ChannelHealth
  close?(): Promise<void>
}

export interface DeliveryErrorOptions {
  /** The channel asked to wait this long before the next attempt (Retry-After). */
  retryAfterMs?: number
  /**
   * Nothing can be sent until an operator acts (the token is expired or revoked): the outbox stops sending, keeps
   * every message and tries again later; the attempt does not count against the message.
   */
  halt?: boolean
  /** The channel throttled the number (130429): the send pacer halves its rate and backs off (send-pacer.ts). */
  throttle?: boolean
}

/**
 * A failed attempt. `retry: false` is the channel refusing the message for good (a 4xx): it is never sent again.
 * With `halt`, the message is kept as it was and sending stops for a while.
 */
export class DeliveryError extends Error {
  readonly retryAfterMs?: number
  readonly halt: boolean
  readonly throttle: boolean

  constructor(
    message: string,
    readonly retry: boolean,
    opts: DeliveryErrorOptions = {},
  ) {
    super(message)
    this.retryAfterMs = opts.retryAfterMs
    this.halt = opts.halt ?? false
    this.throttle = opts.throttle ?? false
  }
}
