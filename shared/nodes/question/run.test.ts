import { describe, expect, it } from 'vitest'
import { ASHA, buildFlow, testDeps } from '../../engine/fixtures'
import { resumeRun, startRun } from '../../engine/machine'
import type { StepResult } from '../../engine/types'
import { checkAnswer, toIsoDate } from './answer'
import { questionDefinition, type QuestionConfig } from './definition'

const cfg = (over: Partial<QuestionConfig>): QuestionConfig => ({ ...questionDefinition.defaults(), ...over })

describe('answer types', () => {
  it.each([
    ['text', 'hello', 'hello'],
    ['number', ' 1,250 ', 1250],
    ['number', '-3.5', -3.5],
    ['email', 'a@b.co', 'a@b.co'],
    ['phone', '+91 98000-00001', '+919800000001'],
    ['date', '2026-02-28', '2026-02-28'],
    ['date', '5/3/2026', '2026-03-05'],
  ] as const)('%s accepts %j as %j', (answerType, raw, value) => {
    expect(checkAnswer(raw, cfg({ answerType }))).toEqual({ ok: true, value })
  })

  it.each([
    ['text', '   '],
    ['number', '12abc'],
    ['number', '1.2.3'],
    ['email', 'a@b'],
    ['phone', '12345'],
    ['phone', 'call me'],
    ['date', '2026-02-30'],
    ['date', 'tomorrow'],
  ] as const)('%s refuses %j', (answerType, raw) => {
    expect(checkAnswer(raw, cfg({ answerType })).ok).toBe(false)
  })

  it('checks number ranges and text lengths', () => {
    expect(checkAnswer('17', cfg({ answerType: 'number', min: 18 })).ok).toBe(false)
    expect(checkAnswer('121', cfg({ answerType: 'number', max: 120 })).ok).toBe(false)
    expect(checkAnswer('ab', cfg({ answerType: 'text', min: 3 })).ok).toBe(false)
    expect(checkAnswer('abcd', cfg({ answerType: 'text', max: 3 })).ok).toBe(false)
  })

  it('matches choices ignoring case and saves the choice as written', () => {
    expect(checkAnswer('MORNING', cfg({ answerType: 'choice', choices: ['Morning', 'Evening'] }))).toEqual({ ok: true, value: 'Morning' })
    expect(checkAnswer('night', cfg({ answerType: 'choice', choices: ['Morning'] })).ok).toBe(false)
  })

  it('requires the whole answer to match a regex', () => {
    const c = cfg({ answerType: 'regex', pattern: '[A-Z]{3}\\d{2}' })
    expect(checkAnswer('ABC12', c).ok).toBe(true)
    expect(checkAnswer('xABC12', c).ok).toBe(false)
  })

  it('normalises dates to YYYY-MM-DD', () => {
    expect(toIsoDate('29-02-2028')).toBe('2028-02-29')
    expect(toIsoDate('29-02-2027')).toBeNull()
  })
})

describe('question runner', () => {
  const flow = buildFlow(
    [
      { type: 'trigger', name: 'trigger_1', config: { kind: 'manual' } },
      {
        type: 'question',
        name: 'question_1',
        config: { prompt: 'Age, {{customer_name}}?', saveTo: 'age', answerType: 'number', retryMessage: 'A number please', maxAttempts: 2 },
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
    expect(r2.state.vars.question_1).toEqual({ answer: 42, attempts: 1 })
    expect(r2.messages).toEqual([{ type: 'text', text: { body: 'Age 42' } }])
  })

  it('sends the retry message on a wrong answer, then leaves by the failure port after maxAttempts', async () => {
    const { deps } = testDeps()
    let r: StepResult = await startRun(flow, { contact: ASHA, trigger: { kind: 'manual' } }, deps)
    r = await resumeRun(flow, r.state, say('old'), ASHA, deps)
    expect(r.state.status).toBe('paused')
    expect(r.state.waiting?.attempts).toBe(1)
    expect(r.messages).toEqual([{ type: 'text', text: { body: 'A number please' } }])
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
