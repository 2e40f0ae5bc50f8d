import type { Chrono, Parser } from 'chrono-node'

// English answers that name a day of the month without its month, as people write them: "the 20th", "on the 3rd",
// "Friday 13th", "Sat 7th", "Friday the 13th". chrono-node reads none of them as a day ("Friday 13th" is only the
// Friday, "the 20th" nothing at all). The month is the one the answer most likely means: the coming such day when
// only a future date is taken, else this month's; with a weekday, the nearest day of that number that falls on it.
// chrono keeps the longer reading where another parser reads more ("Sat 7th March", "the 20th of March").

const WEEKDAYS: Record<string, number> = {
  sunday: 0,
  sun: 0,
  monday: 1,
  mon: 1,
  tuesday: 2,
  tue: 2,
  tues: 2,
  wednesday: 3,
  wed: 3,
  thursday: 4,
  thu: 4,
  thur: 4,
  thurs: 4,
  friday: 5,
  fri: 5,
  saturday: 6,
  sat: 6,
}

const PATTERN = new RegExp(
  `(?<![\\p{L}\\d])(?:(${Object.keys(WEEKDAYS).join('|')})\\.?,?\\s+)?(?:the\\s+)?(\\d{1,2})(?:st|nd|rd|th)(?![\\p{L}\\d])`,
  'iu',
)

/** How far a weekday and day number are searched for, in months either side: every pair meets within 14. */
const MONTHS = 15

export const ordinalDayParser: Parser = {
  pattern: () => PATTERN,
  extract(context, match) {
    const day = Number(match[2])
    if (day < 1 || day > 31) return null
    const weekday = match[1] ? WEEKDAYS[match[1].toLowerCase()] : undefined
    const ref = context.reference.getDateWithAdjustedTimezone()
    const today = { y: ref.getFullYear(), m: ref.getMonth() + 1, d: ref.getDate() }
    const forward = context.option.forwardDate === true
    const fits = (y: number, m: number) =>
      day <= daysIn(y, m) && (weekday === undefined || new Date(Date.UTC(y, m - 1, day)).getUTCDay() === weekday)
    const found = pick(today, day, forward, weekday !== undefined, fits)
    if (!found) return null
    const c = context.createParsingComponents()
    c.assign('day', day)
    c.imply('month', found.m)
    c.imply('year', found.y)
    if (weekday !== undefined) c.assign('weekday', weekday)
    return c.addTag('parser/ordinalDay')
  },
}

function pick(
  today: { y: number; m: number; d: number },
  day: number,
  forward: boolean,
  nearest: boolean,
  fits: (y: number, m: number) => boolean,
): { y: number; m: number } | null {
  const at = (k: number) => {
    const i = today.y * 12 + (today.m - 1) + k
    return { y: Math.floor(i / 12), m: (i % 12) + 1 }
  }
  const ahead: Array<{ y: number; m: number; k: number }> = []
  for (let k = 0; k <= MONTHS; k++) {
    const { y, m } = at(k)
    if (k === 0 && forward && day < today.d) continue
    if (fits(y, m)) ahead.push({ y, m, k })
  }
  if (forward || !nearest) return ahead[0] ?? null
  // Not only the future: with a weekday, the nearest fitting day either way (the coming one on a tie).
  const distance = (p: { y: number; m: number }) =>
    Math.abs(Date.UTC(p.y, p.m - 1, day) - Date.UTC(today.y, today.m - 1, today.d))
  let best = ahead[0] ?? null
  for (let k = -1; k >= -MONTHS; k--) {
    const p = at(k)
    if (fits(p.y, p.m) && (!best || distance(p) < distance(best))) best = { ...p, k }
  }
  return best
}

function daysIn(y: number, m: number): number {
  return new Date(Date.UTC(y, m, 0)).getUTCDate()
}

/**
 * English parsers read "March 20" as 20 March whatever the locale's numeric order: chrono skips it as "March 2020"
 * where the day comes first (en-GB), though nobody writes a year as two digits after a month name in a date answer.
 */
export function withEnglishDays(chrono: Chrono): Chrono {
  for (const p of chrono.parsers)
    if ('shouldSkipYearLikeDate' in p) (p as { shouldSkipYearLikeDate: boolean }).shouldSkipYearLikeDate = false
  chrono.parsers.push(ordinalDayParser)
  return chrono
}
