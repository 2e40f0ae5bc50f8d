import { describe, expect, it } from 'vitest'
import { branchLabel, freeTestName, lastDays, percent } from './untested'

describe('untested traffic helpers', () => {
  it('reads a choice of days as UTC days up to today, both ends included', () => {
    const now = Date.UTC(2026, 2, 1, 0, 30) // just after midnight UTC
    expect(lastDays(1, now)).toEqual({ from: '2026-03-01', to: '2026-03-01' })
    expect(lastDays(7, now)).toEqual({ from: '2026-02-23', to: '2026-03-01' })
  })

  it('names a connection by its nodes and port label, falling back to ids for what today’s flow lacks', () => {
    const doc = {
      nodes: [
        { id: 'n_a', name: 'ask' },
        { id: 'n_b', name: 'bye' },
      ],
    } as never
    const ports = () => [{ id: 'false', label: 'No' }] as never
    expect(branchLabel(doc, { from: 'n_a', port: 'false', to: 'n_b' }, ports)).toBe('ask → No → bye')
    expect(branchLabel(doc, { from: 'n_x', port: 'out', to: 'n_b' }, ports)).toBe('n_x → out → bye')
  })

  it('finds a test name no saved test has', () => {
    expect(freeTestName('ask → No', [])).toBe('ask → No')
    expect(freeTestName('ask → No', ['ask → No', 'ask → No 2'])).toBe('ask → No 3')
  })

  it('says a share in whole percent, and "< 1 %" for a sliver', () => {
    expect(percent(0.3)).toBe('30 %')
    expect(percent(0.004)).toBe('< 1 %')
    expect(percent(0)).toBe('0 %')
  })
})
