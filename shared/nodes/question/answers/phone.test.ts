import { describe, expect, it } from 'vitest'
import { answerContext } from './context'
import { parsePhone } from './phone'

const NOW = Date.parse('2026-03-04T10:00:00Z')
const ctx = (country: string | null) => ({ locale: 'en-GB', timeZone: 'UTC', country, now: NOW })

describe('phone numbers, saved in E.164', () => {
  it.each([
    // [default country, typed, saved]
    ['GB', '+44 7700 900123', '+447700900123'],
    ['GB', '07700 900123', '+447700900123'],
    ['GB', '07700900123', '+447700900123'],
    ['GB', '(07700) 900 123', '+447700900123'],
    ['GB', '0044 7700 900123', '+447700900123'],
    ['GB', '+44 (0) 7700 900123', '+447700900123'],
    ['GB', '020 7946 0018', '+442079460018'],
    ['GB', 'tel:+447700900123', '+447700900123'],
    ['GB', '+91 98000 00001', '+919800000001'],
    ['GB', '+1 202-555-0100', '+12025550100'],
    ['GB', '+33 6 12 34 56 78', '+33612345678'],
    ['IN', '98000 00001', '+919800000001'],
    ['IN', '9800000001', '+919800000001'],
    ['IN', '098000 00001', '+919800000001'],
    ['IN', '+91-98000-00001', '+919800000001'],
    ['IN', '+44 7700 900123', '+447700900123'],
    ['US', '(202) 555-0100', '+12025550100'],
    ['US', '202.555.0100', '+12025550100'],
    ['US', '202-555-0100', '+12025550100'],
    ['US', '1 202 555 0100', '+12025550100'],
    ['US', '+1 (202) 555-0100 ext. 12', '+12025550100'],
    ['DE', '030 123456', '+4930123456'],
    ['DE', '0151 23456789', '+4915123456789'],
    ['DE', '+49 151 23456789', '+4915123456789'],
    ['FR', '06 12 34 56 78', '+33612345678'],
    ['FR', '06.12.34.56.78', '+33612345678'],
    ['BR', '(11) 91234-5678', '+5511912345678'],
    ['AU', '0412 345 678', '+61412345678'],
    [null, '+44 7700 900123', '+447700900123'],
    [null, '+919800000001', '+919800000001'],
  ] as const)('%s: %j is %s', (country, typed, saved) => {
    expect(parsePhone(typed, ctx(country))).toEqual({ ok: true, value: saved })
  })

  it.each([
    ['GB', '', 'empty'],
    ['GB', 'call me', 'not_a_phone'],
    ['GB', '1-800-FLOWERS', 'not_a_phone'],
    ['GB', 'ana@company.com', 'not_a_phone'],
    ['GB', '12', 'phone_too_short'],
    ['GB', '07700 900', 'phone_too_short'],
    ['GB', '+44 7700 900123 456 789', 'phone_too_long'],
    ['GB', '+999 1234 5678', 'phone_country_code'],
    ['US', '98000 00001', 'phone_not_in_country'],
    ['AU', '98000 00001', 'phone_too_long'],
    ['US', '555-0100', 'phone_too_short'],
    ['US', '123 456 7890', 'phone_not_in_country'],
    ['IN', '12345', 'phone_too_short'],
    [null, '07700 900123', 'phone_needs_country'],
    [null, '98000 00001', 'phone_needs_country'],
  ] as const)('%s refuses %j (%s)', (country, typed, code) => {
    expect(parsePhone(typed, ctx(country))).toMatchObject({ ok: false, code })
  })

  it('names what was wrong and for which country', () => {
    expect(parsePhone('07700 900', ctx('GB'))).toMatchObject({
      reason: 'That number is too short for a United Kingdom phone number.',
    })
    expect(parsePhone('98000 00001', ctx('US'))).toMatchObject({
      reason:
        '"98000 00001" is not a United States phone number. If it is from another country, type it with its country code (+…).',
    })
    expect(parsePhone('+999 1234 5678', ctx('GB'))).toMatchObject({ reason: '+999 is not a country code.' })
  })

  it("reads national numbers in the flow's country, else the customer's own", () => {
    expect(answerContext({ defaultCountry: 'DE' }, NOW, '+919800000001').country).toBe('DE')
    expect(answerContext({ defaultCountry: null }, NOW, '+919800000001').country).toBe('IN')
    expect(answerContext(undefined, NOW, '+10000000000').country).toBeNull()
  })
})
