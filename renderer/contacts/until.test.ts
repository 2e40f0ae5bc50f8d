import { describe, expect, it } from 'vitest'
import { readUntil } from './until'

const NOW = Date.UTC(2026, 11, 1, 9, 0) // 09:00 UTC, 14:30 in Kolkata

describe('readUntil', () => {
  it('reads a date and time in the zone shown into the instant', () => {
    expect(readUntil('2026-12-01T16:00', 'Asia/Kolkata', NOW)).toEqual({
      ok: true,
      until: Date.UTC(2026, 11, 1, 10, 30),
    })
    expect(readUntil('2026-12-01T10:00', 'UTC', NOW)).toEqual({ ok: true, until: Date.UTC(2026, 11, 1, 10, 0) })
  })
  it('leaves an empty field as no time', () => {
    expect(readUntil('  ', 'UTC', NOW)).toEqual({ ok: true, until: undefined })
  })
  it('refuses a time that has passed in that zone, naming the zone', () => {
    const r = readUntil('2026-12-01T14:00', 'Asia/Kolkata', NOW)
    expect(r).toEqual({ ok: false, message: expect.stringContaining('2026-12-01 14:00 (Asia/Kolkata) has passed') })
    expect(readUntil('2026-12-01T09:00', 'UTC', NOW).ok).toBe(false)
  })
  it('refuses what is not a date and time', () => {
    expect(readUntil('tomorrow', 'UTC', NOW)).toEqual({ ok: false, message: expect.stringContaining('not a date') })
    expect(readUntil('2026-13-01T10:00', 'UTC', NOW).ok).toBe(false)
  })
})
