// Test support for the A/B split (split.test.ts, split-routes.test.ts): one flow whose every version says which it is.
import { buildFlow } from '../../../shared/engine/testing/fixtures'

/**
 * "hi" (or the webhook) → greet: "Hello from <label>" → ask (waits) → bye: "Bye from <label>". Publishing it with
 * labels A, B, C makes versions 1, 2, 3 whose messages name them.
 */
export const splitFlow = (label: string, trigger: 'keyword' | 'webhook' = 'keyword') =>
  buildFlow(
    [
      {
        type: 'trigger',
        name: 'trigger_1',
        config: trigger === 'keyword' ? { kind: 'keyword', keywords: ['hi'] } : { kind: 'webhook' },
      },
      { type: 'message', name: 'greet', config: { text: `Hello from ${label}` } },
      { type: 'question', name: 'ask', config: { prompt: 'Anything else?', saveTo: 'answer' } },
      { type: 'message', name: 'bye', config: { text: `Bye from ${label}` } },
    ],
    [
      ['trigger_1', 'out', 'greet'],
      ['greet', 'out', 'ask'],
      ['ask', 'out', 'bye'],
    ],
    { id: trigger === 'keyword' ? 'flw_split' : 'flw_split_hook', name: `Split ${label}` },
  )
