// `chatflow generate` reaches an Extract's done and failed ports from what the node declares (./behaviour.ts):
// a message holding every slot, answers to each ask, and refused answers until it gives up.
import { describe, expect, it } from 'vitest'
import { buildFlow } from '../../engine/testing/fixtures'
import { parseConversationTest, runConversationTest, serialiseConversationTest } from '../../engine/conversation'
import { generateSuite } from '../../generate/suite'
import { exampleDeps } from '../../generate/testing/deps'

const flow = (source: 'trigger' | 'next') =>
  buildFlow(
    [
      { type: 'trigger', name: 'trigger_1', config: { kind: 'keyword', keywords: ['order'] } },
      {
        type: 'extract',
        name: 'extract_1',
        config: {
          source,
          prompt: 'Tell me your order and the day',
          slots: [
            { name: 'order', type: 'pattern', pattern: '[A-Z]{2}-\\d{5}', required: true, ask: 'Order number?' },
            { name: 'day', type: 'date', required: true, ask: 'Which day?' },
            { name: 'size', type: 'choice', choices: ['Small', 'Large'], required: false, ask: '' },
            { name: 'phone', type: 'phone', required: true, ask: 'Your phone?' },
          ],
        },
      },
      { type: 'message', name: 'ok', config: { text: 'Order {{extract_1.order}} on {{extract_1.day}}' } },
      { type: 'message', name: 'gave_up', config: { text: 'Never mind' } },
    ],
    [
      ['trigger_1', 'out', 'extract_1'],
      ['extract_1', 'done', 'ok'],
      ['extract_1', 'failed', 'gave_up'],
    ],
  )

describe('the generator and an Extract node', () => {
  it.each(['trigger', 'next'] as const)(
    'reaches done and failed (source %s), and every test passes',
    async (source) => {
      const doc = flow(source)
      const suite = await generateSuite(doc, exampleDeps())
      expect(suite.unreached).toEqual([])
      expect(suite.covered).toBe(suite.total)
      const ports = new Set(suite.tests.flatMap((t) => t.test.name.split(' → ')))
      expect([...ports].some((p) => p.includes('gives up'))).toBe(true)
      for (const t of suite.tests) {
        const parsed = parseConversationTest(serialiseConversationTest(t.test))
        if (!parsed.ok) throw new Error(parsed.message)
        expect((await runConversationTest(doc, parsed.test, exampleDeps())).failures).toEqual([])
      }
    },
  )
})
