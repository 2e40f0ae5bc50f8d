// `person:` turns in conversation tests (docs/testing.md, "A person takes over"): the Hand over node takes the
// conversation, the customer's messages meanwhile are held (`ignored: with_person`, the bot silent), the person
// writes and hands back with variables, and the flow goes on by `returned` with them; coverage counts `returned`.
import { describe, expect, it } from 'vitest'
import { buildFlow, testDeps } from '../testing/fixtures'
import { parseConversationTest } from './format'
import { runConversationTest } from './run'
import { branchCoverage } from './coverage'

const flow = buildFlow(
  [
    { type: 'trigger', name: 'trigger_1', config: { kind: 'keyword', keywords: ['refund'] } },
    { type: 'hand_over', name: 'agent', config: { message: 'Passing you to a person.', returnAfter: '2h' } },
    { type: 'message', name: 'after', config: { text: 'Bot again. Resolved: {{resolved}}' } },
    { type: 'question', name: 'ask', config: { prompt: 'Your order number?', saveTo: 'order' } },
  ],
  [
    ['trigger_1', 'out', 'agent'],
    ['agent', 'returned', 'after'],
    ['after', 'out', 'ask'],
  ],
)

async function play(turns: string) {
  const parsed = parseConversationTest(
    `name: t\nnow: "2026-03-27T12:00:00Z"\ntrigger: { message: refund }\nturns:\n${turns}`,
  )
  if (!parsed.ok) throw new Error(parsed.message)
  return runConversationTest(flow, parsed.test, testDeps().deps)
}

describe('person: in conversation tests', () => {
  it('holds the customer, lets the person write, and goes on by returned with the variables handed back', async () => {
    const out = await play(`
  - bot: [{ text: Passing you to a person. }]
  - user: hello? anyone
    ignored: with_person
    bot: []
  - person: I refunded you
    bot: []
  - person: { hands_back: { resolved: true } }
    bot: [{ text: "Bot again. Resolved: true" }, { text: Your order number? }]
    variables: { resolved: true, agent.handover.by: studio }
    state: paused
`)
    expect(out.failures).toEqual([])
    expect(branchCoverage(flow, out.trace).taken.map((b) => `${b.nodeName}.${b.port}`)).toContain('agent.returned')
    expect(out.exchanges.map((x) => x.person ?? null)).toEqual([
      null,
      null,
      'I refunded you',
      { hands_back: { resolved: true } },
    ])
  })

  it("the node's time hands back by itself (wait: due), and a keyword meanwhile fails a test that expects an answer", async () => {
    const timed = await play(`
  - bot: [{ text: Passing you to a person. }]
  - wait: due
    bot: [{ text: "Bot again. Resolved: " }, { text: Your order number? }]
    variables: { agent.handover.by: timeout, agent.handover.durationMs: 7200000 }
`)
    expect(timed.failures).toEqual([])
    const unexpected = await play(`
  - bot: [{ text: Passing you to a person. }]
  - user: refund
`)
    expect(unexpected.failures[0]?.lines[0]).toMatch(/a person has the conversation/)
  })

  it('takes over without a node, and refuses what no person can do', async () => {
    const taken = await play(`
  - person: { hands_back: {} }
  - user: "42"
`)
    expect(taken.failures).toEqual([])
    const writes = await play(`
  - person: { hands_back: {} }
  - person: too late
`)
    expect(writes.failures[0]?.lines).toEqual(['person: no person has the conversation to write in (hand over first)'])
    const twice = await play(`
  - person: { takes_over: { note: again } }
    ignored: already_with_person
  - person: { hands_back: {} }
  - person: { hands_back: {} }
`)
    expect(twice.failures[0]).toMatchObject({ where: 'turn 3 (person: hands back {})' })
    expect(twice.failures[0]?.lines[0]).toMatch(/no person has the conversation to hand back/)
    const both = parseConversationTest('name: t\ntrigger: { message: refund }\nturns:\n  - { person: hi, user: hi }')
    expect(both.ok).toBe(true)
    if (both.ok)
      expect((await runConversationTest(flow, both.test, testDeps().deps)).failures[0]?.lines[0]).toMatch(/one of/)
  })
})
