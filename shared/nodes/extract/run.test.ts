import { describe, expect, it } from 'vitest'
import { ASHA, buildFlow, testDeps } from '../../engine/testing/fixtures'
import { resumeRun, startRun } from '../../engine/machine'
import { ModelError, type ModelEffect, type ModelRequest } from '../../engine/effects'
import type { StepResult, TriggerInput } from '../../engine/types'

const SLOTS = [
  { name: 'order', type: 'pattern', pattern: '\\d{6}', required: true, ask: 'Your order number?' },
  { name: 'day', type: 'date', required: true, ask: 'Which day for order {{extract_1.order}}?' },
  { name: 'note', type: 'text', required: false, ask: '' },
]

function flowWith(config: Record<string, unknown>) {
  return buildFlow(
    [
      { type: 'trigger', name: 'trigger_1', config: { kind: 'keyword', keywords: ['order'] } },
      { type: 'extract', name: 'extract_1', config: { slots: SLOTS, ...config } },
      { type: 'message', name: 'ok', config: { text: 'Order {{extract_1.order}} on {{extract_1.day}}' } },
      { type: 'message', name: 'gave_up', config: { text: 'Never mind' } },
    ],
    [
      ['trigger_1', 'out', 'extract_1'],
      ['extract_1', 'done', 'ok'],
      ['extract_1', 'failed', 'gave_up'],
    ],
  )
}
const keyword = (text: string): TriggerInput => ({
  kind: 'keyword',
  keyword: 'order',
  message: { type: 'text', text },
})
const say = (text: string) => ({ type: 'text' as const, text })
const bodies = (r: StepResult) => r.messages.map((m) => (m as { text: { body: string } }).text.body)
// Thursday 1 January 2026, 09:00 UTC (the fixtures' clock); the flow's default settings read dates.

