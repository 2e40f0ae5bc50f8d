// When each recipient of a broadcast is due (docs/runtime.md, "Broadcasts"): now, a wall-clock time in one zone, or
// a time of day in each contact's own zone (the next time it is that time there).
import type { Schedule } from './types'
import { contactZone, isZone, wallTime, zonedToEpoch } from './zones'

const LOCAL = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/
const TIME = /^(\d{2}):(\d{2})$/

/** What is wrong with a schedule, in a sentence, or null. A time already past (in its zone) is refused. */
export function scheduleProblem(schedule: Schedule, now: number): string | null {
  if (schedule.kind === 'now') return null
  if (schedule.kind === 'at') {
    if (!isZone(schedule.zone)) return `'${schedule.zone}' is not a time zone; use an IANA name such as Europe/London.`
    const w = readLocal(schedule.local)
    if (!w) return `'${schedule.local}' is not a date and time such as 2026-12-01T10:00.`
    if (zonedToEpoch(w, schedule.zone) < now)
      return `${schedule.local} in ${schedule.zone} has already passed; pick a later time or send now.`
    return null
  }
  if (!isZone(schedule.fallbackZone))
    return `'${schedule.fallbackZone}' is not a time zone; use an IANA name such as Europe/London.`
  if (!readTime(schedule.time)) return `'${schedule.time}' is not a time of day such as 10:00.`
  return null
}

/**
 * When a recipient is due, epoch ms. `at`: that instant (for everyone). `contact_local`: the next moment at or after
 * `now` when the contact's zone reads that time (today there if it is still to come, else tomorrow). Call after
 * scheduleProblem found none.
 */
export function dueAtFor(
  schedule: Schedule,
  contact: { phone: string; fields?: Record<string, unknown> },
  now: number,
): number {
  if (schedule.kind === 'now') return now
  if (schedule.kind === 'at') {
    const w = readLocal(schedule.local)
    if (!w || !isZone(schedule.zone)) throw new Error(`Not a schedule: ${schedule.local} ${schedule.zone}`)
    return zonedToEpoch(w, schedule.zone)
  }
  const t = readTime(schedule.time)
  if (!t) throw new Error(`Not a time of day: ${schedule.time}`)
  const zone = contactZone(contact, schedule.fallbackZone)
  const today = wallTime(now, zone)
  const at = zonedToEpoch({ year: today.year, month: today.month, day: today.day, ...t }, zone)
  if (at >= now) return at
  // Tomorrow's date there (Date.UTC carries the day over month and year ends).
  const next = new Date(Date.UTC(today.year, today.month - 1, today.day + 1))
  const w = { year: next.getUTCFullYear(), month: next.getUTCMonth() + 1, day: next.getUTCDate(), ...t }
  return zonedToEpoch(w, zone)
}

function readLocal(local: string) {
  const m = LOCAL.exec(local.trim())
  if (!m) return null
  const [year, month, day, hour, minute] = m.slice(1).map(Number) as [number, number, number, number, number]
  const d = new Date(Date.UTC(year, month - 1, day))
  if (d.getUTCMonth() !== month - 1 || d.getUTCDate() !== day || hour > 23 || minute > 59) return null
  return { year, month, day, hour, minute }
}

function readTime(time: string) {
  const m = TIME.exec(time.trim())
  if (!m) return null
  const hour = Number(m[1])
  const minute = Number(m[2])
  return hour > 23 || minute > 59 ? null : { hour, minute }
}
