import { describe, expect, it } from 'vitest'
import { dueAtFor, scheduleProblem } from './schedule'
import { contactZone, countryZone, zonedToEpoch } from './zones'

const utc = (s: string) => Date.parse(s)

describe('contactZone', () => {
  it('takes a valid timezone field, else the number’s country, else the fallback', () => {
    expect(contactZone({ phone: '+447700900123', fields: { timezone: 'Asia/Tokyo' } }, 'UTC')).toBe('Asia/Tokyo')
    expect(contactZone({ phone: '+447700900123', fields: { timezone: 'Mars/Base' } }, 'UTC')).toBe('Europe/London')
    expect(contactZone({ phone: '+919800000001' }, 'UTC')).toBe('Asia/Kolkata')
    expect(contactZone({ phone: '+12125550100' }, 'UTC')).toBe('America/New_York')
    expect(contactZone({ phone: '+5511987654321' }, 'UTC')).toBe('America/Sao_Paulo')
    expect(contactZone({ phone: '+999123' }, 'Europe/Paris')).toBe('Europe/Paris')
  })
  it('gives no zone for a country that spans several without a main one', () => {
    expect(countryZone('AQ')).toBeNull()
    expect(countryZone('NG')).toBe('Africa/Lagos')
  })
})

describe('zonedToEpoch', () => {
  it('reads wall time with the offset in force then (winter and summer)', () => {
    expect(zonedToEpoch({ year: 2026, month: 1, day: 15, hour: 10, minute: 0 }, 'Europe/London')).toBe(
      utc('2026-01-15T10:00:00Z'),
    )
    expect(zonedToEpoch({ year: 2026, month: 7, day: 15, hour: 10, minute: 0 }, 'Europe/London')).toBe(
      utc('2026-07-15T09:00:00Z'),
    )
  })
  it('moves a time the clocks skip past the gap, and takes the first of a time that happens twice', () => {
    // London springs forward at 01:00 UTC on 29 March 2026: 01:30 local does not exist.
    expect(zonedToEpoch({ year: 2026, month: 3, day: 29, hour: 1, minute: 30 }, 'Europe/London')).toBe(
      utc('2026-03-29T01:30:00Z'),
    )
    // London falls back at 01:00 UTC on 25 October 2026: 01:30 local happens at 00:30 and 01:30 UTC.
    expect(zonedToEpoch({ year: 2026, month: 10, day: 25, hour: 1, minute: 30 }, 'Europe/London')).toBe(
      utc('2026-10-25T00:30:00Z'),
    )
  })
})

describe('dueAtFor', () => {
  const ann = { phone: '+447700900123' }
  it('now is now; at is the instant in its zone', () => {
    const now = utc('2026-11-29T04:00:00Z')
    expect(dueAtFor({ kind: 'now' }, ann, now)).toBe(now)
    expect(dueAtFor({ kind: 'at', local: '2026-12-01T10:00', zone: 'America/New_York' }, ann, now)).toBe(
      utc('2026-12-01T15:00:00Z'),
    )
  })
  it("contact_local is the next 10:00 in each contact's zone", () => {
    const s = { kind: 'contact_local' as const, time: '10:00', fallbackZone: 'UTC' }
    const now = utc('2026-11-29T04:00:00Z') // 04:00 in London, 09:30 in Kolkata, 23:00 (28th) in New York
    expect(dueAtFor(s, ann, now)).toBe(utc('2026-11-29T10:00:00Z'))
    expect(dueAtFor(s, { phone: '+919800000001' }, now)).toBe(utc('2026-11-29T04:30:00Z'))
    expect(dueAtFor(s, { phone: '+12125550100' }, now)).toBe(utc('2026-11-29T15:00:00Z'))
    // Past 10:00 in Tokyo already (13:00 there): tomorrow's.
    expect(dueAtFor(s, { phone: '+447700900123', fields: { timezone: 'Asia/Tokyo' } }, now)).toBe(
      utc('2026-11-30T01:00:00Z'),
    )
  })
  it('is DST-correct across the change: 10:00 the day after the clocks go forward', () => {
    const s = { kind: 'contact_local' as const, time: '10:00', fallbackZone: 'UTC' }
    // 28 March 2026 11:00 GMT: 10:00 has passed; tomorrow 10:00 is BST (09:00 UTC).
    expect(dueAtFor(s, ann, utc('2026-03-28T11:00:00Z'))).toBe(utc('2026-03-29T09:00:00Z'))
    // Month and year ends carry over.
    expect(dueAtFor(s, ann, utc('2026-12-31T12:00:00Z'))).toBe(utc('2027-01-01T10:00:00Z'))
  })
})

describe('scheduleProblem', () => {
  const now = utc('2026-11-29T04:00:00Z')
  it('refuses unknown zones, bad times and a time already passed', () => {
    expect(scheduleProblem({ kind: 'now' }, now)).toBeNull()
    expect(scheduleProblem({ kind: 'at', local: '2026-12-01T10:00', zone: 'Europe/London' }, now)).toBeNull()
    expect(scheduleProblem({ kind: 'at', local: '2026-12-01T10:00', zone: 'Nowhere/X' }, now)).toContain('time zone')
    expect(scheduleProblem({ kind: 'at', local: '2026-02-30T10:00', zone: 'UTC' }, now)).toContain('not a date')
    expect(scheduleProblem({ kind: 'at', local: '2026-11-29T03:59', zone: 'UTC' }, now)).toContain('already passed')
    expect(scheduleProblem({ kind: 'contact_local', time: '25:00', fallbackZone: 'UTC' }, now)).toContain('time of day')
    expect(scheduleProblem({ kind: 'contact_local', time: '10:00', fallbackZone: 'Bad' }, now)).toContain('time zone')
  })
})
