import { flowSettings, canonicalLocale, isTimeZone, LEGACY_SETTINGS, type FlowSettings } from '../../../flow/settings'
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
    locale: parsingLocale(flowLocale, language),
    timeZone: isTimeZone(s.timeZone) ? s.timeZone : LEGACY_SETTINGS.timeZone,
    country: s.defaultCountry ?? (customerPhone ? countryOfNumber(customerPhone) : null),
    now,
  }
}

/**
 * The locale answers are read in when the run speaks `language`: the language's own tag when it names a region
 * (es-MX), else the flow's locale when it is the same language (en in a flow of en-GB reads dates day first, as the
 * business writes them), else the language alone (es in a flow of en-US: Spanish words, the day before the month as
 * Spanish writes it, a decimal comma). No language, or one this engine does not know: the flow's locale.
 */
export function parsingLocale(flowLocale: string, language?: string | null): string {
  const tag = language ? canonicalLocale(language.replace(/_/g, '-')) : null
  if (!tag) return flowLocale
  const run = new Intl.Locale(tag)
  if (run.region) return tag
  return new Intl.Locale(flowLocale).language === run.language ? flowLocale : tag
}
