// What a Wait node's `until` may give once rendered: an instant with its offset, a wall-clock date and time read in
// the time zone, or milliseconds since 1970.
import { instantAt } from './calendar'

const WITH_OFFSET = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d{1,3})?)?(?:Z|[+-]\d{2}:?\d{2})$/i
const WALL = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2}))?)?$/

/** The instant, or null when the text is none of the forms above. */
export function readInstant(text: string, timeZone: string): number | null {
  const s = text.trim()
  if (/^\d{10,15}$/.test(s)) return Number(s)
  if (WITH_OFFSET.test(s)) {
    const t = Date.parse(s.replace(' ', 'T'))
    return Number.isFinite(t) ? t : null
  }
  const m = WALL.exec(s)
  if (!m) return null
  const [y, mo, d, h, mi, se] = m.slice(1).map((x) => (x === undefined ? 0 : Number(x))) as number[]
  if (mo! < 1 || mo! > 12 || d! < 1 || d! > 31 || h! > 23 || mi! > 59 || se! > 59) return null
  // A date that does not exist (31 April) would roll over: refuse it.
  const check = new Date(Date.UTC(y!, mo! - 1, d!))
  if (check.getUTCDate() !== d) return null
  return instantAt({ y: y!, m: mo!, d: d! }, h! * 60 + mi!, timeZone) + se! * 1000
}
