import type { AnswerContext } from './context'
import { parseDate, parseDateTime, type DateRules } from './date'
import { parseEmail } from './email'
import { parseNumber } from './number'
import { loadNumberWords } from './number-words'
import { parsePhone } from './phone'
import type { AnswerResult } from './result'
import { parseChoice, parseRegex, parseText } from './simple'
import type { AnswerType } from './types'

/**
 * Loads what reading answers of this type needs and is too heavy to load up front (the number-word reader). Await it
 * once before parsing; without a type it prepares every type.
 */
export async function prepareAnswers(type?: AnswerType): Promise<void> {
  if (type === undefined || type === 'number') await loadNumberWords()
}

/** The settings of a Question that decide what its answers may be. */
export interface AnswerRules extends DateRules {
  answerType: AnswerType
  choices: string[]
  pattern: string
  min: number | null
  max: number | null
}

export function parseAnswer(text: string, rules: AnswerRules, ctx: AnswerContext): AnswerResult {
  switch (rules.answerType) {
    case 'text':
      return parseText(text, rules)
    case 'number':
      return parseNumber(text, ctx, rules)
    case 'email':
      return parseEmail(text)
    case 'phone':
      return parsePhone(text, ctx)
    case 'date':
      return parseDate(text, ctx, rules)
    case 'datetime':
      return parseDateTime(text, ctx, rules)
    case 'choice':
      return parseChoice(text, rules.choices)
    case 'regex':
      return parseRegex(text, rules.pattern)
  }
}
