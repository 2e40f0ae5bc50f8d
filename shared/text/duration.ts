// Durations as people write them in a flow ("no reply within 4h") and in conversation tests ("- wait: 2h 30m"):
// whole numbers of days, hours, minutes and seconds, each with its unit, in any order, separated by spaces or not.

const UNITS: Record<string, number> = {
  d: 86_400_000,
  day: 86_400_000,
  days: 86_400_000,
  h: 3_600_000,
  hour: 3_600_000,
  hours: 3_600_000,
  m: 60_000,
  min: 60_000,
  mins: 60_000,
  minute: 60_000,
  minutes: 60_000,
  s: 1000,
  sec: 1000,
  secs: 1000,
  second: 1000,
  seconds: 1000,
}

const PART = /(\d+)\s*([a-z]+)/gy

/** Milliseconds, or null when the text is not a duration ("2h", "1d 4h", "90 minutes"; never empty, never 0 parts). */
export function parseDuration(text: string): number | null {
  const s = text.trim().toLowerCase()
  if (!s) return null
  let ms = 0
  let at = 0
  PART.lastIndex = 0
  while (at < s.length) {
    while (s[at] === ' ' || s[at] === ',') at++
    if (at >= s.length) break
    PART.lastIndex = at
    const m = PART.exec(s)
    const unit = m && UNITS[m[2]!]
    if (!m || !unit) return null
    ms += Number(m[1]) * unit
    at = PART.lastIndex
  }
  return Number.isSafeInteger(ms) ? ms : null
}

/** The shortest way to write it back: 1d 4h, 2h 30m, 45s. */
export function formatDuration(ms: number): string {
  const parts: string[] = []
  let rest = Math.max(0, Math.round(ms))
  for (const [unit, size] of [
    ['d', 86_400_000],
    ['h', 3_600_000],
    ['m', 60_000],
    ['s', 1000],
  ] as const) {
    const n = Math.floor(rest / size)
    if (n) parts.push(`${n}${unit}`)
    rest -= n * size
  }
  if (rest) parts.push(`${rest}ms`)
  return parts.join(' ') || '0s'
}
