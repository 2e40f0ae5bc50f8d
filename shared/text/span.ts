// A span of time as a person reads it in a sentence ("due in 1 h 50 min"), for the emulator's clock and notices.

const UNITS: Array<[string, number]> = [
  ['d', 86_400_000],
  ['h', 3_600_000],
  ['min', 60_000],
  ['s', 1000],
]

/** A span as "2 h", "1 d 3 h", "45 min", "30 s": its largest unit and the next one when not zero, rounded down. */
export function formatSpan(ms: number): string {
  const rest = Math.max(0, ms)
  const i = UNITS.findIndex(([, size]) => rest >= size)
  if (i < 0) return '0 s'
  const [unit, size] = UNITS[i]!
  const n = Math.floor(rest / size)
  const next = UNITS[i + 1]
  const m = next ? Math.floor((rest - n * size) / next[1]) : 0
  return m > 0 && next ? `${n} ${unit} ${m} ${next[0]}` : `${n} ${unit}`
}
