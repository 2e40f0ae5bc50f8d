import { describe, expect, it } from 'vitest'
import { ASHA, buildFlow, testDeps } from '../../engine/testing/fixtures'
import { resumeRun, startRun } from '../../engine/machine'
import { ModelError, type ModelAnswer, type ModelRequest } from '../../engine/effects'
import { trainClassifier } from '../../nlu/classifier'
import { SHOP_INTENTS } from './testing'

const say = (text: string) => ({ type: 'text' as const, text })

function intentFlow(config: Record<string, unknown>, trigger: Record<string, unknown> = { kind: 'manual' }) {
  return buildFlow(
    [
      { type: 'trigger', name: 'trigger_1', config: trigger },
      { type: 'intent', name: 'intent_1', config: { intents: SHOP_INTENTS, ...config } },
      { type: 'message', name: 'tracking', config: { text: 'Tracking ({{intent_1.intent}})' } },
      { type: 'message', name: 'cancelling', config: { text: 'Cancelling' } },
      { type: 'message', name: 'agent', config: { text: 'Agent' } },
      { type: 'message', name: 'unsure', config: { text: 'Sorry? {{intent_1.intent}}' } },
      { type: 'message', name: 'broken', config: { text: 'Broken: {{intent_1.error.code}}' } },
    ],
    [
      ['trigger_1', 'out', 'intent_1'],
      ['intent_1', 'track', 'tracking'],
      ['intent_1', 'cancel', 'cancelling'],
      ['intent_1', 'human', 'agent'],
      ['intent_1', 'other', 'unsure'],
      ['intent_1', 'failed', 'broken'],
    ],
  )
}

