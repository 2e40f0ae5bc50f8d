import { describe, expect, it } from 'vitest'
import { ASHA, buildFlow, testDeps } from '../../engine/testing/fixtures'
import { resumeRun, startRun } from '../../engine/machine'
import type { StepResult } from '../../engine/types'
import type { FlowDocument } from '../../flow/document'
describe('question runner', () => {
  const flow = buildFlow(
    [
      { type: 'trigger', name: 'trigger_1', config: { kind: 'manual' } },
      {
        type: 'question',
        name: 'question_1',
        config: {
          prompt: 'Age, {{customer_name}}?',
          saveTo: 'age',
          answerType: 'number',
          retryMessage: 'A number please',
          maxAttempts: 2,
        },
      },
      { type: 'message', name: 'ok', config: { text: 'Age {{age}}' } },
      { type: 'message', name: 'gave_up', config: { text: 'Never mind' } },
    ],
    [
      ['trigger_1', 'out', 'question_1'],
      ['question_1', 'out', 'ok'],
      ['question_1', 'failure', 'gave_up'],
    ],
  )
  const say = (text: string) => ({ type: 'text' as const, text })

  it('renders the prompt, waits, and saves a valid answer typed as its type', async () => {
    const { deps } = testDeps()
    const r = await startRun(flow, { contact: ASHA, trigger: { kind: 'manual' } }, deps)
    expect(r.messages).toEqual([{ type: 'text', text: { body: 'Age, Asha?' } }])
    const r2 = await resumeRun(flow, r.state, say('42'), ASHA, deps)
    expect(r2.state.vars.age).toBe(42)
    expect(r2.state.vars.question_1).toEqual({ answer: 42, typed: '42', attempts: 1 })
    expect(r2.messages).toEqual([{ type: 'text', text: { body: 'Age 42' } }])
  })

  it('sends the retry message on a wrong answer, then leaves by the failure port after maxAttempts', async () => {
    const { deps } = testDeps()
    let r: StepResult = await startRun(flow, { contact: ASHA, trigger: { kind: 'manual' } }, deps)
    r = await resumeRun(flow, r.state, say('old'), ASHA, deps)
    expect(r.state.status).toBe('paused')
    expect(r.state.waiting?.attempts).toBe(1)
    expect(r.messages).toEqual([{ type: 'text', text: { body: '"old" is not a number.\nA number please' } }])
    r = await resumeRun(flow, r.state, say(''), ASHA, deps)
    expect(r.messages).toEqual([{ type: 'text', text: { body: 'Never mind' } }])
    expect(r.trace[0]).toMatchObject({ port: 'failure', error: { code: 'max_attempts' } })
    expect(r.state.vars.age).toBeUndefined()
  })

  it('fails the run after maxAttempts when no failure port is connected', async () => {
    const bare = { ...flow, edges: flow.edges.filter((e) => e.sourcePort !== 'failure') }
    const { deps } = testDeps()
    let r: StepResult = await startRun(bare, { contact: ASHA, trigger: { kind: 'manual' } }, deps)
    r = await resumeRun(bare, r.state, say('x'), ASHA, deps)
    r = await resumeRun(bare, r.state, say('y'), ASHA, deps)
    expect(r.state.status).toBe('failed')
    expect(r.state.error).toMatchObject({ code: 'max_attempts', nodeName: 'question_1' })
  })

  it('takes a tapped title as a typed answer', async () => {
    const { deps } = testDeps()
    const r = await startRun(flow, { contact: ASHA, trigger: { kind: 'manual' } }, deps)
    const r2 = await resumeRun(flow, r.state, { type: 'button_reply', reply: { id: 'x', title: '30' } }, ASHA, deps)
    expect(r2.state.vars.age).toBe(30)
  })
})

