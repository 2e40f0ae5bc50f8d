// The generator and coverage reach a Hand over node (issue #37): the person handing back is the move that takes
// `returned` (the node declares `person`), the written test says so in a `person:` turn and plays back green, and
// with a "back after" time the time passing takes it too. The variables the node declares the person sets
// (`handsBack`) are handed back with values aimed at the branches after `returned` that read them.
import { describe, expect, it } from 'vitest'
import { buildFlow } from '../engine/testing/fixtures'
import { runConversationTest } from '../engine/conversation'
import { generateSuite } from './suite'
import { exampleDeps } from './testing/deps'

const flow = (returnAfter: string) =>
  buildFlow(
    [
      { type: 'trigger', name: 'trigger_1', config: { kind: 'keyword', keywords: ['agent'] } },
      { type: 'hand_over', name: 'to_person', config: { message: 'A person will answer.', returnAfter } },
      { type: 'message', name: 'back', config: { text: 'The bot again.' } },
    ],
    [
      ['trigger_1', 'out', 'to_person'],
      ['to_person', 'returned', 'back'],
    ],
  )

describe('Hand over in generated tests and coverage', () => {
  it('the person hands back: returned is taken and the written test plays back green', async () => {
    const doc = flow('')
    const suite = await generateSuite(doc, exampleDeps(), { now: () => Date.parse('2026-06-01T09:00:00Z') })
    expect(suite.unreached).toEqual([])
    expect(suite.tests.flatMap((t) => t.covers)).toContain('n_to_person\u0000returned')
    const test = suite.tests.find((t) => t.covers.includes('n_to_person\u0000returned'))!.test
    expect(test.turns.map((t) => t.person ?? null)).toContainEqual({ hands_back: {} })
    expect(JSON.stringify(test.turns)).toContain('The bot again.')
    expect((await runConversationTest(doc, test, exampleDeps())).failures).toEqual([])
  }, 60_000)

  it('with a back-after time, returned is reached as well', async () => {
    const suite = await generateSuite(flow('2h'), exampleDeps(), { now: () => Date.parse('2026-06-01T09:00:00Z') })
    expect(suite.unreached).toEqual([])
    expect(suite.covered).toBe(suite.total)
  }, 60_000)

  it('hands back values for the declared variables that take each branch after returned', async () => {
    const rule = { left: '{{resolved}}', operator: 'equals', right: 'refunded' }
    const doc = buildFlow(
      [
        { type: 'trigger', name: 'trigger_1', config: { kind: 'keyword', keywords: ['agent'] } },
        { type: 'hand_over', name: 'to_person', config: { message: 'A person will answer.', handsBack: ['resolved'] } },
        { type: 'condition', name: 'was_refunded', config: { join: 'and', rules: [rule] } },
        { type: 'message', name: 'refunded', config: { text: 'Your refund is on its way.' } },
        { type: 'message', name: 'other', config: { text: 'Glad we could help ({{resolved}}).' } },
      ],
      [
        ['trigger_1', 'out', 'to_person'],
        ['to_person', 'returned', 'was_refunded'],
        ['was_refunded', 'true', 'refunded'],
        ['was_refunded', 'false', 'other'],
      ],
    )
    const suite = await generateSuite(doc, exampleDeps(), { now: () => Date.parse('2026-06-01T09:00:00Z') })
    expect(suite.unreached).toEqual([])
    expect(suite.covered).toBe(suite.total)
    const handedBack = suite.tests.flatMap((t) => t.test.turns.flatMap((x) => (x.person ? [x.person] : [])))
    expect(handedBack).toContainEqual({ hands_back: { resolved: 'refunded' } })
    expect(handedBack.every((p) => typeof p === 'object' && 'hands_back' in p && 'resolved' in p.hands_back)).toBe(true)
    for (const port of ['true', 'false']) {
      const t = suite.tests.find((x) => x.covers.includes(`n_was_refunded\u0000${port}`))
      expect(t, port).toBeDefined()
      expect((await runConversationTest(doc, t!.test, exampleDeps())).failures).toEqual([])
    }
  }, 60_000)
})
