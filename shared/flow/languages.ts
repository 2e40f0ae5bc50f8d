import { z } from 'zod'

// The languages of a flow (docs/languages.md, "Languages of a flow"). A flow without `settings.languages` speaks
// one language, its locale, exactly as before languages existed: nothing in such a flow, its runs or its traces
// changes. A flow with languages keeps the default language's texts in the node configs and every other language's
// texts in the document's `translations` table (./translations.ts).

export const LANGUAGES_MAX = 20
/** The longest tag worth reading: a language, script, region and a variant or two (BCP 47 allows more, nobody uses it). */
export const LANGUAGE_TAG_MAX = 35

const tag = z.string().min(1).max(LANGUAGE_TAG_MAX)

export const FlowLanguagesSchema = z
  .object({
    list: z
      .array(tag)
      .min(1, 'A flow with languages lists at least one.')
      .max(LANGUAGES_MAX, `A flow has at most ${LANGUAGES_MAX} languages.`)
      .describe('The languages of the flow, as BCP 47 tags (en, es, en-US, es-MX), each once.'),
    default: tag.describe(
      "The default language, one of the list: the node configs hold its texts, and it is sent when a text has no translation in the contact's language.",
    ),
    from: z
      .string()
      .max(200)
      .nullable()
      .optional()
      .describe(
        "Where the contact's language is kept, read first when a run starts: a variable path without braces (preferred_lang, contact.fields.language). Absent or null: none.",
      ),
    detect: z
      .boolean()
      .default(true)
      .describe(
        "Detect the language of the customer's first message (among the flow's languages only) when nothing else tells it.",
      ),
  })
  .check((ctx) => {
    const { list, default: def } = ctx.value
    const seen = new Set<string>()
    for (const t of list) {
      if (seen.has(t))
        ctx.issues.push({ code: 'custom', message: `Language '${t}' is listed twice.`, input: list, path: ['list'] })
      seen.add(t)
    }
    if (!list.includes(def))
      ctx.issues.push({
        code: 'custom',
        message: `The default language '${def}' is not one of the flow's languages (${list.join(', ')}).`,
        input: def,
        path: ['default'],
      })
  })
  .describe("The flow's languages: the list, the default, where the contact's language is kept, and detection.")

export type FlowLanguagesSettings = z.infer<typeof FlowLanguagesSchema>

export interface FlowLanguages {
  /** Every language of the flow, the default among them. */
  list: string[]
  default: string
  /** More than one language: runs choose one, and `translations` holds the others' texts. */
  multi: boolean
  from: string | null
  detect: boolean
}

const single = new Map<string, FlowLanguages>()
const multiple = new WeakMap<object, FlowLanguages>()

/**
 * The languages of a document. A flow without `settings.languages` has one, its locale as written (en-GB stays
 * en-GB): its runs speak it, and `{{contact.language}}` reads it.
 */
export function flowLanguages(doc: {
  settings?: { locale?: string; languages?: FlowLanguagesSettings | undefined } | null
}): FlowLanguages {
  const given = doc.settings?.languages
  if (given && Array.isArray(given.list) && given.list.length > 0) {
    // Read on every node a run executes: once per settings object (documents are never changed in place).
    const known = multiple.get(given)
    if (known) return known
    const list = [...new Set(given.list)]
    const def = list.includes(given.default) ? given.default : (list[0] as string)
    const from = typeof given.from === 'string' ? given.from.trim() || null : null
    const langs = { list, default: def, multi: list.length > 1, from, detect: given.detect !== false }
    multiple.set(given, langs)
    return langs
  }
  const locale = doc.settings?.locale ?? 'en-GB'
  let known = single.get(locale)
  if (!known) {
    known = Object.freeze({ list: [locale], default: locale, multi: false, from: null, detect: false }) as FlowLanguages
    single.set(locale, known)
  }
  return known
}

/** The primary language subtag: 'es-MX' → 'es'. */
export function primaryLanguage(tag: string): string {
  return (tag.split('-')[0] ?? tag).toLowerCase()
}

/**
 * The flow language a tag someone gave means, or null: the same tag (any spelling: 'es-mx' is 'es-MX'), else the
 * one flow language of the same primary language ('es-MX' → 'es', 'es' → 'es-MX' when that is the flow's only
 * Spanish). Two Spanish variants and a plain 'es': the first listed wins, the list's order is the designer's.
 */
export function matchLanguage(given: unknown, list: readonly string[]): string | null {
  if (typeof given !== 'string') return null
  const raw = given.trim().replace(/_/g, '-')
  if (!raw || raw.length > LANGUAGE_TAG_MAX) return null
  const canonical = canonicalTag(raw)
  const lower = canonical.toLowerCase()
  const exact = list.find((t) => t.toLowerCase() === lower)
  if (exact) return exact
  const primary = primaryLanguage(canonical)
  return list.find((t) => primaryLanguage(t) === primary) ?? null
}

// Not settings.ts's canonicalLocale: settings.ts imports this file, and a tag need not name a locale Intl formats.
function canonicalTag(raw: string): string {
  try {
    return Intl.getCanonicalLocales(raw)[0] ?? raw
  } catch {
    return raw
  }
}

const displayNames = new Map<string, string>()

/** 'es' → 'Spanish', 'pt-BR' → 'Brazilian Portuguese' (English names: the studio's own language); the tag when unknown. */
export function languageName(tag: string): string {
  let name = displayNames.get(tag)
  if (name === undefined) {
    try {
      name = new Intl.DisplayNames('en', { type: 'language', fallback: 'none' }).of(tag) ?? tag
    } catch {
      name = tag
    }
    displayNames.set(tag, name)
  }
  return name
}

/** 'Spanish (es)': how messages name a language, readable and exact. */
export const languageLabel = (tag: string) => `${languageName(tag)} (${tag})`

/**
 * The locale typed answers are read in when a run speaks `language` (docs/languages.md): the language's own region
 * when it has one (es-MX), else the flow locale's region when the flow locale is the same language (en with en-GB:
 * en-GB, so a single-language flow reads exactly as before), else the language alone (es).
 */
export function parsingLocale(language: string, flowLocale: string): string {
  let region: string | undefined
  try {
    region = new Intl.Locale(language).region
  } catch {
    return flowLocale
  }
  if (region) return language
  if (primaryLanguage(flowLocale) === primaryLanguage(language)) {
    try {
      const flowRegion = new Intl.Locale(flowLocale).region
      return flowRegion ? `${language}-${flowRegion}` : language
    } catch {
      return language
    }
  }
  return language
}
