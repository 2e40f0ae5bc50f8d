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
 * number (a customer who types a national number most often types one of their own country). Settings that do not
 * name a real locale or time zone read as the legacy ones; validation reports them (shared/flow/validate-settings.ts).
 */
export function answerContext(
  settings: Partial<FlowSettings> | undefined,
  now: number,
  customerPhone?: string,
): AnswerContext {
  const s = flowSettings({ settings })
  return {
    locale: canonicalLocale(s.locale) ?? LEGACY_SETTINGS.locale,
    timeZone: isTimeZone(s.timeZone) ? s.timeZone : LEGACY_SETTINGS.timeZone,
    country: s.defaultCountry ?? (customerPhone ? countryOfNumber(customerPhone) : null),
    now,
  }
}
