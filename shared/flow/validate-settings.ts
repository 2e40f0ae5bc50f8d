import type { Problem } from './problem'
import type { FlowDocument } from './document'
import type { FlowLanguagesSettings } from './languages'
import { canonicalCountry, canonicalLocale, isCountryCode, isTimeZone } from './settings'

// The flow settings must name a real locale, time zone and country: a misspelt time zone would otherwise make every
// "tomorrow" silently a UTC one (answers then read with the legacy settings, shared/nodes/question/answers/context.ts).

export function validateSettings(doc: FlowDocument): Problem[] {
  const s = doc.settings
  if (!s) return []
  const out: Problem[] = []
  const at = (field: string, code: string, message: string) =>
    out.push({ severity: 'error', code, message, pointer: `/settings/${field}` })
  if (!canonicalLocale(s.locale))
    at(
      'locale',
      'settings.locale',
      `'${s.locale}' is not a language and region this studio knows; write a tag such as en-GB, en-US, de-DE or pt-BR.`,
    )
  if (!isTimeZone(s.timeZone))
    at(
      'timeZone',
      'settings.time_zone',
      `'${s.timeZone}' is not a time zone; write one such as Europe/London, America/New_York or Asia/Kolkata.`,
    )
  if (s.defaultCountry !== null && !isCountryCode(s.defaultCountry)) {
    const meant = canonicalCountry(s.defaultCountry.toUpperCase())
    at(
      'defaultCountry',
      'settings.country',
      `'${s.defaultCountry}' is not a country code; ${meant && meant !== s.defaultCountry ? `did you mean ${meant}?` : 'write two capital letters such as GB, IN or US.'}`,
    )
  }
  if (s.languages) out.push(...languageProblems(s.languages))
  return out
}

const VARIABLE_PATH = /^[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z0-9_]+)*$/

/** The schema already refused a repeated language and a default not in the list; here: tags Intl knows, as it spells them. */
function languageProblems(languages: FlowLanguagesSettings): Problem[] {
  const out: Problem[] = []
  languages.list.forEach((tag, i) => {
    const canonical = canonicalLocale(tag)
    if (canonical === tag) return
    out.push({
      severity: 'error',
      code: 'settings.language',
      message: canonical
        ? `Language '${tag}' is written '${canonical}'.`
        : `'${tag}' is not a language this studio knows; write a BCP 47 tag such as en, es, pt-BR or hi.`,
      pointer: `/settings/languages/list/${i}`,
    })
  })
  const from = languages.from?.trim()
  if (from && !VARIABLE_PATH.test(from))
    out.push({
      severity: 'error',
      code: 'settings.language_from',
      message: `'${from}' is not a variable: write its path without braces, such as preferred_lang or contact.fields.language.`,
      pointer: '/settings/languages/from',
    })
  return out
}
