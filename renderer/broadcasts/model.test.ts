import { describe, expect, it } from 'vitest'
import { canCancel, canPause, canResume, credits, progressOf, readFieldLines, readTags, type Counts } from './model'

const counts = (c: Partial<Counts>): Counts => ({
  pending: 0,
  started: 0,
  sent: 0,
  failed: 0,
  blocked: 0,
  cancelled: 0,
  total: 0,
  ...c,
})

describe('progressOf', () => {
  it('counts sent, failed, blocked and cancelled as finished, not pending or started', () => {
    expect(progressOf(counts({ pending: 5, started: 3, sent: 1, failed: 1, total: 10 }))).toEqual({
      finished: 2,
      total: 10,
      percent: 20,
    })
  })

  it('says 100 % only when every recipient is finished', () => {
    expect(progressOf(counts({ sent: 999, pending: 1, total: 1000 })).percent).toBe(99)
    expect(progressOf(counts({ sent: 998, blocked: 1, cancelled: 1, total: 1000 })).percent).toBe(100)
    expect(progressOf(counts({ total: 0 })).percent).toBe(100)
  })
})

describe('what a broadcast offers', () => {
  it.each([
    ['scheduled', true, false, true],
    ['running', true, false, true],
    ['waiting_limit', true, false, true],
    ['paused', false, true, true],
    ['done', false, false, false],
    ['cancelled', false, false, false],
  ] as const)('%s: pause %s, resume %s, cancel %s', (status, pause, resume, cancel) => {
    expect([canPause(status), canResume(status), canCancel(status)]).toEqual([pause, resume, cancel])
  })
})

describe('typed audience', () => {
  it('reads tags once each, trimmed', () => {
    expect(readTags(' vip, lapsed,,vip\nnew ')).toEqual(['vip', 'lapsed', 'new'])
  })

  it('reads field lines and names the line that has no field name', () => {
    expect(readFieldLines('city = Pune\n\nplan=gold = x')).toEqual({
      ok: true,
      fields: { city: 'Pune', plan: 'gold = x' },
    })
    const bad = readFieldLines('city = Pune\nPune')
    expect(bad).toEqual({ ok: false, message: expect.stringContaining('Line 2 (“Pune”)') })
  })

  it('says credits as the manual trigger does', () => {
    expect([credits(1), credits(0), credits(2.5)]).toEqual(['1 credit', '0 credits', '2.50 credits'])
  })
})
