import { describe, expect, it } from 'vitest'
import { timeOrderedId } from './ids'

describe('timeOrderedId', () => {
  it('is the prefix and 20 hex digits that sort by time', () => {
    const a = timeOrderedId('run_', Date.UTC(2026, 0, 1))
    const b = timeOrderedId('run_', Date.UTC(2026, 0, 1) + 1)
    const c = timeOrderedId('run_', Date.UTC(2100, 0, 1))
    for (const id of [a, b, c]) expect(id).toMatch(/^run_[0-9a-f]{20}$/)
    expect([c, a, b].sort()).toEqual([a, b, c])
    expect(a.slice(4, 15)).toBe(Date.UTC(2026, 0, 1).toString(16).padStart(11, '0'))
  })

  it('keeps ids of one millisecond apart', () => {
    const at = Date.now()
    const ids = new Set(Array.from({ length: 1000 }, () => timeOrderedId('msg_', at)))
    expect(ids.size).toBe(1000)
  })
})