describe('intent runner', () => {
  it('sends its prompt, waits for the next message, and leaves by the intent it reads, with every score', async () => {
    const flow = intentFlow({ source: 'next', prompt: 'How can I help, {{customer_name}}?' })
    const { deps } = testDeps()
    const r = await startRun(flow, { contact: ASHA, trigger: { kind: 'manual' } }, deps)
    expect(r.messages).toEqual([{ type: 'text', text: { body: 'How can I help, Asha?' } }])
    expect(r.state.status).toBe('paused')
    const r2 = await resumeRun(flow, r.state, say('pls cancel my ordr'), ASHA, deps)
    expect(r2.messages).toEqual([{ type: 'text', text: { body: 'Cancelling' } }])
    const out = r2.state.vars.intent_1 as Record<string, unknown>
    expect(out).toMatchObject({ intent: 'cancel', provider: 'offline', text: 'pls cancel my ordr' })
    const scores = out.scores as Record<string, number>
    expect(Object.keys(scores)).toEqual(['track', 'cancel', 'human'])
    expect(out.confidence).toBe(scores.cancel)
    expect(scores.cancel).toBeGreaterThan(Math.max(scores.track!, scores.human!))
    expect(r2.trace[0]).toMatchObject({ nodeName: 'intent_1', port: 'cancel', detail: { scores, provider: 'offline' } })
  })

  it('classifies the message that started the run when its source is the trigger', async () => {
    const flow = intentFlow({ source: 'trigger' }, { kind: 'keyword', keywords: ['hi'], match: 'contains' })
    const { deps } = testDeps()
    const r = await startRun(
      flow,
      { contact: ASHA, trigger: { kind: 'keyword', keyword: 'hi', message: say('hi, where is my parcel?') } },
      deps,
    )
    expect(r.messages).toEqual([{ type: 'text', text: { body: 'Tracking (track)' } }])
  })

  it('takes other for text far from every example, and a higher threshold sends borderline text there too', async () => {
    const { deps } = testDeps()
    const flow = intentFlow({ source: 'next' })
    let r = await startRun(flow, { contact: ASHA, trigger: { kind: 'manual' } }, deps)
    r = await resumeRun(flow, r.state, say('do you sell purple umbrellas'), ASHA, deps)
    expect(r.messages).toEqual([{ type: 'text', text: { body: 'Sorry? other' } }])
    const borderline = 'cancel that order please, I found it cheaper somewhere else'
    const read = trainClassifier(SHOP_INTENTS, 'en-GB').classify(borderline)
    expect(read.intent).toBe('cancel')
    expect(read.confidence).toBeLessThan(1)
    const strict = intentFlow({ source: 'next', threshold: read.confidence + 0.0001 })
    let s = await startRun(strict, { contact: ASHA, trigger: { kind: 'manual' } }, deps)
    s = await resumeRun(strict, s.state, say(borderline), ASHA, deps)
    expect(s.trace[0]).toMatchObject({ port: 'other', output: { intent: 'other', confidence: read.confidence } })
  })

  it('takes failed with model_unavailable when it should ask a model and the host has none', async () => {
    const flow = intentFlow({ source: 'next', provider: 'model' })
    const { deps } = testDeps()
    let r = await startRun(flow, { contact: ASHA, trigger: { kind: 'manual' } }, deps)
    r = await resumeRun(flow, r.state, say('cancel my order'), ASHA, deps)
    expect(r.messages).toEqual([{ type: 'text', text: { body: 'Broken: model_unavailable' } }])
    expect(r.trace[0]).toMatchObject({ port: 'failed', error: { code: 'model_unavailable' } })
  })

  // The model effect is the engine's interface (shared/engine/effects.ts); the OpenAI-compatible provider behind it is
  // tested against a fake endpoint on loopback in electron/services/effects/model-provider.test.ts.
  const asking = (complete: (req: ModelRequest) => Promise<ModelAnswer>) => {
    const asked: ModelRequest[] = []
    const { deps } = testDeps({
      effects: {
        model: {
          complete: (req) => {
            asked.push(req)
            return complete(req)
          },
        },
      },
    })
    return { deps, asked }
  }

  it('asks the model provider with every intent as an enum, and leaves by the intent it answers', async () => {
    const flow = intentFlow({ source: 'next', provider: 'model' })
    const { deps, asked } = asking(async () => ({
      json: { intent: 'human', confidence: 0.8 },
      provider: 'llm.local',
      model: 'tiny',
    }))
    let r = await startRun(flow, { contact: ASHA, trigger: { kind: 'manual' } }, deps)
    r = await resumeRun(flow, r.state, say('can a human help me'), ASHA, deps)
    expect(r.messages).toEqual([{ type: 'text', text: { body: 'Agent' } }])
    expect(r.trace[0]).toMatchObject({
      port: 'human',
      output: { intent: 'human', confidence: 0.8, scores: { track: 0, cancel: 0, human: 0.8 }, provider: 'llm.local' },
      detail: { provider: 'llm.local' },
    })
    expect(asked).toHaveLength(1)
    expect(asked[0]!.purpose).toBe('intent')
    expect(asked[0]!.messages.at(-1)).toEqual({ role: 'user', content: 'can a human help me' })
    expect(asked[0]!.schema).toMatchObject({
      properties: { intent: { enum: ['track', 'cancel', 'human', 'other'] } },
    })
  })

  it.each([
    [
      'an intent the node lacks',
      async () => ({ json: { intent: 'refund', confidence: 0.9 }, provider: 'p', model: 'm' }),
      'model_invalid',
    ],
    ['no confidence', async () => ({ json: { intent: 'track' }, provider: 'p', model: 'm' }), 'model_invalid'],
    ['a time-out', async () => Promise.reject(new ModelError('model_timeout', 'No answer in 20 s.')), 'model_timeout'],
    ['any other error', async () => Promise.reject(new Error('socket hang up')), 'model_error'],
  ])('takes failed on %s', async (_what, complete, code) => {
    const flow = intentFlow({ source: 'next', provider: 'model' })
    const { deps } = asking(complete as (req: ModelRequest) => Promise<ModelAnswer>)
    let r = await startRun(flow, { contact: ASHA, trigger: { kind: 'manual' } }, deps)
    r = await resumeRun(flow, r.state, say('hello'), ASHA, deps)
    expect(r.messages).toEqual([{ type: 'text', text: { body: `Broken: ${code}` } }])
  })

  it("sends a model's answer below the threshold, or 'other', to other", async () => {
    for (const json of [
      { intent: 'track', confidence: 0.3 },
      { intent: 'other', confidence: 0.9 },
    ]) {
      const flow = intentFlow({ source: 'next', provider: 'model' })
      const { deps } = asking(async () => ({ json, provider: 'p', model: 'm' }))
      let r = await startRun(flow, { contact: ASHA, trigger: { kind: 'manual' } }, deps)
      r = await resumeRun(flow, r.state, say('hmm'), ASHA, deps)
      expect(r.trace[0]).toMatchObject({ port: 'other', output: { intent: 'other' } })
    }
  })
})
