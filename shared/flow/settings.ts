import { z } from 'zod'
import { memoize } from '../text/memo'
import { FlowLanguagesSchema } from './languages'

// How a flow reads what customers type: the language and region of its customers (day/month order, decimal comma
// or point, the words of relative dates), the time zone that "today" and "tomorrow" are counted in, and the country
// of phone numbers written without a country code. Question nodes read them (shared/nodes/question/answers).
//
// A document without `settings` (every file written before they existed) reads with LEGACY_SETTINGS: day first and
// a decimal point, as the hand-written checks that came before read dates and numbers, and UTC, the only clock
// they knew. That is the migration: nothing to rewrite in stored documents, and the reading does not change.

export const LEGACY_SETTINGS = { locale: 'en-GB', timeZone: 'UTC', defaultCountry: null } as const

export const FlowSettingsSchema = z
  .object({
    locale: z
      .string()
      .default(LEGACY_SETTINGS.locale)
      .describe(
        "Language and region of the flow's customers, as a BCP 47 tag (en-GB, en-US, de-DE, pt-BR): day/month order, decimal comma or point, and the words of relative dates.",
      ),
    timeZone: z
      .string()
      .default(LEGACY_SETTINGS.timeZone)
      .describe(
        'IANA time zone (Europe/London, America/New_York, Asia/Kolkata) in which "today", "tomorrow" and typed times are read.',
      ),
    defaultCountry: z
      .string()
      .nullable()
      .default(LEGACY_SETTINGS.defaultCountry)
      .describe(
        "ISO 3166 country code (GB, IN, US) of phone numbers typed without a country code; null: the country of the customer's own number.",
      ),
    languages: FlowLanguagesSchema.optional().describe(
      'Absent: the flow speaks one language, its locale. Present: its languages (docs/languages.md).',
    ),
  })
  .describe('How Question nodes read typed answers: locale, time zone and the default country of phone numbers.')

export type FlowSettings = z.infer<typeof FlowSettingsSchema>

// Every node of every step reads the settings: they are parsed once per settings object (a stored document is
// parsed once per revision, so its settings object lives as long as the runtime's copy of that revision).
const parsedSettings = new WeakMap<object, Readonly<FlowSettings>>()
const LEGACY: Readonly<FlowSettings> = Object.freeze({ ...LEGACY_SETTINGS })

/** The settings of a document, complete: stored documents and hand-written files may leave some or all out. */
export function flowSettings(doc: { settings?: Partial<FlowSettings> | null | undefined }): FlowSettings {
  const given: unknown = doc.settings
  if (given === undefined || given === null) return LEGACY
  // A hand-written file may hold anything here: only objects can be remembered (and only they can be valid).
  if (typeof given !== 'object') return LEGACY
  const known = parsedSettings.get(given)
  if (known) return known
  const parsed = FlowSettingsSchema.safeParse(given)
  const settings = parsed.success ? Object.freeze(parsed.data) : LEGACY
  parsedSettings.set(given, settings)
  // Its own answer is complete: reading it again (answerContext does) must not parse again.
  parsedSettings.set(settings, settings)
  return settings
}

/** A valid BCP 47 tag that this JavaScript engine knows, in its canonical spelling; null otherwise. */
export const canonicalLocale = memoize((tag: string): string | null => {
  try {
    const [canonical] = Intl.getCanonicalLocales(tag)
    return canonical && Intl.DateTimeFormat.supportedLocalesOf(canonical).length ? canonical : null
  } catch {
    return null
  }
})

/** An IANA time zone this engine knows (building an Intl.DateTimeFormat to find out costs about 0.1 ms). */
export const isTimeZone = memoize((name: string): boolean => {
  if (!name.trim()) return false
  try {
    new Intl.DateTimeFormat('en', { timeZone: name })
    return true
  } catch {
    return false
  }
})

// Region codes CLDR names that are not countries: unknown, and groupings.
const NOT_COUNTRIES = new Set(['ZZ', 'EU', 'EZ', 'UN', 'QO'])

/** Two capital letters naming a country Intl knows, in its current spelling ('GB', not the alias 'UK'). */
export function isCountryCode(code: string): boolean {
  return /^[A-Z]{2}$/.test(code) && !NOT_COUNTRIES.has(code) && canonicalCountry(code) === code
}

/** The current code of a region Intl knows ('UK' → 'GB', 'DD' → 'DE'), or null. */
export function canonicalCountry(code: string): string | null {
  try {
    const region = new Intl.Locale(`und-${code}`).region ?? null
    return region && new Intl.DisplayNames('en', { type: 'region', fallback: 'none' }).of(region) !== undefined
      ? region
      : null
  } catch {
    return null
  }
}

/** Settings for a new flow: the studio machine's locale and time zone, which are most often the business's own. */
export function machineSettings(): FlowSettings {
  const { locale, timeZone } = Intl.DateTimeFormat().resolvedOptions()
  return {
    locale: canonicalLocale(locale) ?? LEGACY_SETTINGS.locale,
    timeZone: isTimeZone(timeZone) ? timeZone : LEGACY_SETTINGS.timeZone,
    defaultCountry: null,
  }
}
