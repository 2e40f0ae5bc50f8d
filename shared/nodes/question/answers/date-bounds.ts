// The "not before" / "not after" bounds of a date question: a calendar date (2026-12-31) or a day counted from the
// day of the answer ("today", "tomorrow", "today+30", "today-7"). Kept free of the date libraries so validation and
// the panel (which only check the spelling) stay light.

const BOUND = /^(?:(\d{4}-\d{2}-\d{2})|today(?:\s*([+-])\s*(\d{1,4}))?|(tomorrow))$/i

export type Bound = { date: string } | { days: number }

/** The bound written in `text`, null for none (blank), or 'invalid'. */
export function parseBound(text: string): Bound | null | 'invalid' {
  const t = text.trim()
  if (!t) return null
  const m = BOUND.exec(t)
  if (!m) return 'invalid'
  if (m[1]) return isCalendarDate(m[1]) ? { date: m[1] } : 'invalid'
  if (m[4]) return { days: 1 }
  return { days: m[2] ? Number(`${m[2]}${m[3]}`) : 0 }
}

/** The bound as a YYYY-MM-DD date, counted from `today` (YYYY-MM-DD). */
export function boundDate(bound: Bound, today: string): string {
  if ('date' in bound) return bound.date
  const d = new Date(`${today}T00:00:00Z`)
  d.setUTCDate(d.getUTCDate() + bound.days)
  return d.toISOString().slice(0, 10)
}

export function isCalendarDate(iso: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso)
  if (!m) return false
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])))
  return d.toISOString().slice(0, 10) === iso
}
