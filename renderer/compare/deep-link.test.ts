import { describe, expect, it } from 'vitest'
import { compareParam } from './deep-link'

describe('compareParam', () => {
  it('reads a revision with the draft, or two revisions, and nothing else', () => {
    expect(compareParam('#/flows/flw_1?compare=3')).toEqual({ from: 3, to: null })
    expect(compareParam('#/flows/flw_1?x=1&compare=3..12')).toEqual({ from: 3, to: 12 })
    expect(compareParam('#/flows/flw_1')).toBeNull()
    expect(compareParam('#/flows/flw_1?compare=abc')).toBeNull()
    expect(compareParam('#/flows/flw_1?compare=3..')).toBeNull()
  })
})
