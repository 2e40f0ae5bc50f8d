// Wall-clock arithmetic across summer-time changes: Europe/London moves its clocks forward on 29 March 2026 (01:00
// GMT → 02:00 BST) and back on 25 October 2026; America/New_York on 8 March and 1 November 2026.
import { describe, expect, it } from 'vitest'
import { addDays, instantAt, minuteOfDay, nextOpenSlot, wallOf, type OpenHours } from './calendar'

const LONDON = 'Europe/London'
const iso = (t: number | null) => (t === null ? null : new Date(t).toISOString())
const WORKDAYS: OpenHours = { from: 9 * 60, to: 19 * 60, days: ['mon', 'tue', 'wed', 'thu', 'fri'] }

describe('wall-clock time in a zone', () => {
  it('reads times of day', () => {
    expect(minuteOfDay('09:00')).toBe(540)
    expect(minuteOfDay('9:30')).toBe(570)
    expect(minuteOfDay('19.00')).toBe(1140)
    for (const bad of ['24:00', '9', '09:60', 'noon', '']) expect(minuteOfDay(bad)).toBeNull()
  })

  it('puts 10:00 at the offset of that day, on both sides of a summer-time change', () => {
    expect(iso(instantAt({ y: 2026, m: 3, d: 28 }, 600, LONDON))).toBe('2026-03-28T10:00:00.000Z') // GMT
    expect(iso(instantAt({ y: 2026, m: 3, d: 29 }, 600, LONDON))).toBe('2026-03-29T09:00:00.000Z') // BST
    expect(iso(instantAt({ y: 2026, m: 10, d: 25 }, 600, LONDON))).toBe('2026-10-25T10:00:00.000Z') // GMT again
    expect(iso(instantAt({ y: 2026, m: 3, d: 8 }, 600, 'America/New_York'))).toBe('2026-03-08T14:00:00.000Z')
  })

  it('reads the day and minute back in the zone', () => {
    const t = Date.parse('2026-03-29T23:30:00Z') // 00:30 BST on the 30th
    expect(wallOf(t, LONDON)).toEqual({ y: 2026, m: 3, d: 30, weekday: 'mon', minute: 30 })
    expect(addDays({ y: 2026, m: 12, d: 31 }, 1)).toEqual({ y: 2027, m: 1, d: 1 })
  })
})

describe('the next open slot (9:00–19:00 on working days)', () => {
  it('keeps an instant inside the window', () => {
    const t = Date.parse('2026-03-25T12:00:00Z') // Wednesday 12:00 GMT
    expect(nextOpenSlot(t, WORKDAYS, LONDON)).toBe(t)
  })

  it('moves an evening to the next morning, and a Friday evening to Monday', () => {
    expect(iso(nextOpenSlot(Date.parse('2026-03-25T20:00:00Z'), WORKDAYS, LONDON))).toBe('2026-03-26T09:00:00.000Z')
    expect(iso(nextOpenSlot(Date.parse('2026-03-20T19:00:00Z'), WORKDAYS, LONDON))).toBe('2026-03-23T09:00:00.000Z')
  })

  it('opens at 9:00 local time after the clocks went forward over the weekend (08:00 UTC, not 09:00)', () => {
    // Friday 27 March 20:00 GMT → the weekend holds the change → Monday 30 March 09:00 BST.
    expect(iso(nextOpenSlot(Date.parse('2026-03-27T20:00:00Z'), WORKDAYS, LONDON))).toBe('2026-03-30T08:00:00.000Z')
    // And back: Friday 23 October 20:00 BST → Monday 26 October 09:00 GMT.
    expect(iso(nextOpenSlot(Date.parse('2026-10-23T19:00:00Z'), WORKDAYS, LONDON))).toBe('2026-10-26T09:00:00.000Z')
  })

  it('a Sunday-only window on the day the clocks change opens at that day’s 9:00', () => {
    const sundays: OpenHours = { from: 9 * 60, to: 12 * 60, days: ['sun'] }
    expect(iso(nextOpenSlot(Date.parse('2026-03-28T12:00:00Z'), sundays, LONDON))).toBe('2026-03-29T08:00:00.000Z')
    // 11:30 BST is inside; 11:30 UTC (12:30 BST) is past it: the next Sunday.
    expect(iso(nextOpenSlot(Date.parse('2026-03-29T10:30:00Z'), sundays, LONDON))).toBe('2026-03-29T10:30:00.000Z')
    expect(iso(nextOpenSlot(Date.parse('2026-03-29T11:30:00Z'), sundays, LONDON))).toBe('2026-04-05T08:00:00.000Z')
  })

  it('has no slot when no day is open', () => {
    expect(nextOpenSlot(0, { ...WORKDAYS, days: [] }, LONDON)).toBeNull()
  })
})
