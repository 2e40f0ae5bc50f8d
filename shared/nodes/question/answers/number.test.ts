import { beforeAll, describe, expect, it, vi } from 'vitest'
import { parseNumber } from './number'
import { prepareAnswers } from './parse'

beforeAll(() => prepareAnswers())

const NOW = Date.parse('2026-03-04T10:00:00Z')
const ctx = (locale: string) => ({ locale, timeZone: 'UTC', country: null, now: NOW })
const ANY = { min: null, max: null }

describe("numbers written the locale's way", () => {
  it.each([
    ['en-GB', '42', 42],
    ['en-GB', ' 42 ', 42],
    ['en-GB', '-3.5', -3.5],
    ['en-GB', '−3.5', -3.5],
    ['en-GB', '+7', 7],
    ['en-GB', '.5', 0.5],
    ['en-GB', '1,250', 1250],
    ['en-GB', '1,250.50', 1250.5],
    ['en-GB', '1 250', 1250],
    ['en-GB', '1,234,567.89', 1234567.89],
    // One mark that cannot be grouping: a customer used to a decimal comma.
    ['en-GB', '1,5', 1.5],
    // Invalid as written in en-GB, valid with the marks the other way round.
    ['en-GB', '1.250,50', 1250.5],
    ['en-GB', '€35', 35],
    ['en-GB', '£ 12.99', 12.99],
    ['en-GB', '35 €', 35],
    ['en-GB', '25 years old', 25],
    ['en-GB', '2 people', 2],
    ['en-US', '1,250.50', 1250.5],
    ['en-US', '$1,000', 1000],
    ['en-IN', '1,00,000', 100000],
    ['en-IN', '12,34,56,789', 123456789],
    ['de-DE', '1.250,50', 1250.5],
    ['de-DE', '1.250', 1250],
    ['de-DE', '1,5', 1.5],
    ['de-DE', '1.5', 1.5],
    ['de-DE', '-1.234.567,89', -1234567.89],
    ['de-DE', '3,14159', 3.14159],
    ['fr-FR', '1 250,5', 1250.5],
    ['fr-FR', '1\u202f250,5', 1250.5],
    ['fr-FR', '12,75 €', 12.75],
    ['de-CH', "1'250.50", 1250.5],
    ['de-CH', '1’250.50', 1250.5],
    ['pt-BR', 'R$ 1.250,00', 1250],
    ['es-ES', '2.500', 2500],
    ['ar-EG', '١٢٣', 123],
    ['ar-EG', '٣٫٥', 3.5],
    ['hi-IN', '१२३', 123],
    ['en-GB', 'twenty', 20],
    ['en-GB', 'Twenty five', 25],
    ['en-GB', 'forty-two', 42],
    ['en-GB', 'a hundred and twelve', 112],
    ['en-GB', 'one and a half', 1.5],
    ['de-DE', 'twenty', 20],
    // Number words followed by words, as "2 pizzas please" is read.
    ['en-GB', 'two pizzas', 2],
    ['en-GB', 'twelve please', 12],
    ['en-GB', 'Twelve, please', 12],
    ['en-GB', 'forty two years old', 42],
    ['en-GB', 'a hundred and twelve people', 112],
    ['en-GB', 'one and a half pizzas', 1.5],
  ] as const)('%s: %j is %d', (locale, typed, value) => {
    expect(parseNumber(typed, ctx(locale), ANY)).toEqual({ ok: true, value })
  })

  it.each([
    ['en-GB', ''],
    ['en-GB', '12abc'],
    ['en-GB', 'abc'],
    ['en-GB', '1.2.3'],
    ['en-GB', '1,2,3'],
    ['en-GB', '12 50'],
    ['en-GB', '1e5'],
    ['en-GB', '0x10'],
    ['en-GB', '12345678901234567'],
    ['en-GB', 'second'],
    ['en-GB', 'a few'],
    ['en-GB', 'I have 2 kids and 3 dogs'],
    ['en-GB', 'zwanzig'],
    ['en-GB', 'I have two kids'],
    ['en-GB', 'two big pizzas please thanks'],
    ['en-GB', 'twofold'],
    ['en-GB', 'two three'],
    ['de-DE', '1.2.3'],
    ['de-DE', '1.25.0'],
  ] as const)('%s refuses %j', (locale, typed) => {
    expect(parseNumber(typed, ctx(locale), ANY)).toMatchObject({ ok: false, code: typed ? 'not_a_number' : 'empty' })
  })

  it("keeps to min and max, naming the bound the locale's way", () => {
    expect(parseNumber('17', ctx('en-GB'), { min: 18, max: 120 })).toEqual({
      ok: false,
      code: 'below_min',
      reason: 'The smallest number accepted is 18.',
    })
    expect(parseNumber('121', ctx('en-GB'), { min: 18, max: 120 })).toEqual({
      ok: false,
      code: 'above_max',
      reason: 'The largest number accepted is 120.',
    })
    expect(parseNumber('2.000,5', ctx('de-DE'), { min: null, max: 1500.5 })).toMatchObject({
      reason: 'The largest number accepted is 1.500,5.',
    })
    expect(parseNumber('eighteen', ctx('en-GB'), { min: 18, max: 120 })).toEqual({ ok: true, value: 18 })
  })
})

describe('number words before they are loaded', () => {
  it('are a programming error, not a silent refusal', async () => {
    vi.resetModules()
    const fresh = await import('./number-words')
    expect(() => fresh.readNumberWords('twenty')).toThrow(/await prepareAnswers\(\)/)
    await fresh.loadNumberWords()
    expect(fresh.readNumberWords('twenty')).toBe(20)
  })
})
