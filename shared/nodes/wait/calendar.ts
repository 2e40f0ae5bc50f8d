// Wall-clock time in a time zone, for the Wait node: "tomorrow at 10:00 in Europe/London", and the business-hours
// window that moves an instant into the next open slot. Every wall time is turned into an instant with the zone's
// offset on that very day (@date-fns/tz), so a summer-time change between now and then is counted right.
import { TZDate } from '@date-fns/tz'

export interface Day {
  y: number
  m: number
  d: number
}

export const WEEKDAYS = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'] as const
export type Weekday = (typeof WEEKDAYS)[number]

/** "09:30" → 570 minutes after midnight; null when it is not a time of day. */
export function minuteOfDay(text: string): number | null {
  const m = /^([01]?\d|2[0-3])[:.h]([0-5]\d)$/.exec(text.trim())
  return m ? Number(m[1]) * 60 + Number(m[2]) : null
}

/** The zone's calendar day, weekday and minute of day at an instant. */
export function wallOf(instant: number, timeZone: string): Day & { weekday: Weekday; minute: number } {
  const t = new TZDate(instant, timeZone)
  return {
    y: t.getFullYear(),
    m: t.getMonth() + 1,
    d: t.getDate(),
    weekday: WEEKDAYS[t.getDay()]!,
    minute: t.getHours() * 60 + t.getMinutes(),
  }
}

/**
 * The instant of a wall-clock time on a day in a zone. A time the zone skips (the hour clocks jump forward) is
 * read the way the zone's clocks do: 02:30 on a day that jumps from 02:00 to 03:00 is 03:30.
 */
export function instantAt(day: Day, minute: number, timeZone: string): number {
  return new TZDate(day.y, day.m - 1, day.d, Math.floor(minute / 60), minute % 60, 0, timeZone).getTime()
}

/** The calendar day n days after this one (calendar arithmetic: no zone, no summer time). */
export function addDays(day: Day, n: number): Day {
  const t = new Date(Date.UTC(day.y, day.m - 1, day.d + n))
  return { y: t.getUTCFullYear(), m: t.getUTCMonth() + 1, d: t.getUTCDate() }
}

export function weekdayOf(day: Day): Weekday {
  return WEEKDAYS[new Date(Date.UTC(day.y, day.m - 1, day.d)).getUTCDay()]!
}

export interface OpenHours {
  /** Minutes after midnight, from < to. */
  from: number
  to: number
  days: readonly Weekday[]
}

/**
 * The instant itself when it falls inside the window (from ≤ t < to on an open day), else the start of the next
 * open slot. Null when no day is open.
 */
export function nextOpenSlot(instant: number, hours: OpenHours, timeZone: string): number | null {
  if (!hours.days.length || hours.from >= hours.to) return null
  const first = wallOf(instant, timeZone)
  for (let i = 0; i < 8; i++) {
    const day = addDays(first, i)
    if (!hours.days.includes(weekdayOf(day))) continue
    const open = instantAt(day, hours.from, timeZone)
    const close = instantAt(day, hours.to, timeZone)
    if (instant < open) return open
    if (instant < close) return instant
  }
  return null
}
