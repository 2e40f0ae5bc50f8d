// Issue 38: branches whose values come from sources the generator once missed, and what changes per run pinned.
import { describe, expect, it } from 'vitest'
import { parseConversationTest, runConversationTest, serialiseConversationTest } from '../engine/conversation'
import type { FlowDocument } from '../flow/document'
import { generateSuite, type Suite } from './suite'
import { exampleDeps } from './testing/deps'
import { SOURCES_FLOWS, formAndWebhook, failureKinds, quotesMessageId } from './testing/flows-sources'
import { ruleMutants, mutationScore } from './testing/mutation'

async function replayFailures(flow: FlowDocument, suite: Suite): Promise<string[]> {
  const out: string[] = []
  for (const t of suite.tests) {
    const parsed = parseConversationTest(serialiseConversationTest(t.test))
    if (!parsed.ok) throw new Error(parsed.message)
    const r = await runConversationTest(flow, parsed.test, exampleDeps())
    out.push(...r.failures.map((f) => `${t.test.name}: ${f.where} ${f.lines.join(' ')}`))
  }
  return out
}

describe('every branch of flows that need unusual values, every test replaying', () => {
  it.each(Object.entries(SOURCES_FLOWS))('%s', async (_name, make) => {
    const flow = make()
    const suite = await generateSuite(flow, exampleDeps())
    expect(suite.dropped).toEqual([])
    expect(suite.unreached).toEqual([])
    expect(suite.covered).toBe(suite.total)
    expect(await replayFailures(flow, suite)).toEqual([])
  })
})

describe('what changes from run to run is pinned as the emulator pins it', () => {
  it('a flow that quotes {{chat_message_id}} gets its tests, each with the id it showed', async () => {
    const suite = await generateSuite(quotesMessageId(), exampleDeps())
    expect(suite.tests.length).toBeGreaterThan(0)
    for (const t of suite.tests) {
      const id = (t.test.trigger as { chat_message_id?: string }).chat_message_id
      expect(id).toMatch(/^wamid\./)
      expect(JSON.stringify(t.test.turns[0]!.bot)).toContain(id)
    }
  })
})

describe('values solved together and at their boundaries', () => {
  it('a route needing a form answer and a webhook value: both chosen, the webhook value at the boundary', async () => {
    const suite = await generateSuite(formAndWebhook(), exampleDeps())
    const free = suite.tests.filter((t) => t.test.name.includes('shipping: Free express'))
    expect(free.map((t) => (t.test.trigger as { webhook: { data: { order_total: unknown } } }).webhook.data)).toEqual(
      expect.arrayContaining([expect.objectContaining({ order_total: '100' })]),
    )
  })

  it("an HTTP Call's failure split by a 400 and by no answer at all (a network error)", async () => {
    const suite = await generateSuite(failureKinds(), exampleDeps())
    const mocks = suite.tests.map((t) => t.test.mocks?.lookup)
    expect(mocks).toContainEqual(expect.objectContaining({ response: expect.objectContaining({ status: 400 }) }))
    expect(mocks).toContainEqual(expect.objectContaining({ error: expect.any(String) }))
  })

  it.each(Object.entries(SOURCES_FLOWS))('%s: every rule moved to its near operator is caught', async (_n, make) => {
    const flow = make()
    const suite = await generateSuite(flow, exampleDeps())
    const score = await mutationScore(
      ruleMutants(flow),
      suite.tests.map((t) => t.test),
      exampleDeps(),
    )
    expect(score.survivors).toEqual([])
  })
})
