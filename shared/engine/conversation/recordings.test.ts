import { describe, expect, it } from 'vitest'
import { intentRequest } from '../../nlu/prompt'
import { SHOP_INTENTS } from '../../nodes/intent/testing'
import type { ModelEffect } from '../effects'
import { buildFlow, testDeps } from '../testing/fixtures'
import { modelShopFlow } from '../testing/intent-flow'
import { parseConversationTest, serialiseConversationTest, type ConversationTest } from './format'
import { policyOf, testDeps as heldToPolicy } from './policy'
import { resumeRun, startRun } from '../machine'
import { ASHA } from '../testing/fixtures'
import { recordingKey } from './recordings'
import { recordingFailure, withRecordings } from './recordings-file'
import { runConversationTest } from './run'

// The Intent node set to ask a model, played as a conversation test: answers come from the test's recordings.
const flow = modelShopFlow(undefined, { prompt: 'How can I help?' })

const SAID = 'stop the whole thing, I do not want it'
const yaml = (extra = '') => `
name: cancels in free words
trigger: { message: help }
turns:
  - bot: [{ text: How can I help? }]
  - user: "${SAID}"
    bot: [{ text: Cancelling }]
${extra}`

function testOf(text: string): ConversationTest {
  const parsed = parseConversationTest(text)
  if (!parsed.ok) throw new Error(parsed.message)
  return parsed.test
}

/** A stand-in provider that counts its calls; `answer` decides what it says. */
function fakeModel(answer: unknown = { intent: 'cancel', confidence: 0.93 }) {
  const asked: string[] = []
  const model: ModelEffect = {
    async complete(req) {
      asked.push(req.messages.at(-1)!.content)
      return { json: answer, provider: 'models.example', model: 'tiny-1' }
    },
  }
  return { model, asked }
}

async function recordingFor(answer: unknown) {
  const key = await recordingKey('models.example', 'tiny-1', intentRequest(SHOP_INTENTS, SAID))
  return `recordings:
  - key: ${key}
    node: intent_1
    provider: models.example
    model: tiny-1
    answer: ${JSON.stringify(answer)}
`
}

describe('model answers in conversation tests', () => {
  it('replays a recorded answer and never asks the host provider', async () => {
    const live = fakeModel({ intent: 'human', confidence: 1 })
    const { deps } = testDeps({ effects: { model: live.model } })
    const outcome = await runConversationTest(
      flow,
      testOf(yaml(await recordingFor({ intent: 'cancel', confidence: 0.9 }))),
      deps,
    )
    expect(outcome.failures).toEqual([])
    expect(live.asked).toEqual([])
    expect(outcome.modelCalls).toMatchObject([{ node: 'intent_1', outcome: 'replayed' }])
    const step = outcome.trace.find((e) => e.nodeName === 'intent_1' && e.detail)
    expect(step?.detail).toMatchObject({ provider: 'models.example', scores: { cancel: 0.9 } })
  })

  it('fails with recording_missing, saying how to record, when no recording answers the question', async () => {
    const live = fakeModel()
    const { deps } = testDeps({ effects: { model: live.model } })
    const outcome = await runConversationTest(flow, testOf(yaml()), deps)
    expect(live.asked).toEqual([])
    expect(outcome.failures).toHaveLength(1)
    expect(outcome.failures[0]!.where).toContain('turn 2')
    const line = outcome.failures[0]!.lines.join('\n')
    expect(line).toMatch(/^recording_missing: node "intent_1"/)
    expect(line).toContain('chatflow test --record')
    expect(line).toContain('Record model answers')
  })

  it('a recording of another question, provider or model does not answer this one', async () => {
    const other = (await recordingFor({ intent: 'cancel', confidence: 0.9 })).replace('model: tiny-1', 'model: tiny-2')
    const { deps } = testDeps()
    const outcome = await runConversationTest(flow, testOf(yaml(other)), deps)
    expect(outcome.failures[0]!.lines[0]).toMatch(/^recording_missing/)
  })

  it("records the host provider's answers, which then replay to the same result", async () => {
    const live = fakeModel()
    const { deps } = testDeps({ effects: { model: live.model } })
    const recorded = await runConversationTest(flow, testOf(yaml()), deps, { record: true })
    expect(recorded.failures).toEqual([])
    expect(live.asked).toEqual([SAID])
    expect(recorded.recordings).toEqual([
      {
        key: await recordingKey('models.example', 'tiny-1', intentRequest(SHOP_INTENTS, SAID)),
        node: 'intent_1',
        provider: 'models.example',
        model: 'tiny-1',
        answer: { intent: 'cancel', confidence: 0.93 },
      },
    ])
    // Written into the file and read back, the test passes with no provider at all.
    const file = serialiseConversationTest({ ...testOf(yaml()), recordings: recorded.recordings })
    const replayed = await runConversationTest(flow, testOf(file), testDeps().deps)
    expect(replayed.failures).toEqual([])
  })

  it('recording without a provider fails the node with model_unavailable', async () => {
    const outcome = await runConversationTest(flow, testOf(yaml()), testDeps().deps, { record: true })
    expect(outcome.failures[0]!.lines.join('\n')).toContain('Broken: model_unavailable')
    expect(outcome.recordings).toEqual([])
  })

  it('holds a recording edited by hand to the schema: the node fails with model_invalid', async () => {
    const { deps } = testDeps()
    const outcome = await runConversationTest(
      flow,
      testOf(yaml(await recordingFor({ intent: 'refund', confidence: 1 }))),
      deps,
    )
    expect(outcome.failures[0]!.lines.join('\n')).toContain('Broken: model_invalid')
  })

  it('a mock forces the port without asking the model or needing a recording (a mocked node does not wait)', async () => {
    const forced = `
name: forced to a person
trigger: { message: help }
mocks: { intent_1: { port: human } }
turns:
  - bot: [{ text: Agent }]
`
    const outcome = await runConversationTest(flow, testOf(forced), testDeps().deps)
    expect(outcome.failures).toEqual([])
    expect(outcome.modelCalls).toEqual([])
  })
})