describe('question runner: answers read with the flow settings and the run clock', () => {
  const say = (text: string) => ({ type: 'text' as const, text })
  const ask = (config: Record<string, unknown>, settings?: FlowDocument['settings']) => ({
    ...buildFlow(
      [
        { type: 'trigger', name: 'trigger_1', config: { kind: 'manual' } },
        {
          type: 'question',
          name: 'ask',
          config: { prompt: 'Well?', saveTo: 'answer', retryMessage: 'Again please', ...config },
        },
        { type: 'message', name: 'ok', config: { text: 'Saved {{answer}}' } },
      ],
      [
        ['trigger_1', 'out', 'ask'],
        ['ask', 'out', 'ok'],
      ],
    ),
    ...(settings ? { settings } : {}),
  })
  // Wednesday 4 March 2026, 23:30 UTC: already Thursday 5 March in Berlin.
  const LATE = Date.parse('2026-03-04T23:30:00Z')

  async function answer(flow: FlowDocument, ...typed: string[]) {
    const { deps } = testDeps({ now: LATE })
    let r: StepResult = await startRun(flow, { contact: ASHA, trigger: { kind: 'manual' } }, deps)
    for (const t of typed) r = await resumeRun(flow, r.state, say(t), ASHA, deps)
    return r
  }

  it("counts tomorrow from the run's clock in the flow's time zone", async () => {
    const berlin = await answer(
      ask({ answerType: 'date' }, { locale: 'de-DE', timeZone: 'Europe/Berlin', defaultCountry: null }),
      'morgen',
    )
    expect(berlin.state.vars.answer).toBe('2026-03-06')
    const legacy = await answer(ask({ answerType: 'date' }), 'tomorrow')
    expect(legacy.state.vars.answer).toBe('2026-03-05')
    expect(legacy.state.vars.ask).toEqual({ answer: '2026-03-05', typed: 'tomorrow', attempts: 1 })
  })

  it('reads numbers and phone numbers the way the flow settings say', async () => {
    const german = { locale: 'de-DE', timeZone: 'Europe/Berlin', defaultCountry: 'DE' }
    expect((await answer(ask({ answerType: 'number' }, german), '1.250,50')).state.vars.answer).toBe(1250.5)
    expect((await answer(ask({ answerType: 'phone' }, german), '030 123456')).state.vars.answer).toBe('+4930123456')
    // Without a default country, a national number is read in the customer's own country (Asha's number is Indian).
    expect((await answer(ask({ answerType: 'phone' }), '98000 00002')).state.vars.answer).toBe('+919800000002')
  })

  it('says what was wrong before the retry message, unless told not to or the retry message is the explanation', async () => {
    const r = await answer(ask({ answerType: 'date', future: true }), 'yesterday')
    expect(r.messages).toEqual([
      { type: 'text', text: { body: 'Tuesday, 3 March 2026 has already passed.\nAgain please' } },
    ])
    expect(r.state.vars.ask).toEqual({
      rejected: 'yesterday',
      reason: 'Tuesday, 3 March 2026 has already passed.',
      code: 'date_passed',
      attempts: 1,
    })
    const quiet = await answer(ask({ answerType: 'date', explainRefusal: false }), 'soon')
    expect(quiet.messages).toEqual([{ type: 'text', text: { body: 'Again please' } }])
    const pattern = await answer(ask({ answerType: 'regex', pattern: '\\d{6}' }), '12')
    expect(pattern.messages).toEqual([{ type: 'text', text: { body: 'Again please' } }])
  })

  it('offers the likely email address, and keeps the typed one when it is sent again', async () => {
    const flow = ask({ answerType: 'email' })
    const once = await answer(flow, 'asha@gmial.com')
    expect(once.messages).toEqual([
      { type: 'text', text: { body: 'Did you mean asha@gmail.com? If not, send asha@gmial.com again to keep it.' } },
    ])
    expect((await answer(flow, 'asha@gmial.com', 'asha@gmail.com')).state.vars.answer).toBe('asha@gmail.com')
    expect((await answer(flow, 'asha@gmial.com', 'Asha@gmial.com')).state.vars.answer).toBe('Asha@gmial.com')
    // The last attempt does not fail the flow on an address that is only suspicious.
    expect((await answer(ask({ answerType: 'email', maxAttempts: 1 }), 'asha@gmial.com')).state.vars.answer).toBe(
      'asha@gmial.com',
    )
  })
})
