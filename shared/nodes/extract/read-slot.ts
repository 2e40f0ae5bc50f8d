// Reading one typed answer as a slot's type: the Question node's parsers (../question/answers) for every type they
// know, and a time of day read by the same chrono-node parsers for `time`. What the customer types after being asked
// for a slot is read here, whole, as a Question would read it.
import { TZDate } from '@date-fns/tz'
import type { ParsedComponents } from 'chrono-node'
import { NO_DATE_RULES, parseAnswer, type AnswerContext, type SavedValue } from '../question/answers'
import { parsersFor } from '../question/answers/chrono-parsers'
import { quoted } from '../question/answers/result'
import type { SlotSpec } from './definition'

export type SlotResult =
  { ok: true; value: SavedValue } | { ok: false; code: string; reason: string; overrule?: SavedValue }

export function readSlot(text: string, slot: SlotSpec, ctx: AnswerContext): SlotResult {
  if (slot.type === 'time') return readTime(text, ctx)
  const answerType = slot.type === 'pattern' ? 'regex' : slot.type
  return parseAnswer(
    text,
    { answerType, choices: slot.choices, pattern: slot.pattern, min: null, max: null, ...NO_DATE_RULES },
    ctx,
  )
}

function readTime(text: string, ctx: AnswerContext): SlotResult {
  const typed = text.trim()
  if (!typed) return { ok: false, code: 'empty', reason: 'There was no time in that message.' }
  const times = [...new Set(chronoResults(typed, ctx).flatMap((r) => timeOf(r.start, r.text) ?? []))]
  if (times.length === 0)
    return { ok: false, code: 'not_a_time', reason: `I couldn't read ${quoted(typed)} as a time.` }
  if (times.length > 1) return { ok: false, code: 'several_times', reason: 'Please send one time, not several.' }
  return { ok: true, value: times[0]! }
}

/** chrono-node's readings of a message in the flow's locale (then English), counted from the run's clock. */
export function chronoResults(text: string, ctx: AnswerContext) {
  const reference = { instant: new Date(ctx.now), timezone: -new TZDate(ctx.now, ctx.timeZone).getTimezoneOffset() }
  for (const parser of parsersFor(ctx.locale)) {
    const results = parser.parse(text, reference)
    if (results.length) return results
  }
  return []
}

/**
 * HH:MM of a reading that names an hour, or null. A bare hour from 1 to 7 with no am/pm ("at 5") is the afternoon,
 * as the Question's date-and-time answers read it; a zero-padded hour ("05:00") is kept as typed.
 */
export function timeOf(start: ParsedComponents, typed: string): string | null {
  if (!start.isCertain('hour')) return null
  let hour = start.get('hour') ?? 0
  if (!start.isCertain('meridiem') && hour >= 1 && hour <= 7 && !/(?:^|\D)0\d(?:[:.h]|\s*uhr|$)/i.test(typed))
    hour += 12
  return `${pad(hour)}:${pad(start.get('minute') ?? 0)}`
}

const pad = (n: number) => String(n).padStart(2, '0')
