import { describe, expect, it } from 'vitest'
import { withPersonSince } from './takeover'

describe('withPersonSince', () => {
  const now = Date.UTC(2026, 11, 1, 15, 0)
  it('says the time today and the day before that', () => {
    expect(withPersonSince(Date.UTC(2026, 11, 1, 14, 2), now, 'UTC')).toMatch(/^With a person since 14:02/)
    expect(withPersonSince(Date.UTC(2026, 10, 30, 9, 30), now, 'UTC')).toMatch(/^With a person since Mon 30 Nov, 09:30/)
  })
})
