import { beforeAll, describe, expect, it } from 'vitest'
import type { AnswerContext } from './context'
import { answerExamples } from './examples'
import { parseAnswer, prepareAnswers, type AnswerRules } from './parse'
import { ANSWER_TYPES, type AnswerType } from './types'

beforeAll(() => prepareAnswers())

const NOW = Date.parse('2026-03-04T10:00:00Z')
const base = (answerType: AnswerType, over: Partial<AnswerRules> = {}): AnswerRules => ({
  answerType,
  choices: ['Morning', 'Evening'],
  pattern: '[0-9]{6}',
  min: null,
  max: null,
  future: false,
  notBefore: '',
  notAfter: '',
  ...over,
})
const ctx = (locale: string, timeZone: string, country: string | null): AnswerContext => ({
  locale,
  timeZone,
  country,
  now: NOW,
})
const CONTEXTS = [
  ctx('en-GB', 'Europe/London', 'GB'),
  ctx('en-US', 'America/New_York', 'US'),
  ctx('de-DE', 'Europe/Berlin', 'DE'),
  ctx('en-IN', 'Asia/Kolkata', null),
]

describe('example answers', () => {
  // Test generation relies on this: every example is what the parser itself says about it.
  it.each(ANSWER_TYPES.flatMap((t) => CONTEXTS.map((c) => [t, c] as const)))(
    '%s in %o agree with the parser',
    (type, c) => {
      const rules = base(type, type === 'number' ? { min: 18, max: 120 } : type === 'date' ? { future: true } : {})
      const ex = answerExamples(rules, c)
      for (const a of ex.accepted) expect(parseAnswer(a.typed, rules, c)).toEqual({ ok: true, value: a.value })
      for (const r of ex.refused)
        expect(parseAnswer(r.typed, rules, c)).toMatchObject({ ok: false, code: r.code, reason: r.reason })
      expect(ex.refused.length).toBeGreaterThan(0)
      if (type !== 'regex') expect(ex.accepted.length).toBeGreaterThan(0)
    },
  )

  it('shows dates, numbers and phones the way the flow writes them', () => {
    const de = answerExamples(base('number'), CONTEXTS[2]!)
    expect(de.accepted.map((a) => a.typed)).toContain('1.250,50')
    const us = answerExamples(base('date'), CONTEXTS[1]!)
    expect(us.accepted).toContainEqual({ typed: '03/14/2026', accepted: true, value: '2026-03-14' })
    const gb = answerExamples(base('phone'), CONTEXTS[0]!)
    expect(gb.accepted.map((a) => a.typed)).toContain('07400 123456')
    expect(answerExamples(base('email'), CONTEXTS[0]!).refused).toContainEqual(
      expect.objectContaining({ typed: 'ana@gmial.com', code: 'email_typo' }),
    )
  })
})
