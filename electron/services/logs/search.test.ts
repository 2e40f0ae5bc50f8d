import { describe, expect, it } from 'vitest'
import { matchExpression } from './search'

describe('matchExpression', () => {
  it('quotes each word, keeps their order and makes the last a prefix', () => {
    expect(matchExpression('Thanks 123')).toBe('{msgs vars} : ("thanks" + "123"*)')
    expect(matchExpression('  ORD-45 ')).toBe('{msgs vars} : ("ord" + "45"*)')
    expect(matchExpression('café')).toBe('{msgs vars} : ("café"*)')
  })

  it('lets no FTS syntax through: quotes, operators and column filters are separators or plain words', () => {
    expect(matchExpression('a" OR msgs:*')).toBe('{msgs vars} : ("a" + "or" + "msgs"*)')
    expect(matchExpression('NEAR(x y)')).toBe('{msgs vars} : ("near" + "x" + "y"*)')
  })

  it('has nothing to search without a letter or digit', () => {
    expect(matchExpression('%_ -')).toBeNull()
    expect(matchExpression('')).toBeNull()
  })
})
