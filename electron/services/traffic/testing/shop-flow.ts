// Test support for the traffic aggregates (electron/services/traffic and electron/runtime tests, bench/suites/traffic.ts).
import { buildFlow } from '../../../../shared/engine/testing/fixtures'

/** shop → ask → check: "done" ends at bye; otherwise route: "fail" goes to an HTTP call that fails, else back to ask. */
export const shopFlow = (name = 'Shop') =>
  buildFlow(
    [
      { type: 'trigger', name: 'trigger_1', config: { kind: 'keyword', keywords: ['shop'] } },
      { type: 'question', name: 'ask', config: { prompt: 'What?', saveTo: 'item' } },
      {
        type: 'condition',
        name: 'check',
        config: { rules: [{ left: '{{item}}', operator: 'equals', right: 'done' }] },
      },
      { type: 'message', name: 'bye', config: { text: 'Bye' } },
      {
        type: 'condition',
        name: 'route',
        config: { rules: [{ left: '{{item}}', operator: 'equals', right: 'fail' }] },
      },
      { type: 'http_call', name: 'call', config: { url: 'http://127.0.0.1:9/order' } },
    ],
    [
      ['trigger_1', 'out', 'ask'],
      ['ask', 'out', 'check'],
      ['check', 'true', 'bye'],
      ['check', 'false', 'route'],
      ['route', 'true', 'call'],
      ['route', 'false', 'ask'],
    ],
    { id: 'flw_shop', name },
  )
