import { describe, expect, it } from 'vitest'
import { chooseLanguage } from './language'
import { detectLanguage, detectable, francCodesOf } from './language-detect'
import type { TriggerInput } from './types'

const said = (text: string): TriggerInput => ({ kind: 'keyword', keyword: 'hi', message: { type: 'text', text } })
const flow = (languages: object | undefined, locale = 'en-GB') => ({
  settings: { locale, timeZone: 'UTC', defaultCountry: null, ...(languages ? { languages } : {}) } as never,
})
const enEs = flow({ list: ['en', 'es'], default: 'en', from: 'preferred_lang', detect: true })
const SPANISH = 'Hola, quiero reservar una cita para mañana'
const nobody = {}

describe('choosing the language of a run', () => {
  it('a flow of one language speaks its locale whatever the contact or the message', () => {
    expect(chooseLanguage(flow(undefined, 'en-US'), { language: 'es' }, said(SPANISH), {})).toEqual({
      language: 'en-US',
      how: 'default',
    })
  })

  it('reads the variable the flow names first, matching by primary language', () => {
    const choice = chooseLanguage(enEs, { language: 'en' }, said('Hello there, I want a table'), {
      preferred_lang: 'es-MX',
    })
    expect(choice).toEqual({ language: 'es', how: 'variable' })
  })

  it('reads a contact field or webhook data the flow names', () => {
    const fromField = flow({ list: ['en', 'es'], default: 'en', from: 'contact.fields.lang', detect: false })
    expect(chooseLanguage(fromField, { fields: { lang: 'ES' } }, said('x'), {})).toEqual({
      language: 'es',
      how: 'variable',
    })
    const hook: TriggerInput = { kind: 'webhook', phone_number: '+1', data: { preferred_lang: 'es' } }
    expect(chooseLanguage(enEs, nobody, hook, {})).toEqual({ language: 'es', how: 'variable' })
  })

  it('passes over a variable that is unset or names no flow language, to the contact’s stored language', () => {
    expect(
      chooseLanguage(enEs, { language: 'es' }, said('Hello there, I want a table'), { preferred_lang: 'fr' }),
    ).toEqual({
      language: 'es',
      how: 'contact',
    })
    expect(chooseLanguage(enEs, { language: 'es_ES' }, said('Hello there, I want a table'), {})).toEqual({
      language: 'es',
      how: 'contact',
    })
  })

  it('detects the first message’s language among the flow’s languages when nothing else tells', () => {
    expect(chooseLanguage(enEs, nobody, said(SPANISH), {})).toEqual({ language: 'es', how: 'detected' })
    expect(chooseLanguage(enEs, { language: 'de' }, said('I would like to book an appointment'), {})).toEqual({
      language: 'en',
      how: 'detected',
    })
  })

  it('falls back to the default: detection off, a short message, a script of no flow language', () => {
    const off = flow({ list: ['en', 'es'], default: 'en', detect: false })
    expect(chooseLanguage(off, nobody, said(SPANISH), {})).toEqual({ language: 'en', how: 'default' })
    expect(chooseLanguage(enEs, nobody, said('hola'), {})).toEqual({ language: 'en', how: 'default' })
    expect(chooseLanguage(enEs, nobody, said('Привет, как дела у тебя сегодня'), {})).toEqual({
      language: 'en',
      how: 'default',
    })
    expect(chooseLanguage(enEs, nobody, { kind: 'manual' }, {})).toEqual({ language: 'en', how: 'default' })
  })

  it('a region in the flow’s list: the stored language matches it by primary language', () => {
    const regional = flow({ list: ['en-US', 'es-MX'], default: 'en-US', detect: true })
    expect(chooseLanguage(regional, { language: 'es' }, said('x'), {})).toEqual({ language: 'es-MX', how: 'contact' })
    expect(chooseLanguage(regional, nobody, said(SPANISH), {})).toEqual({ language: 'es-MX', how: 'detected' })
  })
})

describe('language detection', () => {
  it('maps flow tags to franc-min’s ISO 639-3 codes', () => {
    expect(francCodesOf('es-MX')).toEqual(['spa'])
    expect(francCodesOf('zh-Hant')).toEqual(['cmn'])
    expect(francCodesOf('ga')).toEqual([])
    expect(detectable(['en', 'es'])).toBe(true)
    expect(detectable(['en', 'ga'])).toBe(false)
  })

  it('chooses among the flow’s languages only, and decides nothing on short or undecidable messages', () => {
    expect(detectLanguage('Olá, gostaria de marcar uma consulta', ['es', 'pt'])).toBe('pt')
    expect(detectLanguage('Hola, me gustaría marcar una consulta', ['es', 'pt'])).toBe('es')
    expect(detectLanguage('Guten Tag, ich möchte einen Termin', ['nl', 'fr', 'de'])).toBe('de')
    expect(detectLanguage('नमस्ते, मुझे अपॉइंटमेंट चाहिए', ['en', 'hi'])).toBe('hi')
    expect(detectLanguage('ok thanks', ['en', 'es'])).toBeNull()
    expect(detectLanguage('12345 67890 12345 67890', ['en', 'es'])).toBeNull()
    // Irish is not among franc-min's languages: an Irish message would be called English, so nothing is decided.
    expect(detectLanguage('I would like to book an appointment', ['en', 'ga'])).toBeNull()
  })
})
