import { describe, expect, it } from 'vitest'
import { lastMessageText, lastMessageTitle } from './last-message'

const NOW = Date.UTC(2026, 0, 10, 12)

describe('the contacts list’s Last message cell', () => {
  it.each([
    [null, 'Never'],
    [NOW - 5_000, 'Just now'],
    [NOW + 5_000, 'Just now'], // a clock a little ahead is not "in the future"
    [NOW - 7 * 60_000, '7 min ago'],
    [NOW - 23 * 3_600_000 - 59 * 60_000, '23 h ago'],
    [NOW - 24 * 3_600_000, '1 day ago'],
    [NOW - 3 * 24 * 3_600_000 - 1, '3 days ago'],
  ])('%s → %s', (at, text) => expect(lastMessageText(at, NOW)).toBe(text))

  it('gives the exact time as a tooltip, none for a contact who never wrote', () => {
    expect(lastMessageTitle(null)).toBeUndefined()
    expect(lastMessageTitle(NOW)).toBe(new Date(NOW).toLocaleString())
  })
})
