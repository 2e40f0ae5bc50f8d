import { describe, expect, it } from 'vitest'
import { formatDuration, parseDuration } from './duration'

describe('durations', () => {
  it.each([
    ['2h', 7_200_000],
    ['30m', 1_800_000],
    ['1d 4h', 100_800_000],
    ['2h30m', 9_000_000],
    ['90 minutes', 5_400_000],
    ['  1 day, 2 hours ', 93_600_000],
    ['45s', 45_000],
    ['0m', 0],
  ])('reads %j', (text, ms) => expect(parseDuration(text)).toBe(ms))

  it.each(['', '2', 'h', '2 weeks', '2h x', '-1h', '1.5h', 'soon'])('refuses %j', (text) =>
    expect(parseDuration(text)).toBeNull(),
  )

  it('writes back what it reads', () => {
    for (const t of ['1d 4h', '2h 30m', '45s', '23h']) expect(formatDuration(parseDuration(t)!)).toBe(t)
  })
})
