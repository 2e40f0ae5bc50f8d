// Finding slot values inside a free-text message ("where's 104823? I need it by Friday"). Each type has a finder that
// lists candidates (a span of the message and the value the Question parsers read from it). The finders run in a
// fixed order and each span a finder takes is gone for the ones after it, so one piece of text fills at most one
// slot: email, phone (a number valid for the flow's country, or written with +code), pattern, date and time (one
// chrono reading gives both), choice, number. So the digits of a phone are never an order number, the digits of an
// order number, a phone or a date are never a number slot, and the day in "3 Dec" is not a number either. The spans
// of emails, phones, dates and times are taken even when no slot has that type, for the same reason.
//
// A type with n slots takes the candidates' distinct values in message order only when there are exactly n of them
// (one date for one date slot; "from Monday to Friday" for two date slots, in that order); otherwise its slots stay
// missing and are asked for, never guessed ("Monday or Tuesday?" fills nothing). Text slots are never found in a
// message, since nothing marks which words are the text: they are always asked for.
import { parseEmail, parseNumber, parsePhone, type AnswerContext, type SavedValue } from '../question/answers'
import type { ParsedComponents } from 'chrono-node'
import { answerPatternProblem } from '../question/answers/pattern'
import type { SlotSpec } from './definition'
import { chronoResults, timeOf } from './read-slot'
import type { SlotType } from './slot-types'

export interface Candidate {
  start: number
  end: number
  /** The text the value was read from, as typed. */
  text: string
  value: SavedValue
}

export interface Found {
  /** Values by slot name. */
  values: Record<string, SavedValue>
  /** The text each value was read from, by slot name (the trace shows it). */
  from: Record<string, string>
  /** Slots whose type found more values than slots to fill: asked for, never guessed. */
  ambiguous: string[]
}

const WORD = /[\p{L}\p{N}]/u
/** The words before a date that turn it into one the customer does not mean ("not Friday", "except Monday"). */
const NEGATED = /\b(?:not|except|but|never)\s*$/i

export function findSlots(text: string, slots: readonly SlotSpec[], ctx: AnswerContext): Found {
  const found: Found = { values: {}, from: {}, ambiguous: [] }
  const taken: Array<[number, number]> = []
  const free = (c: Candidate) => !taken.some(([s, e]) => c.start < e && s < c.end)
  const take = (cs: Candidate[]) => cs.forEach((c) => taken.push([c.start, c.end]))
  const fill = (group: SlotSpec[], all: Candidate[]) => {
    const cands = all.filter(free).sort((a, b) => a.start - b.start)
    take(cands)
    const distinct = [...new Map(cands.map((c) => [`${typeof c.value}:${c.value}`, c])).values()]
    if (group.length === 0 || distinct.length === 0) return
    if (distinct.length !== group.length) {
      found.ambiguous.push(...group.map((s) => s.name))
      return
    }
    group.forEach((s, i) => {
      found.values[s.name] = distinct[i]!.value
      found.from[s.name] = distinct[i]!.text
    })
  }
  const ofType = (t: SlotType) => slots.filter((s) => s.type === t)

  fill(ofType('email'), emailCandidates(text))
  fill(ofType('phone'), phoneCandidates(text, ctx))
  for (const s of ofType('pattern')) fill([s], patternCandidates(text, s.pattern))
  const readings = chronoResults(text, ctx).filter((r) => !NEGATED.test(text.slice(0, r.index)))
  const span = (r: (typeof readings)[number], value: SavedValue): Candidate => ({
    start: r.index,
    end: r.index + r.text.length,
    text: r.text,
    value,
  })
  // A range ("from 3 Dec to 7 Dec") is one reading with two days, in that order.
  const dates = readings.flatMap((r) =>
    [r.start, ...(r.end ? [r.end] : [])].flatMap((c) =>
      c.isCertain('day') || c.isCertain('weekday') ? [span(r, dayOf(c))] : [],
    ),
  )
  const times = readings.flatMap((r) => {
    const t = timeOf(r.start, r.text)
    return t ? [span(r, t)] : []
  })
  // A reading that is both ("Friday at 5") fills a date slot and a time slot: both fills see it before either takes it.
  const takenBefore = taken.length
  fill(ofType('date'), dates)
  const dateSpans = taken.splice(takenBefore)
  fill(ofType('time'), times)
  taken.push(...dateSpans)
  for (const s of ofType('choice')) fill([s], choiceCandidates(text, s.choices))
  fill(ofType('number'), numberCandidates(text, ctx))
  return found
}

/** The calendar day of a reading, as chrono worked it out in the flow's zone (the Question's date answers read it so). */
function dayOf(c: ParsedComponents): string {
  const pad = (n: number | null) => String(n ?? 0).padStart(2, '0')
  return `${String(c.get('year')).padStart(4, '0')}-${pad(c.get('month'))}-${pad(c.get('day'))}`
}

function bounded(text: string, start: number, end: number): boolean {
  return !WORD.test(text[start - 1] ?? '') && !WORD.test(text[end] ?? '')
}

export function patternCandidates(text: string, pattern: string): Candidate[] {
  if (!pattern.trim() || answerPatternProblem(pattern)) return []
  const re = new RegExp(pattern, 'g')
  const out: Candidate[] = []
  for (const m of text.matchAll(re)) {
    const start = m.index
    const end = start + m[0].length
    if (m[0].trim() && bounded(text, start, end)) out.push({ start, end, text: m[0], value: m[0] })
  }
  return out
}

function emailCandidates(text: string): Candidate[] {
  const out: Candidate[] = []
  for (const m of text.matchAll(/[^\s<>()[\],;:"']+@[^\s<>()[\],;:"']+/g)) {
    const typed = m[0].replace(/[.!?]+$/, '')
    const r = parseEmail(typed)
    if (r.ok) out.push({ start: m.index, end: m.index + typed.length, text: typed, value: r.value })
  }
  return out
}

function phoneCandidates(text: string, ctx: AnswerContext): Candidate[] {
  const out: Candidate[] = []
  for (const m of text.matchAll(/(?:\+|\b)\d[\d\s().-]{5,}\d/g)) {
    const r = parsePhone(m[0], ctx)
    if (r.ok) out.push({ start: m.index, end: m.index + m[0].length, text: m[0], value: r.value })
  }
  return out
}

function choiceCandidates(text: string, choices: readonly string[]): Candidate[] {
  const lower = text.toLocaleLowerCase()
  const out: Candidate[] = []
  for (const choice of choices.map((c) => c.trim()).filter(Boolean)) {
    const needle = choice.toLocaleLowerCase()
    for (let at = lower.indexOf(needle); at >= 0; at = lower.indexOf(needle, at + 1))
      if (bounded(text, at, at + needle.length))
        out.push({ start: at, end: at + needle.length, text: text.slice(at, at + needle.length), value: choice })
  }
  return out
}

function numberCandidates(text: string, ctx: AnswerContext): Candidate[] {
  const out: Candidate[] = []
  for (const m of text.matchAll(/[-−]?\p{Sc}?\d+(?:[.,]\d+)*/gu)) {
    if (!bounded(text, m.index, m.index + m[0].length)) continue
    const r = parseNumber(m[0], ctx, { min: null, max: null })
    if (r.ok) out.push({ start: m.index, end: m.index + m[0].length, text: m[0], value: r.value })
  }
  return out
}