describe('extract runner', () => {
  it('takes every slot the trigger message holds and leaves by done, optional ones null and named missing', async () => {
    const { deps } = testDeps()
    const flow = flowWith({})
    const r = await startRun(flow, { contact: ASHA, trigger: keyword('where is order 104823, due 3 Jan?') }, deps)
    expect(bodies(r)).toEqual(['Order 104823 on 2026-01-03'])
    expect(r.state.vars.extract_1).toEqual({ order: '104823', day: '2026-01-03', note: null, missing: ['note'] })
    expect(r.trace.find((t) => t.nodeName === 'extract_1')).toMatchObject({
      port: 'done',
      detail: {
        from: { order: 'message "104823"', day: 'message "3 Jan"', note: 'not given' },
        provider: 'offline',
      },
    })
  })

  it('asks for each required slot still missing, one message each, quoting what it has', async () => {
    const { deps } = testDeps()
    const flow = flowWith({})
    let r = await startRun(flow, { contact: ASHA, trigger: keyword('my order 104823') }, deps)
    expect(bodies(r)).toEqual(['Which day for order 104823?'])
    expect(r.state.status).toBe('paused')
    r = await resumeRun(flow, r.state, say('tomorrow please'), ASHA, deps)
    expect(bodies(r)).toEqual(['Order 104823 on 2026-01-02'])
    expect(r.trace[0]?.detail?.from).toMatchObject({ order: 'message "104823"', day: 'answer "tomorrow please"' })
  })

  it('finds the value inside an answer, re-asks once on a refused answer, then takes failed', async () => {
    const { deps } = testDeps()
    const flow = flowWith({})
    let r = await startRun(flow, { contact: ASHA, trigger: keyword('hello') }, deps)
    expect(bodies(r)).toEqual(['Your order number?'])
    r = await resumeRun(flow, r.state, say("it's 104823 I think"), ASHA, deps)
    expect(bodies(r)).toEqual(['Which day for order 104823?'])
    r = await resumeRun(flow, r.state, say('soon'), ASHA, deps)
    expect(bodies(r)).toEqual(['I couldn\'t read "soon" as a date.\nWhich day for order 104823?'])
    expect(r.state.status).toBe('paused')
    r = await resumeRun(flow, r.state, say('whenever'), ASHA, deps)
    expect(bodies(r)).toEqual(['Never mind'])
    const step = r.trace.find((t) => t.nodeName === 'extract_1')!
    expect(step).toMatchObject({ port: 'failed', error: { code: 'max_attempts' } })
    expect(r.state.vars.extract_1).toMatchObject({ order: '104823', day: null, missing: ['day', 'note'] })
  })

  it("with source 'next' sends the prompt and reads the customer's next message", async () => {
    const { deps } = testDeps()
    const flow = flowWith({ source: 'next', prompt: 'How can I help?' })
    let r = await startRun(flow, { contact: ASHA, trigger: keyword('order 111111 on 5 Jan') }, deps)
    expect(bodies(r)).toEqual(['How can I help?'])
    r = await resumeRun(flow, r.state, say('order 104823 for 5 Jan'), ASHA, deps)
    expect(bodies(r)).toEqual(['Order 104823 on 2026-01-05'])
  })

  describe("provider 'model'", () => {
    const model = (answer: (req: ModelRequest) => unknown): ModelEffect & { asked: ModelRequest[] } => {
      const asked: ModelRequest[] = []
      return {
        asked,
        complete: async (req) => (asked.push(req), { json: answer(req), provider: 'fake', model: 'm1' }),
      }
    }

    it('asks the model with the slots as a JSON schema and reads its values with the slot parsers', async () => {
      const fake = model(() => ({ order: '104823', day: '2026-01-07', note: null }))
      const { deps } = testDeps({ effects: { model: fake } })
      const r = await startRun(flowWith({ provider: 'model' }), { contact: ASHA, trigger: keyword('104823 wed') }, deps)
      expect(bodies(r)).toEqual(['Order 104823 on 2026-01-07'])
      expect(fake.asked[0]).toMatchObject({ purpose: 'extract', schema: { required: ['order', 'day', 'note'] } })
      expect(fake.asked[0]!.messages.at(-1)).toEqual({ role: 'user', content: '104823 wed' })
    })

    it('asks for a value the model gave that its slot refuses (a made-up order number)', async () => {
      const { deps } = testDeps({ effects: { model: model(() => ({ order: 'ABC', day: '2026-01-07', note: null })) } })
      const r = await startRun(flowWith({ provider: 'model' }), { contact: ASHA, trigger: keyword('wed') }, deps)
      expect(bodies(r)).toEqual(['Your order number?'])
    })

    it.each([
      ['no provider', undefined, 'model_unavailable'],
      ['an answer of the wrong shape', model(() => ({ order: 5, day: null })), 'model_invalid'],
      ['a key that is no slot', model(() => ({ order: null, day: null, note: null, x: 1 })), 'model_invalid'],
      [
        'a time-out',
        {
          complete: async () => {
            throw new ModelError('model_timeout', 'The model did not answer within 10 s.')
          },
        },
        'model_timeout',
      ],
    ])('takes failed on %s', async (_what, effect, code) => {
      const { deps } = testDeps(effect ? { effects: { model: effect } } : {})
      const r = await startRun(flowWith({ provider: 'model' }), { contact: ASHA, trigger: keyword('104823') }, deps)
      expect(bodies(r)).toEqual(['Never mind'])
      expect(r.trace.find((t) => t.nodeName === 'extract_1')).toMatchObject({ port: 'failed', error: { code } })
    })
  })
})

describe("extract runner, source 'text'", () => {
  it('reads the rendered text (the message an Intent classified) instead of a message', async () => {
    const { deps } = testDeps()
    const flow = flowWith({ source: 'text', text: '{{initial_message}} and 104823' })
    const r = await startRun(flow, { contact: ASHA, trigger: keyword('order on 4 Jan') }, deps)
    expect(bodies(r)).toEqual(['Order 104823 on 2026-01-04'])
  })
})
