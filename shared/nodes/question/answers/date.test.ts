import { describe, expect, it } from 'vitest'
import type { AnswerContext } from './context'
import { parseDate, parseDateTime, type DateRules } from './date'

// A fixed clock: Wednesday 4 March 2026, 10:00 UTC. In Auckland it is already 23:00 on the 4th, in Los Angeles
// 02:00 on the 4th; LATE is 23:30 UTC, when Berlin and Kolkata have moved on to Thursday the 5th.
const NOW = Date.parse('2026-03-04T10:00:00Z')
const LATE = Date.parse('2026-03-04T23:30:00Z')
const ctx = (locale: string, timeZone: string, now = NOW): AnswerContext => ({ locale, timeZone, country: null, now })
const ANY: DateRules = { future: false, notBefore: '', notAfter: '' }
const FUTURE: DateRules = { future: true, notBefore: '', notAfter: '' }

describe('dates typed as customers type them', () => {
  it.each([
    // [locale, time zone, typed, saved]
    ['en-GB', 'Europe/London', 'Thursday', '2026-03-05'],
    ['en-GB', 'Europe/London', 'thursday', '2026-03-05'],
    ['en-GB', 'Europe/London', 'tomorrow', '2026-03-05'],
    ['en-GB', 'Europe/London', 'Tomorrow please', '2026-03-05'],
    ['en-GB', 'Europe/London', 'today', '2026-03-04'],
    ['en-GB', 'Europe/London', '3 Dec', '2026-12-03'],
    ['en-GB', 'Europe/London', '3rd December', '2026-12-03'],
    ['en-GB', 'Europe/London', 'December 3', '2026-12-03'],
    ['en-GB', 'Europe/London', 'next Friday', '2026-03-13'],
    ['en-GB', 'Europe/London', 'this Friday', '2026-03-06'],
    ['en-GB', 'Europe/London', 'Friday', '2026-03-06'],
    ['en-GB', 'Europe/London', 'next Friday at 5', '2026-03-13'],
    ['en-GB', 'Europe/London', 'Monday', '2026-03-09'],
    ['en-GB', 'Europe/London', 'in two weeks', '2026-03-18'],
    ['en-GB', 'Europe/London', 'in 3 days', '2026-03-07'],
    ['en-GB', 'Europe/London', 'I can come on Thursday', '2026-03-05'],
    ['en-GB', 'Europe/London', '03/12/2026', '2026-12-03'],
    ['en-GB', 'Europe/London', '3/12/2026', '2026-12-03'],
    ['en-GB', 'Europe/London', '03-12-2026', '2026-12-03'],
    ['en-GB', 'Europe/London', '2026-12-03', '2026-12-03'],
    ['en-GB', 'Europe/London', '29/02/2028', '2028-02-29'],
    ['en-GB', 'Europe/London', '12 March 2027', '2027-03-12'],
    // A month name then a day is the day, in a day-first locale too (not "March 2020").
    ['en-GB', 'Europe/London', 'March 20', '2026-03-20'],
    ['en-GB', 'Europe/London', 'Dec 3', '2026-12-03'],
    // A day of the month without the month: the coming one, and with a weekday the coming one on that weekday.
    ['en-GB', 'Europe/London', 'the 20th', '2026-03-20'],
    ['en-GB', 'Europe/London', 'on the 3rd', '2026-04-03'],
    ['en-GB', 'Europe/London', '20th please', '2026-03-20'],
    ['en-GB', 'Europe/London', 'Friday 13th', '2026-03-13'],
    ['en-GB', 'Europe/London', 'Friday the 13th', '2026-03-13'],
    ['en-GB', 'Europe/London', 'Sat 7th', '2026-03-07'],
    ['en-GB', 'Europe/London', 'Sun 7th', '2026-06-07'],
    ['en-GB', 'Europe/London', 'the 31st', '2026-03-31'],
    ['en-US', 'America/New_York', 'Sat 7th', '2026-03-07'],
    ['de-DE', 'Europe/Berlin', 'the 20th', '2026-03-20'],
    ['en-US', 'America/New_York', '03/12/2026', '2026-03-12'],
    ['en-US', 'America/New_York', '12/3/2026', '2026-12-03'],
    ['en-US', 'America/New_York', 'Dec 3', '2026-12-03'],
    ['en-US', 'America/New_York', 'tomorrow', '2026-03-05'],
    ['en-US', 'America/Los_Angeles', 'today', '2026-03-04'],
    ['en-IN', 'Asia/Kolkata', '5/3/2026', '2026-03-05'],
    ['en-IN', 'Asia/Kolkata', 'the day after tomorrow', '2026-03-06'],
    ['de-DE', 'Europe/Berlin', 'morgen', '2026-03-05'],
    ['de-DE', 'Europe/Berlin', 'Donnerstag', '2026-03-05'],
    ['de-DE', 'Europe/Berlin', '3. Dezember', '2026-12-03'],
    ['de-DE', 'Europe/Berlin', '03.12.2026', '2026-12-03'],
    ['de-DE', 'Europe/Berlin', 'tomorrow', '2026-03-05'],
    ['fr-FR', 'Europe/Paris', 'demain', '2026-03-05'],
    ['fr-FR', 'Europe/Paris', 'jeudi', '2026-03-05'],
    ['fr-FR', 'Europe/Paris', '3 décembre', '2026-12-03'],
    ['es-ES', 'Europe/Madrid', 'mañana', '2026-03-05'],
    ['es-MX', 'America/Mexico_City', '3/12/2026', '2026-12-03'],
    ['pt-BR', 'America/Sao_Paulo', 'amanhã', '2026-03-05'],
    ['nl-NL', 'Europe/Amsterdam', 'morgen', '2026-03-05'],
    ['ja-JP', 'Asia/Tokyo', '明日', '2026-03-05'],
    ['ja-JP', 'Asia/Tokyo', '2026/12/03', '2026-12-03'],
  ] as const)('%s %s: %j is %s', (locale, tz, typed, saved) => {
    expect(parseDate(typed, ctx(locale, tz), FUTURE)).toEqual({ ok: true, value: saved })
  })

  it.each([
    // "Today" is the day in the flow's time zone, not the server's.
    ['Pacific/Auckland', 'today', NOW, '2026-03-04'],
    ['Pacific/Auckland', 'today', LATE, '2026-03-05'],
    ['Pacific/Auckland', 'tomorrow', LATE, '2026-03-06'],
    ['Asia/Kolkata', 'tomorrow', LATE, '2026-03-06'],
    ['Europe/Berlin', 'Thursday', LATE, '2026-03-05'],
    ['America/Los_Angeles', 'tomorrow', LATE, '2026-03-05'],
    ['UTC', 'tomorrow', LATE, '2026-03-05'],
  ] as const)('%s: %j at %s is %s', (tz, typed, now, saved) => {
    expect(parseDate(typed, ctx('en-GB', tz, now), FUTURE)).toEqual({ ok: true, value: saved })
  })

  it.each([
    ['', 'empty'],
    ['   ', 'empty'],
    ['soon', 'not_a_date'],
    ['whenever', 'not_a_date'],
    ['5', 'not_a_date'],
    ['2026', 'not_a_date'],
    ['the 40th', 'not_a_date'],
    ['Sat 7th and Sun 8th', 'several_dates'],
    ['5pm', 'not_a_date'],
    ['2026-02-30', 'not_a_date'],
    ['31/02/2026', 'not_a_date'],
    ['Thursday or Friday', 'several_dates'],
    // chrono-node alone would read "tomorrow" or "Thursday" out of these and save the wrong day.
    ['day after tomorrow', 'not_a_date'],
    ['Thursday after next', 'not_a_date'],
    ['not Thursday', 'not_a_date'],
    ['2 weeks from tomorrow', 'not_a_date'],
    ['yesterday', 'date_passed'],
    ['1 March 2026', 'date_passed'],
    ['03/03/2026', 'date_passed'],
  ] as const)('refuses %j (%s)', (typed, code) => {
    expect(parseDate(typed, ctx('en-GB', 'Europe/London'), FUTURE)).toMatchObject({ ok: false, code })
  })

  it('names the day that has passed, in words', () => {
    expect(parseDate('yesterday', ctx('en-GB', 'Europe/London'), FUTURE)).toMatchObject({
      reason: 'Tuesday, 3 March 2026 has already passed.',
    })
    expect(parseDate('soon', ctx('en-GB', 'UTC'))).toMatchObject({ reason: `I couldn't read "soon" as a date.` })
  })

  it('reads past dates when the question does not ask for future ones', () => {
    expect(parseDate('yesterday', ctx('en-GB', 'UTC'), ANY)).toEqual({ ok: true, value: '2026-03-03' })
    expect(parseDate('12 May 1990', ctx('en-GB', 'UTC'), ANY)).toEqual({ ok: true, value: '1990-05-12' })
  })

  it('keeps to the not-before and not-after days, relative or fixed', () => {
    const window: DateRules = { future: false, notBefore: 'tomorrow', notAfter: 'today+30' }
    expect(parseDate('today', ctx('en-GB', 'UTC'), window)).toMatchObject({
      ok: false,
      code: 'date_too_early',
      reason: 'The earliest date I can take is Thursday, 5 March 2026.',
    })
    expect(parseDate('tomorrow', ctx('en-GB', 'UTC'), window)).toEqual({ ok: true, value: '2026-03-05' })
    expect(parseDate('3 April', ctx('en-GB', 'UTC'), window)).toEqual({ ok: true, value: '2026-04-03' })
    expect(parseDate('4 April', ctx('en-GB', 'UTC'), window)).toMatchObject({ ok: false, code: 'date_too_late' })
    expect(
      parseDate('2026-12-31', ctx('en-GB', 'UTC'), { future: false, notBefore: '', notAfter: '2026-12-31' }),
    ).toEqual({ ok: true, value: '2026-12-31' })
    expect(
      parseDate('1 Jan 2027', ctx('en-GB', 'UTC'), { future: false, notBefore: '', notAfter: '2026-12-31' }),
    ).toMatchObject({ ok: false, code: 'date_too_late' })
  })
})

