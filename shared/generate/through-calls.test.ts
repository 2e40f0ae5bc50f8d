// The generator through calls: a caller's suite reaches the branches inside the flows it calls, counted for each
// flow; a callable flow gets a suite of its own with its inputs as the tests' variables.
import { describe, expect, it } from 'vitest'
import { parseConversationTest, runConversationTest, serialiseConversationTest } from '../engine/conversation'
import type { FlowCatalogue } from '../flow/catalogue'
import type { FlowDocument } from '../flow/document'
import { buildFlow } from '../analysis/testing/build'
import { generateSuite, type Suite } from './suite'
import { exampleDeps } from './testing/deps'
import { flowSourceOf } from './through-calls'

/** Every test written to YAML, read back and played against `flow` with the calls running for real. */
async function replay(flow: FlowDocument, suite: Suite, flows?: FlowCatalogue): Promise<string[][]> {
  const out: string[][] = []
  for (const t of suite.tests) {
    const parsed = parseConversationTest(serialiseConversationTest(t.test))
    if (!parsed.ok) throw new Error(parsed.message)
    const deps = { ...exampleDeps(), ...(flows ? { flows: flowSourceOf(flows) } : {}) }
    const r = await runConversationTest(flow, parsed.test, deps)
    out.push(r.failures.flatMap((f) => [f.where, ...f.lines]))
  }
  return out
}

/** A callable flow that routes on its input `tier` before asking: the generator has to choose the input. */
function tierFlow(): FlowDocument {
  return buildFlow(
    [
      ['trigger', 'trigger_1', { kind: 'manual' }],
      ['condition', 'is_gold', { rules: [{ left: '{{tier}}', operator: 'equals', right: 'gold' }] }],
      ['message', 'gold', { text: 'Welcome back, {{customer}}!' }],
      ['question', 'ask_why', { prompt: 'How can we help?', saveTo: 'why' }],
      ['end', 'end_1', { returns: { answer: '{{tier}}' } }],
    ],
    [
      ['trigger_1', 'out', 'is_gold'],
      ['is_gold', 'true', 'gold'],
      ['is_gold', 'false', 'ask_why'],
      ['gold', 'out', 'end_1'],
      ['ask_why', 'out', 'end_1'],
      ['ask_why', 'failure', 'end_1'],
    ],
    {
      id: 'flw_tier',
      name: 'Tier',
      active: false,
      interface: {
        inputs: [
          { name: 'tier', required: true },
          { name: 'customer', required: false },
        ],
        outputs: [{ name: 'answer' }],
      },
    },
  )
}

describe('generating through calls', () => {
  it("a callable flow on its own: its inputs are the tests' variables, chosen for the rules that read them", async () => {
    const flow = tierFlow()
    const suite = await generateSuite(flow, exampleDeps())
    expect(suite.unreached).toEqual([])
    expect(suite.dropped).toEqual([])
    expect(suite.tests.map((t) => t.test.variables)).toContainEqual({ tier: 'gold' })
    expect(suite.tests.every((t) => typeof t.test.variables?.tier === 'string')).toBe(true)
    expect(await replay(flow, suite)).toEqual(suite.tests.map(() => []))
  })
})
