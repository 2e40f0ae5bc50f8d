// Every message a run sends leaves the runtime through one ChannelAdapter, after the step that produced it is
// committed (a step that rolls back sends nothing). Adapters throw on failure; the runtime records the failure in
// the run's log and carries on.
import type { OutboundMessage } from '../../../shared/engine'

/** One outbound message and whom it is for. This is also the JSON the HTTP adapter posts (docs/runtime.md). */
export interface OutboundEnvelope {
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
  /** Delivers one message; resolves with how many attempts it took, rejects with DeliveryError when it gave up. */
  send(envelope: OutboundEnvelope): Promise<number>
  close?(): Promise<void>
}

export class DeliveryError extends Error {
  constructor(
    message: string,
    readonly attempts: number,
  ) {
    super(message)
  }
}