describe('dates with times', () => {
  it.each([
    ['en-GB', 'Europe/London', 'tomorrow at 3pm', '2026-03-05T15:00:00+00:00'],
    ['en-GB', 'Europe/London', 'Thursday 17:30', '2026-03-05T17:30:00+00:00'],
    ['en-GB', 'Europe/London', 'next Friday at 5', '2026-03-13T17:00:00+00:00'],
    ['en-GB', 'Europe/London', 'Friday at 9', '2026-03-06T09:00:00+00:00'],
    ['en-GB', 'Europe/London', 'tomorrow at 05:00', '2026-03-05T05:00:00+00:00'],
    ['en-GB', 'Europe/London', 'tomorrow noon', '2026-03-05T12:00:00+00:00'],
    ['en-GB', 'Europe/London', '3 Dec at 10am', '2026-12-03T10:00:00+00:00'],
    // Summer time: London is an hour ahead of UTC from 29 March.
    ['en-GB', 'Europe/London', '2 April at 10am', '2026-04-02T10:00:00+01:00'],
    ['en-US', 'America/New_York', 'tomorrow at 3pm', '2026-03-05T15:00:00-05:00'],
    // The US changes on 8 March, three weeks before Europe.
    ['en-US', 'America/New_York', 'next Friday at 5', '2026-03-13T17:00:00-04:00'],
    ['en-IN', 'Asia/Kolkata', 'tomorrow 11am', '2026-03-05T11:00:00+05:30'],
    ['de-DE', 'Europe/Berlin', 'morgen um 15 Uhr', '2026-03-05T15:00:00+01:00'],
    ['fr-FR', 'Europe/Paris', 'demain à 15h', '2026-03-05T15:00:00+01:00'],
  ] as const)('%s %s: %j is %s', (locale, tz, typed, saved) => {
    expect(parseDateTime(typed, ctx(locale, tz), FUTURE)).toEqual({ ok: true, value: saved })
  })

  it.each([
    ['tomorrow', 'no_time'],
    ['Thursday', 'no_time'],
    ['soon', 'not_a_date'],
    ['today at 9am', 'date_passed'],
    ['yesterday at 5pm', 'date_passed'],
  ] as const)('refuses %j (%s)', (typed, code) => {
    expect(parseDateTime(typed, ctx('en-GB', 'Europe/London'), FUTURE)).toMatchObject({ ok: false, code })
  })
})
