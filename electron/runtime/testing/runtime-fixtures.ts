// Test support: a Runtime over a store with an in-memory adapter, example flows, and inbound message builders.
import { createEffects } from '../../../shared/engine'
import type { OutboundMessage } from '../../../shared/engine'
import type { ChannelAdapter, OutboundEnvelope } from '../adapters/adapter'
import { MemoryAdapter } from '../adapters/log-adapter'
import type { InboundMessage } from '../inbound'
import { Runtime, type RuntimeOptions } from '../runtime'
import type { RuntimeStore } from '../store'

export { EXAMPLES, exampleFlow } from '../../services/transfer/testing/support'

export function testRuntime(
  store: RuntimeStore,
  adapter: ChannelAdapter = new MemoryAdapter(),
  opts: Partial<RuntimeOptions> = {},
) {
  const runtime = new Runtime({ store, adapter, effects: createEffects(), log: () => undefined, ...opts })
  return { runtime, adapter }
}

let counter = 0
/** A text message from `phone` with a fresh message id (or the one given). */
export function text(phone: string, body: string, id = `wamid.t${++counter}.${Date.now()}`): InboundMessage {
  return { phone, messageId: id, event: { type: 'text', text: body, id } }
}

/** One outbound message as the outbox hands it to an adapter (default: a text to +919800000001). */
export function envelopeOf(message: OutboundMessage = { type: 'text', text: { body: 'Hello' } }): OutboundEnvelope {
  return {
    id: 'out_1',
    run_id: 'run_1',
    flow_id: 'flw_1',
    contact_id: 'ct_1',
    to: '+919800000001',
    message,
    created_at: 1,
  }
}
