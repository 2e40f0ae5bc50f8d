// Test support: a Runtime over a store with an in-memory adapter, example flows, and inbound message builders.
import { createEffects } from '../../../shared/engine'
import type { ChannelAdapter } from '../adapters/adapter'
import { MemoryAdapter } from '../adapters/log-adapter'
import type { InboundMessage } from '../inbound'
import { Runtime, type RuntimeOptions } from '../runtime'
import type { RuntimeStore } from '../store'

export { EXAMPLES, exampleFlow } from '../../studio/transfer/test-support'

export function testRuntime(store: RuntimeStore, adapter: ChannelAdapter = new MemoryAdapter(), opts: Partial<RuntimeOptions> = {}) {
  const runtime = new Runtime({ store, adapter, effects: createEffects(), log: () => undefined, ...opts })
  return { runtime, adapter }
}

let counter = 0
/** A text message from `phone` with a fresh message id (or the one given). */
export function text(phone: string, body: string, id = `wamid.t${++counter}.${Date.now()}`): InboundMessage {
  return { phone, messageId: id, event: { type: 'text', text: body, id } }
}
