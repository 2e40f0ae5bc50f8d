// cleanNumber's fast path must give exactly what its definition, Number(n.toPrecision(15)), gives: every number the
// language prints or compares goes through it.
import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { cleanNumber } from './values'

const definition = (n: number) => (Number.isInteger(n) || !Number.isFinite(n) ? n : Number(n.toPrecision(15)))

describe('cleanNumber', () => {
  it('removes binary noise and keeps clean decimals', () => {
    expect(cleanNumber(0.1 + 0.2)).toBe(0.3)
    expect(cleanNumber(100 * 1.18)).toBe(118)
    expect(cleanNumber(250 * 3 * 1.18)).toBe(885)
    expect(cleanNumber(295.5)).toBe(295.5)
    expect(cleanNumber(1 / 3)).toBe(0.333333333333333)
    expect(cleanNumber(-0.1 - 0.2)).toBe(-0.3)
    expect(cleanNumber(1e15 + 0.5)).toBe(1e15)
    expect(Object.is(cleanNumber(-0), -0)).toBe(true)
    expect(cleanNumber(Infinity)).toBe(Infinity)
    expect(cleanNumber(NaN)).toBeNaN()
  })

  it('agrees with Number(n.toPrecision(15)) on any double', () => {
    fc.assert(
      fc.property(fc.double(), (n) => Object.is(cleanNumber(n), definition(n))),
      { numRuns: 20_000 },
    )
  })

  it('agrees on decimals and on sums, products and quotients of them (where the fast path answers)', () => {
    const decimal = fc
      .tuple(fc.integer({ min: -(10 ** 15) + 1, max: 10 ** 15 - 1 }), fc.integer({ min: 0, max: 22 }))
      .map(([m, k]) => m / 10 ** k)
    const op = fc.constantFrom(
      (a: number, b: number) => a + b,
      (a: number, b: number) => a - b,
      (a: number, b: number) => a * b,
      (a: number, b: number) => a / b,
    )
    fc.assert(
      fc.property(decimal, decimal, op, (a, b, f) => {
        const n = f(a, b)
        return Object.is(cleanNumber(a), definition(a)) && Object.is(cleanNumber(n), definition(n))
      }),
      { numRuns: 20_000 },
    )
  })

  it('agrees on every money amount and its common products', () => {
    for (let cents = -100_000; cents <= 100_000; cents += 7) {
      const a = cents / 100
      for (const n of [a, a * 1.18, a * 3, a + 0.1, a / 3, a * 0.05])
        if (!Object.is(cleanNumber(n), definition(n))) throw new Error(`cleanNumber(${n}) differs`)
    }
  })
})
