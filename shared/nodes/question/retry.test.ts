// A Question's retry message can quote the answer it refused and the attempt count (docs/flow-format.md, Question).
import { describe, expect, it } from 'vitest'
import { ASHA, buildFlow, testDeps } from '../../engine/testing/fixtures'
import { resumeRun, startRun } from '../../engine/machine'
import type { OutboundMessage } from '../../engine/types'

const flow = buildFlow(
  [
    { type: 'trigger', name: 'trigger_1', config: { kind: 'keyword', keywords: ['age'] } },
    {
      type: 'question',
      name: 'ask_age',
      config: {
        prompt: 'Age?',
        saveTo: 'age',
        answerType: 'number',
        maxAttempts: 3,
        explainRefusal: false,
        retryMessage: '"{{ask_age.answer}}" is not a number (try {{ask_age.attempts}} of 3), {{customer_name}}.',
      },
    },
    { type: 'message', name: 'ok', config: { text: 'Thanks, {{ask_age.answer}} it is ({{ask_age.attempts}} tries).' } },
  ],
  [
    ['trigger_1', 'out', 'ask_age'],
    ['ask_age', 'out', 'ok'],
  ],
)
const text = (t: string) => ({ type: 'text' as const, text: t })
const body = (m: OutboundMessage) => (m.type === 'text' ? m.text.body : m.type)

describe('Question retry message', () => {
  it('quotes the refused answer and the attempts so far, then the answer once accepted', async () => {
    const { deps } = testDeps()
    const asked = await startRun(flow, { contact: ASHA, trigger: { kind: 'manual' } }, deps)
    const first = await resumeRun(flow, asked.state, text('about four dozen'), ASHA, deps)
    expect(first.messages.map(body)).toEqual(['"about four dozen" is not a number (try 1 of 3), Asha.'])
    const second = await resumeRun(flow, first.state, text('4O'), ASHA, deps)
    expect(second.messages.map(body)).toEqual(['"4O" is not a number (try 2 of 3), Asha.'])
    // The quoted values were for the message only: the trace records what the node read from the session.
    expect(second.trace[0]!.input).toMatchObject({ vars: { customer_name: 'Asha' } })
    const done = await resumeRun(flow, second.state, text('40'), ASHA, deps)
    expect(done.messages.map(body)).toEqual(['Thanks, 40 it is (3 tries).'])
  })
})
