import { describe, expect, it } from 'vitest'
import { turnEnd } from './turns'

const m = (d: string) => d.split('').map((c) => ({ direction: c === 'i' ? 'in' : 'out' }))

describe('turnEnd', () => {
  it('ends a turn where the next customer message begins, the first one being the start when it is a keyword', () => {
    const keyword = m('ioioo')
    expect(turnEnd(keyword, 1)).toBe(2)
    expect(turnEnd(keyword, 2)).toBe(5)
  })

  it('counts a start that is no message (manual) as turn 1', () => {
    const manual = m('oioio')
    expect(turnEnd(manual, 1)).toBe(1)
    expect(turnEnd(manual, 2)).toBe(3)
    expect(turnEnd(manual, 3)).toBe(5)
  })
})
