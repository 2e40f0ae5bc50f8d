import { getExampleNumber, isSupportedCountry } from 'libphonenumber-js'
import mobileExamples from 'libphonenumber-js/mobile/examples'
import type { AnswerContext } from './context'
import { dayIn } from './date'
import { parseAnswer, type AnswerRules } from './parse'
import type { RefusalCode, SavedValue } from './result'

// Example answers for a Question: typical things customers type, each put through parseAnswer and sorted by what
// it actually did. The panel shows them; test generation uses them as valid and invalid answers. The candidates are
// only suggestions: whether one is accepted, and what it saves, is always the parser's own verdict.

export type Example =
  | { typed: string; accepted: true; value: SavedValue }
  | { typed: string; accepted: false; code: RefusalCode; reason: string }

export interface AnswerExamples {
  accepted: Extract<Example, { accepted: true }>[]
  refused: Extract<Example, { accepted: false }>[]
}

export function answerExamples(rules: AnswerRules, ctx: AnswerContext, limit = 4): AnswerExamples {
  const out: AnswerExamples = { accepted: [], refused: [] }
  const seen = new Set<string>()
  for (const typed of candidates(rules, ctx)) {
    if (seen.has(typed)) continue
    seen.add(typed)
    const r = parseAnswer(typed, rules, ctx)
    if (r.ok) {
      if (out.accepted.length < limit) out.accepted.push({ typed, accepted: true, value: r.value })
    } else if (out.refused.length < limit) out.refused.push({ typed, accepted: false, code: r.code, reason: r.reason })
  }
  return out
}

function candidates(rules: AnswerRules, ctx: AnswerContext): string[] {
  switch (rules.answerType) {
    case 'text':
      return textCandidates(rules)
    case 'number':
      return numberCandidates(rules, ctx)
    case 'email':
      return [
        'ana@company.com',
        'Ana.Rao+news@Example.org',
        'ana@gmial.com',
        'ana@company',
        'ana.company.com',
        'ana @company.com',
      ]
    case 'phone':
      return phoneCandidates(ctx)
    case 'date':
      return [
        ...dayWords(ctx),
        '3 Dec',
        numericDate(ctx, 10),
        'soon',
        'yesterday',
        numericDate(ctx, 400),
        'Thursday or Friday',
        '2026-02-30',
      ]
    case 'datetime':
      return [
        'tomorrow at 3pm',
        'next Friday at 5',
        `${numericDate(ctx, 2)} 17:30`,
        'tomorrow',
        'soon',
        'yesterday at 10am',
      ]
    case 'choice': {
      const offered = rules.choices.map((c) => c.trim()).filter(Boolean)
      return [...offered.slice(0, 2), ...offered.slice(0, 1).map((c) => c.toLocaleLowerCase()), 'something else', '']
    }
    case 'regex':
      return ['hello', '12345', '']
  }
}

function textCandidates(rules: AnswerRules): string[] {
  const out = ['Asha Rao', 'Yes, that works for me']
  if (rules.min !== null && rules.min > 1) out.push('x'.repeat(rules.min - 1), 'x'.repeat(rules.min))
  if (rules.max !== null) out.push('x'.repeat(rules.max + 1))
  return [...out, '']
}

function numberCandidates(rules: AnswerRules, ctx: AnswerContext): string[] {
  const fmt = (n: number, fraction = 0) =>
    new Intl.NumberFormat(ctx.locale, { minimumFractionDigits: fraction, maximumFractionDigits: fraction }).format(n)
  const lo = rules.min ?? 0
  const hi = rules.max ?? Math.max(lo + 2000, 2000)
  const mid = Math.round((lo + hi) / 2)
  const out = [fmt(mid), `${fmt(Math.min(hi, lo + 25))} years`, 'twenty', fmt(Math.min(hi, 1250.5), 2)]
  if (rules.min !== null) out.push(fmt(rules.min - 1))
  if (rules.max !== null) out.push(fmt(rules.max + 1))
  return [...out, 'a few', '12abc']
}

function phoneCandidates(ctx: AnswerContext): string[] {
  const country = ctx.country && isSupportedCountry(ctx.country) ? ctx.country : null
  const example = country ? getExampleNumber(country, mobileExamples) : undefined
  if (!example) return ['+44 7700 900123', '+1 202 555 0100', '07700 900123', '+44 77', '+999 1234 5678', 'call me']
  const national = example.formatNational()
  return [example.formatInternational(), national, '+1 202 555 0100', national.slice(0, 5), '+999 1234 5678', 'call me']
}

/** "tomorrow" and "Thursday" in English and, for a few languages chrono-node reads, the locale's own word. */
function dayWords(ctx: AnswerContext): string[] {
  const tomorrow: Record<string, string> = {
    de: 'morgen',
    fr: 'demain',
    es: 'mañana',
    pt: 'amanhã',
    it: 'domani',
    nl: 'morgen',
    sv: 'imorgon',
    ja: '明日',
  }
  const own = tomorrow[new Intl.Locale(ctx.locale).language]
  return [...(own ? [own] : []), 'tomorrow', 'Thursday']
}

/** The date `days` from today, written with digits the way the locale writes it (31/12/2026, 12/31/2026, 31.12.2026). */
function numericDate(ctx: AnswerContext, days: number): string {
  const [y, m, d] = dayIn(ctx.now, ctx.timeZone).split('-').map(Number) as [number, number, number]
  const date = new Date(Date.UTC(y, m - 1, d + days))
  return new Intl.DateTimeFormat(ctx.locale, {
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(date)
}
