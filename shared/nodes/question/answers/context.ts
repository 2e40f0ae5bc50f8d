import { flowSettings, canonicalLocale, isTimeZone, LEGACY_SETTINGS, type FlowSettings } from '../../../flow/settings'
import { parsingLocale } from '../../../flow/languages'
import { countryOfNumber } from './phone'

// What reading an answer depends on besides the text: the flow's locale and time zone, the country of numbers
// typed without a country code, and the moment the answer arrived (the run's clock, fixed in conversation tests).

export interface AnswerContext {
  /** Canonical BCP 47 tag. */
  locale: string
  /** IANA time zone. */
  timeZone: string
  /** ISO 3166 alpha-2 country for phone numbers typed without +code, or null when none is known. */
  country: string | null
  /** Milliseconds since the epoch. */
  now: number
}

/**
 * The context of one answer in a run: the flow's settings, its country or else the country of the customer's own
 * number (a customer who types a national number most often types one of their own country), and the run's language
 * (a flow in several languages: the contact's, docs/languages.md). Settings that do not name a real locale or time
 * zone read as the legacy ones; validation reports them (shared/flow/validate-settings.ts).
 */
export function answerContext(
  settings: Partial<FlowSettings> | undefined,
  now: number,
  customerPhone?: string,
  language?: string | null,
): AnswerContext {
  const s = flowSettings({ settings })
  const flowLocale = canonicalLocale(s.locale) ?? LEGACY_SETTINGS.locale
  return {
    locale: localeFor(flowLocale, language),
    timeZone: isTimeZone(s.timeZone) ? s.timeZone : LEGACY_SETTINGS.timeZone,
    country: s.defaultCountry ?? (customerPhone ? countryOfNumber(customerPhone) : null),
    now,
  }
}

/**
 * The locale answers are read in when the run speaks `language` (the model's rule, parsingLocale): es-MX as is, en
 * in a flow of en-GB as en-GB, es in a flow of en-US as es. No language, or one this engine does not know: the
 * flow's locale, as before languages existed.
 */
function localeFor(flowLocale: string, language: string | null | undefined): string {
  const tag = language ? canonicalLocale(language.replace(/_/g, '-')) : null
  return tag ? (canonicalLocale(parsingLocale(tag, flowLocale)) ?? flowLocale) : flowLocale
}
