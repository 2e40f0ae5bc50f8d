// Answers read in the run's language (issue #35): a flow in English and Spanish reads a Spanish-speaking contact's
// "mañana", "el viernes", "3 de marzo" and "12,5" as Spanish, with the locale answerContext works out from the run's
// language and the flow's locale.
import { beforeAll, describe, expect, it } from 'vitest'
import { answerContext } from './context'
import { parseDate, parseDateTime, NO_DATE_RULES } from './date'
import { parseNumber } from './number'
import { prepareAnswers } from './parse'

beforeAll(() => prepareAnswers())

// Wednesday 4 March 2026, 10:00 UTC (11:00 in Madrid).
const NOW = Date.parse('2026-03-04T10:00:00Z')
const SETTINGS = { locale: 'en-US', timeZone: 'Europe/Madrid', defaultCountry: null }
const inLanguage = (language: string | null) => answerContext(SETTINGS, NOW, '+34600000000', language)
const ANY = { min: null, max: null }

describe('the locale answers are read in', () => {
  it.each([
    // [flow locale, run language, locale]
    ['en-US', null, 'en-US'],
    ['en-US', 'es', 'es'],
    ['en-US', 'es-MX', 'es-MX'],
    ['en-US', 'es_MX', 'es-MX'],
    ['en-GB', 'en', 'en-GB'],
    ['en-GB', 'en-US', 'en-US'],
    ['pt-BR', 'pt', 'pt-BR'],
    ['de-DE', 'fr', 'fr'],
    // Not a language this engine knows: the flow's own.
    ['en-GB', 'not a tag', 'en-GB'],
    ['en-GB', '', 'en-GB'],
  ])('a flow in %s, a run in %s: %s', (flow, language, locale) => {
    expect(answerContext({ ...SETTINGS, locale: flow }, NOW, undefined, language).locale).toBe(locale)
  })

  it('answerContext takes the run language; without one it reads as before', () => {
    expect(inLanguage('es').locale).toBe('es')
    expect(inLanguage(null).locale).toBe('en-US')
    expect(answerContext(SETTINGS, NOW, '+34600000000').locale).toBe('en-US')
  })
})

describe('dates in Spanish', () => {
  it.each([
    ['mañana', '2026-03-05'],
    ['Mañana por favor', '2026-03-05'],
    ['el viernes', '2026-03-06'],
    ['viernes', '2026-03-06'],
    ['este viernes', '2026-03-06'],
    ['el próximo viernes', '2026-03-13'],
    ['3 de marzo', '2026-03-03'],
    ['el 20 de marzo', '2026-03-20'],
    ['20 de abril de 2026', '2026-04-20'],
    // Spanish writes the day first.
    ['03/04/2026', '2026-04-03'],
    // English still reads: customers often answer in it whatever the flow speaks.
    ['tomorrow', '2026-03-05'],
  ])('"%s" is %s', (typed, saved) => {
    expect(parseDate(typed, inLanguage('es'), NO_DATE_RULES)).toEqual({ ok: true, value: saved })
  })

  it('the same words in an English run are no date, and 03/04 is March 4 (en-US)', () => {
    expect(parseDate('mañana', inLanguage(null)).ok).toBe(false)
    expect(parseDate('el viernes', inLanguage('en')).ok).toBe(false)
    expect(parseDate('03/04/2026', inLanguage('en'))).toEqual({ ok: true, value: '2026-03-04' })
  })

  it('a date and time: "mañana a las 10", "el viernes a las 5" (the afternoon, as in English)', () => {
    expect(parseDateTime('mañana a las 10', inLanguage('es'))).toEqual({ ok: true, value: '2026-03-05T10:00:00+01:00' })
    expect(parseDateTime('el viernes a las 5', inLanguage('es'))).toEqual({
      ok: true,
      value: '2026-03-06T17:00:00+01:00',
    })
  })

  it.each(['pasado mañana', 'el viernes que viene', 'no el viernes', 'mañana no', 'el viernes de la semana siguiente'])(
    'refuses "%s" rather than save the date chrono-node reads in part of it',
    (typed) => {
      expect(parseDate(typed, inLanguage('es'))).toMatchObject({ ok: false, code: 'not_a_date' })
    },
  )

  it('the future rule counts from the run clock in Spanish too', () => {
    const rules = { future: true, notBefore: '', notAfter: '' }
    expect(parseDate('3 de marzo', inLanguage('es'), rules)).toEqual({ ok: true, value: '2027-03-03' })
  })
})

describe('numbers in Spanish', () => {
  it.each([
    ['12,5', 12.5],
    ['1.250', 1250],
    ['1.250,50', 1250.5],
    ['1,250', 1.25],
    ['-3,5', -3.5],
    ['35 €', 35],
  ])('"%s" is %s', (typed, value) => {
    expect(parseNumber(typed, inLanguage('es'), ANY)).toEqual({ ok: true, value })
  })

  it('the same digits in an English run read the English way', () => {
    expect(parseNumber('1.250', inLanguage('en'), ANY)).toEqual({ ok: true, value: 1.25 })
    expect(parseNumber('1,250', inLanguage('en'), ANY)).toEqual({ ok: true, value: 1250 })
  })
})
