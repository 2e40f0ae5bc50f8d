import { ar, Chrono, de, en, es, fi, fr, id, it, ja, nl, pt, ru, sv, uk, vi, zh } from 'chrono-node'
import { withEnglishDays } from './chrono-ordinal-day'

// One chrono-node parser per locale: the locale's language (every language chrono-node reads), with the day/month
// order that Intl says the locale writes dates in ("03/04/2026" is 3 April in en-GB and March 4 in en-US).
// A language chrono-node does not read falls back to English with the locale's order.

type Make = (dayFirst: boolean) => Chrono

const LANGUAGES: Record<string, Make> = {
  en: (d) => withEnglishDays(new Chrono(en.configuration.createCasualConfiguration(d))),
  ar: (d) => new Chrono(ar.createCasualConfiguration(d)),
  de: (d) => new Chrono(de.createCasualConfiguration(d)),
  es: (d) => new Chrono(es.createCasualConfiguration(d)),
  fi: (d) => new Chrono(fi.createCasualConfiguration(d)),
  fr: (d) => new Chrono(fr.createCasualConfiguration(d)),
  id: (d) => new Chrono(id.createCasualConfiguration(d)),
  nl: (d) => new Chrono(nl.createCasualConfiguration(d)),
  pt: (d) => new Chrono(pt.createCasualConfiguration(d)),
  sv: (d) => new Chrono(sv.createCasualConfiguration(d)),
  vi: (d) => new Chrono(vi.createCasualConfiguration(d)),
  it: () => it.casual,
  ja: () => ja.casual,
  ru: () => ru.casual,
  uk: () => uk.casual,
  zh: () => zh.casual,
}

export const CHRONO_LANGUAGES = Object.keys(LANGUAGES)

const cache = new Map<string, Chrono[]>()

/** The locale's parser first, then English (customers often answer in English whatever the flow's language). */
export function parsersFor(locale: string): Chrono[] {
  let parsers = cache.get(locale)
  if (!parsers) {
    const language = new Intl.Locale(locale).language
    const dayFirst = dayBeforeMonth(locale)
    const own = LANGUAGES[language]
    parsers = own && language !== 'en' ? [own(dayFirst), LANGUAGES.en!(dayFirst)] : [LANGUAGES.en!(dayFirst)]
    cache.set(locale, parsers)
  }
  return parsers
}

/** Whether the locale writes the day before the month in a numeric date (Intl's own format, not a table). */
export function dayBeforeMonth(locale: string): boolean {
  const parts = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'numeric', year: 'numeric' }).formatToParts(
    new Date(Date.UTC(2026, 11, 31)),
  )
  const order = parts.map((p) => p.type)
  return order.indexOf('day') < order.indexOf('month')
}
