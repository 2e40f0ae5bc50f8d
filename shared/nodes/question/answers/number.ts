import type { AnswerContext } from './context'
import { formatLocaleNumber, readLocaleNumber } from './locale-number'
import { readNumberWords } from './number-words'
import { accept, quoted, refuse, type AnswerResult } from './result'

// A number answer: digits the locale's way (shared/nodes/question/answers/locale-number.ts), or English words. A
// currency sign before or after ("€35", "35 €") and up to three words after the number ("25 years old", "2 people")
// are allowed, since that is how people answer "how old / how many / how much"; anything more is not a number.

export interface NumberRules {
  min: number | null
  max: number | null
}

// A currency sign, possibly with letters joined to it (R$, US$, CHF, EUR), before or after the number.
const CURRENCY = /^(?:\p{Lu}{0,3}\p{Sc}|\p{Lu}{3}(?=[\s\d]))\s*|\s*(?:\p{Sc}|\b\p{Lu}{3})$/gu
const UNIT_WORDS = /^(.*?\d.*?)\s+(\p{L}+(?:\s+\p{L}+){0,2})$/u

export function parseNumber(text: string, ctx: AnswerContext, rules: NumberRules): AnswerResult {
  const typed = text.trim()
  if (!typed) return refuse('empty', 'There was no number in that message.')
  const n = readNumber(typed.replace(CURRENCY, ''), ctx.locale)
  if (n === null) return refuse('not_a_number', `${quoted(typed)} is not a number.`)
  if (rules.min !== null && n < rules.min)
    return refuse('below_min', `The smallest number accepted is ${formatLocaleNumber(rules.min, ctx.locale)}.`)
  if (rules.max !== null && n > rules.max)
    return refuse('above_max', `The largest number accepted is ${formatLocaleNumber(rules.max, ctx.locale)}.`)
  return accept(n)
}

function readNumber(text: string, locale: string): number | null {
  const direct = readLocaleNumber(text, locale)
  if (direct !== null) return direct
  const withUnit = UNIT_WORDS.exec(text)
  if (withUnit) return readLocaleNumber(withUnit[1]!, locale)
  return /\d/.test(text) ? null : readNumberWords(text)
}
