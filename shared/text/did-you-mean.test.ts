import { describe, expect, it } from 'vitest'
import { didYouMean } from './did-you-mean'

describe('didYouMean', () => {
  it.each([
    ['tset', ['test', 'run', 'serve'], 'test'],
    ['vaildate', ['validate', 'eval'], 'validate'],
    ['Sum', ['sum', 'avg'], 'sum'],
    ['customer_nmae', ['customer_name', 'customer_phone'], 'customer_name'],
    ['libary', ['library', 'data-dir'], 'library'],
    ['xyz', ['test', 'run'], undefined],
    ['ru', ['run', 'eval'], 'run'],
    ['expr', ['test', 'serve'], undefined],
  ])('%s among %j → %s', (typed, candidates, want) => {
    expect(didYouMean(typed, candidates)).toBe(want)
  })
})
