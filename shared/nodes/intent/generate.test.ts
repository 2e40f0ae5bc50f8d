import { describe, expect, it } from 'vitest'
import {
  branchCoverage,
  parseConversationTest,
  runConversationTest,
  serialiseConversationTest,
} from '../../engine/conversation'
import { buildFlow } from '../../analysis/testing/build'
import { generateSuite } from '../../generate/suite'
import { exampleDeps } from '../../generate/testing/deps'
import { SHOP_INTENTS } from './testing'

// `chatflow generate` on a flow with an Intent node: one conversation per intent port and one for other, each with
// text the node's own classifier puts there, and every generated test passes when replayed.
function shopFlow(source: 'next' | 'trigger') {
  return buildFlow(
    [
      ['trigger', 'trigger_1', { keywords: ['hi', 'help'], matchMode: 'contains' }],
      ['intent', 'intent_1', { intents: SHOP_INTENTS, source, prompt: 'How can I help?' }],
      ['message', 'tracking', { text: 'Tracking' }],
      ['message', 'cancelling', { text: 'Cancelling' }],
      ['message', 'agent', { text: 'Agent' }],
      ['message', 'unsure', { text: 'Sorry?' }],
    ],
    [
      ['trigger_1', 'out', 'intent_1'],
      ['intent_1', 'track', 'tracking'],
      ['intent_1', 'cancel', 'cancelling'],
      ['intent_1', 'human', 'agent'],
      ['intent_1', 'other', 'unsure'],
    ],
  )
}

describe('the generator reaches every port of an Intent node', () => {
  it.each(['next', 'trigger'] as const)('source %s: every intent, and other', async (source) => {
    const flow = shopFlow(source)
    const suite = await generateSuite(flow, exampleDeps())
    expect(suite.gaveUp).toBe(false)
    // Offline, failed is proven idle: with nothing connected to it, it is no branch for coverage (branchPorts), and
    // the generator explains it rather than reporting it merely not found.
    expect(suite.total).toBe(branchCoverage(flow, []).total)
    expect(
      branchCoverage(flow, [])
        .missed.filter((b) => b.nodeName === 'intent_1')
        .map((b) => b.port),
    ).toEqual(['track', 'cancel', 'human', 'other'])
    expect(suite.unreached.filter((u) => u.nodeName === 'intent_1')).toEqual([])
    // Connected, failed is a branch again, and the generator says why no run takes it.
    const intent = flow.nodes.find((n) => n.name === 'intent_1')!
    const unsure = flow.edges.find((e) => e.source === intent.id && e.sourcePort === 'other')!
    const wired = { ...flow, edges: [...flow.edges, { ...unsure, id: 'e_failed', sourcePort: 'failed' }] }
    expect((await generateSuite(wired, exampleDeps())).unreached.filter((u) => u.nodeName === 'intent_1')).toEqual([
      expect.objectContaining({ port: 'failed', proven: true, reason: expect.stringContaining('offline classifier') }),
    ])
    for (const t of suite.tests) {
      const parsed = parseConversationTest(serialiseConversationTest(t.test))
      if (!parsed.ok) throw new Error(parsed.message)
      const r = await runConversationTest(flow, parsed.test, exampleDeps())
      expect(r.failures).toEqual([])
    }
    const said = suite.tests.map((t) => t.test.turns.flatMap((turn) => turn.bot ?? []).map((b) => JSON.stringify(b)))
    for (const reply of ['Tracking', 'Cancelling', 'Agent', 'Sorry?'])
      expect(
        said.some((lines) => lines.some((l) => l.includes(reply))),
        reply,
      ).toBe(true)
  })

  it('provider model: each intent, other and failed forced by a mock, since no generated test calls a model', async () => {
    const flow = shopFlow('next')
    const intent = flow.nodes.find((n) => n.name === 'intent_1')!
    intent.config = { ...intent.config, provider: 'model' }
    flow.nodes.push({ ...flow.nodes.find((n) => n.name === 'unsure')!, id: 'n_broken', name: 'broken' })
    flow.edges.push({ id: 'e_failed', source: intent.id, sourcePort: 'failed', target: 'n_broken' })
    const suite = await generateSuite(flow, exampleDeps())
    expect(suite.unreached).toEqual([])
    for (const t of suite.tests) {
      const parsed = parseConversationTest(serialiseConversationTest(t.test))
      if (!parsed.ok) throw new Error(parsed.message)
      expect((await runConversationTest(flow, parsed.test, exampleDeps())).failures).toEqual([])
    }
    const mocks = suite.tests.flatMap(
      (t) => Object.values(t.test.mocks ?? {}) as Array<{ port?: string; error?: string }>,
    )
    expect(mocks.map((m) => m.port ?? 'error').sort()).toEqual(['cancel', 'error', 'human', 'other', 'track'])
  })
})