describe('writing recordings into a test file', () => {
  const rec = { key: 'k1', node: 'intent_1', provider: 'p', model: 'm', answer: { intent: 'cancel', confidence: 1 } }
  it('replaces only the recordings key, keeping comments and the rest as written', () => {
    const text =
      '# how customers cancel\nname: cancels\ntrigger: { message: help }  # the keyword\nturns:\n  - bot: []\n'
    const written = withRecordings(text, [rec])!
    expect(written).toContain('# how customers cancel')
    expect(written).toMatch(/trigger: \{ message: help \} +# the keyword/)
    expect(testOf(written).recordings).toEqual([rec])
    expect(withRecordings(written, [rec])).toBeNull()
    expect(withRecordings(written, [])).not.toContain('recordings')
  })

  it('names the question the provider failed on, so the old recordings stay', () => {
    expect(recordingFailure([{ node: 'intent_1', outcome: 'recorded', recording: rec }])).toBeNull()
    expect(
      recordingFailure([{ node: 'intent_1', outcome: 'failed', code: 'model_timeout', message: 'no answer' }]),
    ).toBe('node "intent_1": model_timeout: no answer')
  })
})

describe("a host's own loop (the runtime's replay of tests)", () => {
  it('replays the recordings policyOf(test) carries, and asks no live model', async () => {
    const test = testOf(yaml(await recordingFor({ intent: 'cancel', confidence: 0.9 })))
    const live = fakeModel({ intent: 'human', confidence: 1 })
    const deps = heldToPolicy(testDeps({ effects: { model: live.model } }).deps, policyOf(test), () => undefined)
    const started = await startRun(flow, { contact: ASHA, trigger: { kind: 'manual' } }, deps)
    const r = await resumeRun(flow, started.state, { type: 'text', text: SAID }, ASHA, deps)
    expect(r.messages).toEqual([{ type: 'text', text: { body: 'Cancelling' } }])
    expect(live.asked).toEqual([])
  })
})

describe('an Extract node asking the model, in a test', () => {
  const extractFlow = buildFlow(
    [
      { type: 'trigger', name: 'trigger_1', config: { kind: 'keyword', keywords: ['order'] } },
      {
        type: 'extract',
        name: 'extract_1',
        config: {
          slots: [{ name: 'qty', type: 'number', required: true, ask: 'How many?' }],
          source: 'trigger',
          provider: 'model',
        },
      },
      { type: 'message', name: 'done', config: { text: 'Got {{extract_1.qty}}' } },
      { type: 'message', name: 'broken', config: { text: 'Broken: {{extract_1.error.code}}' } },
    ],
    [
      ['trigger_1', 'out', 'extract_1'],
      ['extract_1', 'done', 'done'],
      ['extract_1', 'failed', 'broken'],
    ],
  )
  const text = `
name: three please
now: 2026-03-04T10:00:00Z
trigger: { message: order }
turns:
  - bot: [{ text: Got 3 }]
`
  it('records the answer to its question and replays it, the same as an Intent node', async () => {
    const live = fakeModel({ qty: 3 })
    const recorded = await runConversationTest(
      extractFlow,
      testOf(text),
      testDeps({ effects: { model: live.model } }).deps,
      { record: true },
    )
    expect(recorded.failures).toEqual([])
    expect(recorded.recordings).toMatchObject([{ node: 'extract_1', answer: { qty: 3 } }])
    const missing = await runConversationTest(extractFlow, testOf(text), testDeps().deps)
    expect(missing.failures[0]!.lines[0]).toMatch(/^recording_missing: node "extract_1"/)
    const file = serialiseConversationTest({ ...testOf(text), recordings: recorded.recordings })
    const replayed = await runConversationTest(extractFlow, testOf(file), testDeps().deps)
    expect(replayed.failures).toEqual([])
    expect(live.asked).toHaveLength(1)
  })
})
