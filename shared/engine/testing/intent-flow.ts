// The small shop's flow the model-provider tests share: an Intent node asking the model provider, a message per
// port, and `failed` saying the error's code (the CLI's run and test --record, the runtime on both stores).
import { SHOP_INTENTS } from '../../nodes/intent/testing'
import { buildFlow } from './fixtures'

/** `intent`: more of the Intent node's config (a prompt the customer is asked first). */
export function modelShopFlow(
  options?: Parameters<typeof buildFlow>[2],
  intent: Record<string, unknown> = {},
): ReturnType<typeof buildFlow> {
  return buildFlow(
    [
      { type: 'trigger', name: 'trigger_1', config: { kind: 'keyword', keywords: ['help'] } },
      {
        type: 'intent',
        name: 'intent_1',
        config: { intents: SHOP_INTENTS, source: 'next', provider: 'model', ...intent },
      },
      { type: 'message', name: 'tracking', config: { text: 'Tracking' } },
      { type: 'message', name: 'cancelling', config: { text: 'Cancelling' } },
      { type: 'message', name: 'agent', config: { text: 'Agent' } },
      { type: 'message', name: 'unsure', config: { text: 'Sorry?' } },
      { type: 'message', name: 'broken', config: { text: 'Broken: {{intent_1.error.code}}' } },
    ],
    [
      ['trigger_1', 'out', 'intent_1'],
      ['intent_1', 'track', 'tracking'],
      ['intent_1', 'cancel', 'cancelling'],
      ['intent_1', 'human', 'agent'],
      ['intent_1', 'other', 'unsure'],
      ['intent_1', 'failed', 'broken'],
    ],
    options,
  )
}
