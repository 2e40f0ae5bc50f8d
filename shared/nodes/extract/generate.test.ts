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
      const names = suite.tests.map((t) => t.test.name)
      expect(names.some((n) => n.includes('extract_1 gives up'))).toBe(true)
      // An answer it took while it asks for the next slot is named by what was sent, not as a refusal.
      expect(names.filter((n) => !n.includes('gives up')).join('\n')).not.toContain('refused')
      for (const t of suite.tests) {
        const parsed = parseConversationTest(serialiseConversationTest(t.test))
        if (!parsed.ok) throw new Error(parsed.message)
        expect((await runConversationTest(doc, parsed.test, exampleDeps())).failures).toEqual([])
      }
    },
  )

  it('aims values at the rules after it: a quantity over 500 and a particular day, in one message', async () => {
    const doc = buildFlow(
      [
        { type: 'trigger', name: 'trigger_1', config: { kind: 'keyword', keywords: ['order'] } },
        {
          type: 'extract',
          name: 'extract_1',
          config: {
            source: 'next',
            slots: [
              { name: 'qty', type: 'number', required: true, ask: 'How many?' },
              { name: 'day', type: 'date', required: true, ask: 'Which day?' },
            ],
          },
        },
        {
          type: 'condition',
          name: 'bulk',
          config: { join: 'and', rules: [{ left: '{{extract_1.qty}}', operator: 'greater_than', right: '500' }] },
        },
        {
          type: 'condition',
          name: 'new_year',
          config: { join: 'and', rules: [{ left: '{{extract_1.day}}', operator: 'equals', right: '2027-01-01' }] },
        },
        { type: 'message', name: 'big', config: { text: 'Big' } },
        { type: 'message', name: 'party', config: { text: 'Party' } },
        { type: 'message', name: 'plain', config: { text: 'Plain' } },
        { type: 'message', name: 'gave_up', config: { text: 'Never mind' } },
      ],
      [
        ['trigger_1', 'out', 'extract_1'],
        ['extract_1', 'done', 'bulk'],
        ['extract_1', 'failed', 'gave_up'],
        ['bulk', 'true', 'big'],
        ['bulk', 'false', 'new_year'],
        ['new_year', 'true', 'party'],
        ['new_year', 'false', 'plain'],
      ],
    )
    const suite = await generateSuite(doc, exampleDeps())
    expect(suite.unreached).toEqual([])
    expect(suite.covered).toBe(suite.total)
  })
})
