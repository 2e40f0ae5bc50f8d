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
  run_id: string
  flow_id: string
  contact_id: string
  /** The customer's phone number with country code, e.g. "+919800000001". */
  to: string
  /** The channel's send shape without the envelope (channel-reference §1): {type:"text", text:{body}}, … */
  message: OutboundMessage
  /** When the run produced it, in ms since the epoch. */
  created_at: number
}

export interface ChannelAdapter {
  /** Shown in logs and stored with delivery failures. */
  readonly name: string
  /** One attempt to deliver one message; rejects when it was not delivered (a DeliveryError says whether to retry). */
  send(envelope: OutboundEnvelope): Promise<void>
  close?(): Promise<void>
}

/** A failed attempt. `retry: false` is the channel refusing the message for good (a 4xx): it is never sent again. */
export class DeliveryError extends Error {
  constructor(
    message: string,
    readonly retry: boolean,
  ) {
    super(message)
  }
}
