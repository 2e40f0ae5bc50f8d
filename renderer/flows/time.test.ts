import { describe, expect, it } from 'vitest'
import { relativeTime } from './time'

const now = Date.UTC(2026, 10, 22, 12, 0, 0)
const ago = (ms: number) => relativeTime(now - ms, now)

describe('relativeTime', () => {
  it.each([
    [0, 'just now'],
    [30_000, 'just now'],
    [5 * 60_000, '5 min ago'],
    [3 * 3_600_000, '3 h ago'],
    [26 * 3_600_000, 'yesterday'],
    [3 * 86_400_000, '3 days ago'],
  ])('%i ms ago reads %s', (ms, text) => {
    expect(ago(ms)).toBe(text)
  })

  it('shows a date beyond a week and never a negative age', () => {
    expect(ago(30 * 86_400_000)).toMatch(/2026/)
    expect(relativeTime(now + 60_000, now)).toBe('just now')
  })
})
