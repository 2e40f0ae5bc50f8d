import { describe, expect, it } from 'vitest'
import { runConversationTest, parseConversationTest, serialiseConversationTest } from '../../engine/conversation'
import type { FlowDocument } from '../../flow/document'
import { EXAMPLES, example } from '../../analysis/testing/examples'
import { buildFlow } from '../../analysis/testing/build'
import { exampleDeps } from '../testing/deps'
import { fuzzFlow, inspect } from './fuzz'

/** A text question whose answer is divided by, a loop that never waits, and a node the engine cannot read. */
function broken(): FlowDocument {
  return buildFlow(
    [
      ['trigger', 'trigger_1', { keywords: ['split', 'spin', 'odd'] }],
      [
        'router',
        'which',
        {
          routes: [
            {
              id: 'split',
              name: 'Split',
              rules: [{ left: '{{trigger_1.keyword}}', operator: 'equals', right: 'split' }],
            },
            { id: 'spin', name: 'Spin', rules: [{ left: '{{trigger_1.keyword}}', operator: 'equals', right: 'spin' }] },
          ],
        },
      ],
      ['question', 'ask_n', { prompt: 'How many people?', saveTo: 'n' }],
      ['message', 'share', { text: 'Each pays {{ 120 / {{n}} }}.' }],
      ['message', 'spinning', { text: 'again' }],
      ['question', 'odd', { prompt: 'Odd', saveTo: 'odd_answer', maxAttempts: 'three' }],
      ['end', 'end_1'],
    ],
    [
      ['trigger_1', 'out', 'which'],
      ['which', 'split', 'ask_n'],
      ['which', 'spin', 'spinning'],
      ['which', 'else', 'odd'],
      ['ask_n', 'out', 'share'],
      ['ask_n', 'failure', 'end_1'],
      ['share', 'out', 'end_1'],
      ['spinning', 'out', 'which'],
      ['odd', 'out', 'end_1'],
      ['odd', 'failure', 'end_1'],
    ],
  )
}

describe('chatflow test --fuzz', () => {
  it('finds an expression error, a step-limit overrun and an engine error, each saved as a test that reproduces it', async () => {
    const flow = broken()
    const report = await fuzzFlow(flow, exampleDeps(), { runs: 60, seed: 7 })
    expect([...new Set(report.findings.map((f) => f.kind))].sort()).toEqual([
      'engine_error',
      'expression_error',
      'step_limit',
    ])
    // Each conversation that failed is counted under exactly one finding.
    expect(report.findings.reduce((n, f) => n + f.seen, 0)).toBe(report.failed)
    for (const f of report.findings) {
      expect(f.reproduced, f.message).toBe(true)
      const parsed = parseConversationTest(serialiseConversationTest(f.test!))
      expect(parsed.ok).toBe(true)
      if (!parsed.ok) continue
      const again = await runConversationTest(flow, parsed.test, exampleDeps())
      // The saved test passes (it pins what happened) and the problem shows again when it plays.
      expect(again.failures).toEqual([])
      expect(inspect(again)?.kind).toBe(f.kind)
    }
    const expr = report.findings.filter((f) => f.kind === 'expression_error')
    expect(expr.map((f) => f.nodeName)).toEqual(expr.map(() => 'share'))
    expect(expr.map((f) => f.message)).toContainEqual(
      expect.stringMatching(
        /cannot divide the text .*: it is not a number in "Each pays \{\{ 120 \/ \{\{n\}\} \}\}\."/,
      ),
    )
    expect(report.findings.find((f) => f.kind === 'engine_error')!.message).toMatch(
      /^invalid_config: Node 'odd' has an invalid configuration/,
    )
  })

  it('types 0 where a number answer is divided by', async () => {
    const flow = buildFlow(
      [
        ['trigger', 'trigger_1', { keywords: ['split'] }],
        ['question', 'ask_n', { prompt: 'How many people?', saveTo: 'n', answerType: 'number' }],
        ['message', 'share', { text: 'Each pays {{ 120 / {{n}} }}.' }],
        ['end', 'end_1'],
      ],
      [
        ['trigger_1', 'out', 'ask_n'],
        ['ask_n', 'out', 'share'],
        ['ask_n', 'failure', 'end_1'],
        ['share', 'out', 'end_1'],
      ],
    )
    const report = await fuzzFlow(flow, exampleDeps(), { runs: 60, seed: 7 })
    expect(report.findings.map((f) => f.message)).toContainEqual(expect.stringMatching(/^division by zero/))
    expect(report.findings.reduce((n, f) => n + f.seen, 0)).toBe(report.failed)
  })

  it('plays the same conversations for the same seed', async () => {
    const a = await fuzzFlow(broken(), exampleDeps(), { runs: 30, seed: 123 })
    const b = await fuzzFlow(broken(), exampleDeps(), { runs: 30, seed: 123 })
    expect(b.findings.map((f) => [f.conversation, f.message, serialiseConversationTest(f.test!)])).toEqual(
      a.findings.map((f) => [f.conversation, f.message, serialiseConversationTest(f.test!)]),
    )
    expect(b.failed).toBe(a.failed)
  })

  it.each(Object.keys(EXAMPLES))('%s: no findings in 40 random conversations', async (name) => {
    const report = await fuzzFlow(example(name), exampleDeps(), { runs: 40, seed: 2026 })
    expect(report.findings.map((f) => f.message)).toEqual([])
  })

  it('lets time pass where a run waits on time: the timeout ports of the delivery check are reached', async () => {
    const report = await fuzzFlow(example('delivery-check'), exampleDeps(), { runs: 40, seed: 2026 })
    expect(report.unreached.map((u) => `${u.nodeName} → ${u.portLabel}`)).toEqual([])
  })
})

describe('fuzzing a Hand over node', () => {
  it('the person hands back, so returned is taken and nothing after it is left unreached', async () => {
    const flow = buildFlow(
      [
        ['trigger', 'trigger_1', { kind: 'keyword', keywords: ['agent'] }],
        ['hand_over', 'to_person', { message: 'A person will answer.' }],
        ['message', 'back', { text: 'The bot again.' }],
      ],
      [
        ['trigger_1', 'out', 'to_person'],
        ['to_person', 'returned', 'back'],
      ],
    )
    const report = await fuzzFlow(flow, exampleDeps(), { runs: 10, seed: 37 })
    expect(report.findings).toEqual([])
    expect(report.unreached).toEqual([])
  })
})
