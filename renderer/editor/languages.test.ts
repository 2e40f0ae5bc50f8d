import { describe, expect, it } from 'vitest'
import {
  addLanguage,
  checkNewLanguage,
  isMultilingual,
  languageLabel,
  languageName,
  languagesOf,
  problemLanguage,
  removeLanguage,
  shownInPanel,
  shownLanguage,
  variablePath,
  withLanguages,
  type LanguagesSetting,
} from './languages'
import { flow, node } from './testing/docs'
import { setTranslation } from '../../shared/flow/translations'
import { validateFlow } from '../../shared/analysis/validate'

const two: LanguagesSetting = { list: ['en', 'es'], default: 'en', from: null, detect: true }

describe('language names and tags', () => {
  it('names a tag in words and keeps the tag beside it', () => {
    expect(languageName('es')).toBe('Spanish')
    expect(languageLabel('pt-BR')).toBe('Brazilian Portuguese (pt-BR)')
    // A well-formed tag Intl has no name for reads as itself, never as an empty string.
    expect(languageLabel('qaa')).toBe('qaa')
  })

  it('accepts a new tag in its canonical spelling and refuses names, repeats and a 21st language', () => {
    expect(checkNewLanguage(' ES-mx ', ['en'])).toEqual({ ok: true, tag: 'es-MX' })
    expect(checkNewLanguage('Spanish', ['en'])).toMatchObject({
      ok: false,
      message: expect.stringContaining("'Spanish' is not a language tag"),
    })
    expect(checkNewLanguage('', ['en'])).toMatchObject({ ok: false })
    expect(checkNewLanguage('es', ['en', 'es'])).toEqual({
      ok: false,
      message: "Spanish (es) is already one of the flow's languages.",
    })
    const twenty = Array.from({ length: 20 }, (_, i) => `x${i}`)
    expect(checkNewLanguage('fr', twenty)).toMatchObject({ ok: false, message: 'A flow has at most 20 languages.' })
  })
})

describe('editing the list', () => {
  it('starts a single-language flow with the language of its locale, default, and detection on', () => {
    expect(addLanguage(null, 'en-GB', 'es')).toEqual({ list: ['en', 'es'], default: 'en', from: null, detect: true })
    expect(addLanguage(two, 'en-GB', 'fr').list).toEqual(['en', 'es', 'fr'])
  })

  it('never removes the default language', () => {
    expect(removeLanguage(two, 'en')).toBe(two)
    expect(removeLanguage(two, 'es').list).toEqual(['en'])
  })

  it('reads and writes the languages in the settings, keeping the other settings', () => {
    const doc = withLanguages(
      { ...flow([]), settings: { locale: 'de-DE', timeZone: 'UTC', defaultCountry: null } },
      two,
    )
    expect(languagesOf(doc)).toEqual(two)
    expect(doc.settings).toMatchObject({ locale: 'de-DE' })
    expect(languagesOf(flow([]))).toBeNull()
  })

  it('takes the variable with or without braces, empty as none', () => {
    expect(variablePath('{{ contact.fields.language }}')).toBe('contact.fields.language')
    expect(variablePath(' preferred_lang ')).toBe('preferred_lang')
    expect(variablePath('  ')).toBeNull()
  })
})

describe('the language switch', () => {
  it('shows only for more than one language', () => {
    expect(isMultilingual(null)).toBe(false)
    expect(isMultilingual({ ...two, list: ['en'] })).toBe(false)
    expect(isMultilingual(two)).toBe(true)
  })

  it('shows the chosen language while the flow lists it, else the default (null)', () => {
    expect(shownLanguage(two, 'es')).toBe('es')
    expect(shownLanguage(two, 'en')).toBeNull()
    expect(shownLanguage(two, null)).toBeNull()
    // Spanish removed (or the removal's undo undone): the canvas falls back to the default without being told.
    expect(shownLanguage({ ...two, list: ['en', 'fr'] }, 'es')).toBeNull()
    expect(shownLanguage({ ...two, list: ['en'] }, 'es')).toBeNull()
  })
})

describe('translation problems in the panels', () => {
  const three: LanguagesSetting = { list: ['en', 'es', 'fr'], default: 'en', from: null, detect: true }
  const doc = () =>
    setTranslation(
      withLanguages(flow([node('m', 'message', 'welcome', { text: 'Hello {{customer_name}}' })]), three),
      'es',
      'm',
      '/text',
      'Hola',
      'Hello {{customer_name}}',
    )

  it("finds the language validation's problems are about, and lists each in that language's panel", () => {
    const problems = validateFlow(doc()).filter((p) => p.nodeId === 'm')
    const byCode = (code: string, lang: string) =>
      problems.find((p) => p.code === code && problemLanguage(p, three) === lang)!
    const dropped = byCode('translation.placeholders', 'es')
    const frenchMissing = byCode('translation.missing', 'fr')
    expect(dropped.message).toMatch(/^Spanish \(es\) Message text: the translation drops \{\{customer_name\}\}/)
    expect(frenchMissing).toBeDefined()
    // Spanish panel: its broken placeholder, not French's missing text; French panel: its missing text is the
    // field's Missing mark, not a message; the default panel lists them all.
    expect(shownInPanel(dropped, three, 'es')).toBe(true)
    expect(shownInPanel(frenchMissing, three, 'es')).toBe(false)
    expect(shownInPanel(frenchMissing, three, 'fr')).toBe(false)
    expect(shownInPanel(dropped, three, 'fr')).toBe(false)
    expect(problems.every((p) => shownInPanel(p, three, null))).toBe(true)
    expect(problemLanguage({ ...dropped, code: 'node.other' }, three)).toBeNull()
  })
})
