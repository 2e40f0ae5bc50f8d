import { describe, expect, it } from 'vitest'
import { formatDue, formatSpan } from './due'

const at = (iso: string) => Date.parse(iso)

describe('due times as people read them', () => {
  it('says only the time on the same day, in the flow zone', () => {
    const now = at('2026-12-01T08:00:00Z')
    expect(formatDue(at('2026-12-01T14:30:00Z'), { now, timeZone: 'UTC', localZone: 'UTC' })).toBe('14:30')
  })

  it('adds the day when it falls on another day of the flow zone', () => {
    // 01:30 on 2 December in Kolkata is still 1 December in UTC: the day is the flow zone's.
    expect(
      formatDue(at('2026-12-01T20:00:00Z'), {
        now: at('2026-12-01T12:00:00Z'),
        timeZone: 'Asia/Kolkata',
        localZone: 'Asia/Kolkata',
      }),
    ).toBe('Wed 2 Dec, 01:30')
    const now = at('2026-12-01T12:00:00Z')
    // 10:00 in Kolkata on 2 December is 04:30 UTC; now is 17:30 on 1 December there.
    expect(formatDue(at('2026-12-02T04:30:00Z'), { now, timeZone: 'Asia/Kolkata', localZone: 'Asia/Kolkata' })).toBe(
      'Wed 2 Dec, 10:00',
    )
  })

  it("names the flow zone when it is not the tester's", () => {
    const now = at('2026-12-01T08:00:00Z')
    expect(formatDue(at('2026-12-01T09:00:00Z'), { now, timeZone: 'Asia/Kolkata', localZone: 'Europe/London' })).toBe(
      '14:30 (Asia/Kolkata)',
    )
  })

  it('spans in their largest unit and the next', () => {
    expect(formatSpan(0)).toBe('0 s')
    expect(formatSpan(999)).toBe('0 s')
    expect(formatSpan(30_000)).toBe('30 s')
    expect(formatSpan(45 * 60_000)).toBe('45 min')
    expect(formatSpan(2 * 3_600_000)).toBe('2 h')
    expect(formatSpan(2 * 3_600_000 + 13 * 60_000 + 5000)).toBe('2 h 13 min')
    expect(formatSpan(27 * 3_600_000)).toBe('1 d 3 h')
  })
})
