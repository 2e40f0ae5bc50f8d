import { describe, expect, it } from 'vitest'
import { flowLanguages, languageLabel, matchLanguage } from './languages'
import { FlowSettingsSchema } from './settings'
import { loadFlowWith, serialiseFlow } from './serialise'
import { validateSettings } from './validate-settings'
import type { FlowDocument } from './document'

const base = { format: 'chatflow.flow/1', id: 'shop', name: 'Shop', active: true, nodes: [], edges: [] }
const load = (value: object) => loadFlowWith(value, new Map())
const settings = { locale: 'en-US', timeZone: 'UTC', defaultCountry: null }

describe('the languages of a flow', () => {
  it('reads a flow without languages (every document written before them) as one language, its locale as written', () => {
    const r = load({ ...base, settings })
    expect(r.ok).toBe(true)
    const doc = (r as { document: FlowDocument }).document
    expect(flowLanguages(doc)).toEqual({ list: ['en-US'], default: 'en-US', multi: false, from: null, detect: false })
    expect(flowLanguages({})).toMatchObject({ list: ['en-GB'], default: 'en-GB', multi: false })
    // Read back unchanged: no languages and no translations written into an old document.
    expect(serialiseFlow(doc)).not.toMatch(/languages|translations/)
  })

  it('reads the list, the default, where the language is kept and detection (on unless turned off)', () => {
    const r = load({
      ...base,
      settings: { ...settings, languages: { list: ['en', 'es'], default: 'en', from: 'lang' } },
    })
    expect(r.ok).toBe(true)
    const doc = (r as { document: FlowDocument }).document
    expect(flowLanguages(doc)).toEqual({ list: ['en', 'es'], default: 'en', multi: true, from: 'lang', detect: true })
    expect(JSON.parse(serialiseFlow(doc)).settings.languages).toEqual({
      list: ['en', 'es'],
      default: 'en',
      from: 'lang',
      detect: true,
    })
  })

  it('refuses a repeated language, a default outside the list and more than 20 languages, saying which', () => {
    const bad = (languages: object) => {
      const r = load({ ...base, settings: { ...settings, languages } })
      return r.ok ? 'accepted' : r.error.message
    }
    expect(bad({ list: ['en', 'es', 'en'], default: 'en' })).toBe(
      "Not a valid flow document: /settings/languages/list: Language 'en' is listed twice.",
    )
    expect(bad({ list: ['en', 'es'], default: 'fr' })).toBe(
      "Not a valid flow document: /settings/languages/default: The default language 'fr' is not one of the flow's languages (en, es).",
    )
    const many = Array.from({ length: 21 }, (_, i) => `x${String.fromCharCode(97 + i)}`)
    expect(bad({ list: many, default: many[0] })).toBe(
      'Not a valid flow document: /settings/languages/list: A flow has at most 20 languages.',
    )
    expect(bad({ list: [], default: 'en' })).toMatch(/at least one/)
    expect(bad({ list: ['e'.repeat(5000)], default: 'en' })).toMatch(
      /^Not a valid flow document: \/settings\/languages\/list\/0:/,
    )
  })

  it('validation names a tag Intl does not know or does not spell so, and a "from" that is no variable', () => {
    const parsed = FlowSettingsSchema.parse({
      ...settings,
      languages: { list: ['en', 'ES-mx', 'qqq-zz-zz-zz'], default: 'en', from: '{{lang}}' },
    })
    const problems = validateSettings({ settings: parsed } as FlowDocument)
    expect(problems.map((p) => [p.code, p.pointer, p.message])).toEqual([
      ['settings.language', '/settings/languages/list/1', "Language 'ES-mx' is written 'es-MX'."],
      [
        'settings.language',
        '/settings/languages/list/2',
        "'qqq-zz-zz-zz' is not a language this studio knows; write a BCP 47 tag such as en, es, pt-BR or hi.",
      ],
      [
        'settings.language_from',
        '/settings/languages/from',
        "'{{lang}}' is not a variable: write its path without braces, such as preferred_lang or contact.fields.language.",
      ],
    ])
  })

  it('matches a given tag to a flow language: exact in any spelling, else the same primary language', () => {
    const list = ['en', 'es-MX', 'pt-BR', 'pt-PT']
    expect(matchLanguage('es-mx', list)).toBe('es-MX')
    expect(matchLanguage('es_MX', list)).toBe('es-MX')
    expect(matchLanguage('es', list)).toBe('es-MX')
    expect(matchLanguage('en-GB', list)).toBe('en')
    expect(matchLanguage('pt-PT', list)).toBe('pt-PT')
    expect(matchLanguage('pt', list)).toBe('pt-BR')
    expect(matchLanguage('fr', list)).toBeNull()
    expect(matchLanguage('', list)).toBeNull()
    expect(matchLanguage(42, list)).toBeNull()
    expect(matchLanguage('not a tag at all', list)).toBeNull()
  })

  it('names a language for people', () => {
    expect(languageLabel('es')).toBe('Spanish (es)')
    expect(languageLabel('zz-unknown-x')).toBe('zz-unknown-x (zz-unknown-x)')
  })
})
