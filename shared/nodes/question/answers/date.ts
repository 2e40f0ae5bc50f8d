import { TZDate } from '@date-fns/tz'
import type { ParsedResult } from 'chrono-node'
import { parsersFor } from './chrono-parsers'
import type { AnswerContext } from './context'
import { boundDate, parseBound } from './date-bounds'
import { dateChangingWords } from './date-words'
import { accept, quoted, refuse, type AnswerResult } from './result'

// Dates and times as people type them ("Thursday", "tomorrow", "3 Dec", "next Friday at 5", "03/12/2026"), read by
// chrono-node in the flow's locale, counted from the run's clock in the flow's time zone (@date-fns/tz turns the
// wall-clock answer into an instant with the zone's offset on that day, summer time included).
// A date is saved as YYYY-MM-DD; a date and time as ISO 8601 with the zone's offset (2026-03-06T17:00:00+01:00).

export interface DateRules {
  /** Only a date that has not passed (today counts), or for date and time a moment after now. */
  future: boolean
  /** parseBound's spelling: '' (none), YYYY-MM-DD, today, tomorrow, today+N, today-N. */
  notBefore: string
  notAfter: string
}

export const NO_DATE_RULES: DateRules = { future: false, notBefore: '', notAfter: '' }

export function parseDate(text: string, ctx: AnswerContext, rules: DateRules = NO_DATE_RULES): AnswerResult {
  return read(text, ctx, rules, false)
}

export function parseDateTime(text: string, ctx: AnswerContext, rules: DateRules = NO_DATE_RULES): AnswerResult {
  return read(text, ctx, rules, true)
}

function read(text: string, ctx: AnswerContext, rules: DateRules, withTime: boolean): AnswerResult {
  const typed = text.trim()
  if (!typed) return refuse('empty', 'There was no date in that message.')
  const today = dayIn(ctx.now, ctx.timeZone)
  const lower = boundOf(rules.notBefore, today)
  const upper = boundOf(rules.notAfter, today)
  // Forward dates ("Thursday" is the coming one, "3 Dec" the next 3 December) when the past is refused anyway.
  const forwardDate = rules.future || (lower !== null && lower >= today)
  let results = parse(typed, ctx, forwardDate)
  // A date question needs a day: "5pm" alone names a time, not a date.
  if (!withTime) results = results.filter((r) => r.start.isCertain('day') || r.start.isCertain('weekday'))
  if (results.length === 0 || leftOverChangesIt(typed, results, ctx.locale))
    return refuse('not_a_date', `I couldn't read ${quoted(typed)} as a ${withTime ? 'date and time' : 'date'}.`)
  const days = new Set(results.map((r) => dayOf(r)))
  if (days.size > 1) return refuse('several_dates', 'Please send one date, not several.')
  const timed = results.find((r) => r.start.isCertain('hour'))
  if (withTime && !timed) return refuse('no_time', 'Please add a time, for example "Thursday at 3pm".')
  const day = dayOf(results[0]!)
  const label = describeDay(day, ctx.locale)
  if (rules.future && day < today) return refuse('date_passed', `${label} has already passed.`)
  if (lower !== null && day < lower)
    return refuse('date_too_early', `The earliest date I can take is ${describeDay(lower, ctx.locale)}.`)
  if (upper !== null && day > upper)
    return refuse('date_too_late', `The latest date I can take is ${describeDay(upper, ctx.locale)}.`)
  if (!withTime) return accept(day)
  const at = instantOf(day, timed!, ctx.timeZone)
  if (rules.future && at.getTime() <= ctx.now)
    return refuse('date_passed', `${label} at ${describeTime(at, ctx)} has already passed.`)
  return accept(isoWithOffset(at))
}

function parse(typed: string, ctx: AnswerContext, forwardDate: boolean): ParsedResult[] {
  const instant = new Date(ctx.now)
  // chrono takes the zone as an offset in minutes east of UTC; the offset at the moment of the answer.
  const reference = { instant, timezone: -new TZDate(ctx.now, ctx.timeZone).getTimezoneOffset() }
  for (const parser of parsersFor(ctx.locale)) {
    const results = parser.parse(typed, reference, { forwardDate })
    if (results.length) return results
  }
  return []
}

/** Whether what chrono-node left of the answer changes the date it read (./date-words.ts), or holds a number. */
function leftOverChangesIt(typed: string, results: ParsedResult[], locale: string): boolean {
  let rest = typed
  for (const r of [...results].sort((a, b) => b.index - a.index))
    rest = rest.slice(0, r.index) + ' ' + rest.slice(r.index + r.text.length)
  const words = dateChangingWords(locale)
  return (rest.toLowerCase().match(/\p{L}+|\d+/gu) ?? []).some((w) => /^\d+$/.test(w) || words.has(w))
}

/** The calendar day of a result, as chrono worked it out in the reference zone. */
function dayOf(r: ParsedResult): string {
  const s = r.start
  return `${String(s.get('year')).padStart(4, '0')}-${pad(s.get('month'))}-${pad(s.get('day'))}`
}

/**
 * The answer's moment in the flow's zone. A bare hour from 1 to 7 with no am/pm ("at 5") is taken as the afternoon,
 * as people booking a visit mean; a zero-padded hour ("05:00") is kept as typed.
 */
function instantOf(day: string, r: ParsedResult, timeZone: string): TZDate {
  let hour = r.start.get('hour') ?? 0
  const minute = r.start.get('minute') ?? 0
  if (!r.start.isCertain('meridiem') && hour >= 1 && hour <= 7 && !/(?:^|\D)0\d(?:[:.h]|\s*uhr|$)/i.test(r.text))
    hour += 12
  const [y, m, d] = day.split('-').map(Number) as [number, number, number]
  return new TZDate(y, m - 1, d, hour, minute, 0, timeZone)
}

function isoWithOffset(at: TZDate): string {
  // TZDate prints its own zone's offset: 2026-03-06T17:00:00.000+01:00. Seconds stay, milliseconds go.
  return at.toISOString().replace(/\.\d{3}(?=[+-])/, '')
}

export function dayIn(now: number, timeZone: string): string {
  const t = new TZDate(now, timeZone)
  return `${t.getFullYear()}-${pad(t.getMonth() + 1)}-${pad(t.getDate())}`
}

function boundOf(text: string, today: string): string | null {
  const b = parseBound(text)
  return b === null || b === 'invalid' ? null : boundDate(b, today)
}

/** "Thursday 5 March 2026": English words (the reasons are English), in the locale's order when it is English. */
export function describeDay(day: string, locale: string): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number]
  return new Intl.DateTimeFormat(englishLocale(locale), {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(Date.UTC(y, m - 1, d)))
}

function describeTime(at: TZDate, ctx: AnswerContext): string {
  return new Intl.DateTimeFormat(englishLocale(ctx.locale), {
    hour: 'numeric',
    minute: '2-digit',
    timeZone: ctx.timeZone,
  }).format(at)
}

function englishLocale(locale: string): string {
  return new Intl.Locale(locale).language === 'en' ? locale : 'en-GB'
}

const pad = (n: number | null | undefined) => String(n ?? 0).padStart(2, '0')
