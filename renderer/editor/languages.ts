import type { FlowDocument } from '../../shared/flow/document'
import {
  languageLabel as sharedLabel,
  languageName,
  LANGUAGES_MAX,
  type FlowLanguagesSettings,
} from '../../shared/flow/languages'
import type { Problem } from '../../shared/flow/problem'
import { canonicalLocale, flowSettings } from '../../shared/flow/settings'
import { splitTemplate } from '../../shared/expr/split'

// The studio's side of a flow's languages (docs/languages.md, "Designing in several languages"): readable names,
// checking a tag a designer types, editing the list in the settings, and which language the canvas shows. Pure, so
// the settings panel, the toolbar's switch and the tests share one reading.

/** The most languages a flow may list (the document's schema refuses more: shared/flow/languages.ts). */
export const MAX_LANGUAGES = LANGUAGES_MAX

/** The languages as the settings hold them (absent: a single-language flow). */
export type LanguagesSetting = FlowLanguagesSettings

export { languageName }

/** 'Spanish (es)': the name a person reads with the tag the files and tests use; the tag alone when Intl has no name. */
export const languageLabel = (tag: string): string => {
  const name = languageName(tag)
  return name === tag ? tag : `${name} (${tag})`
}

export type TagCheck = { ok: true; tag: string } | { ok: false; message: string }

/** A tag typed into "Add a language": canonical (ES-mx → es-MX), known to this engine, not listed yet. */
export function checkNewLanguage(input: string, list: readonly string[]): TagCheck {
  const typed = input.trim()
  if (!typed) return { ok: false, message: 'Type a language tag, for example es, fr or pt-BR.' }
  const tag = canonicalLocale(typed)
  if (!tag) {
    return {
      ok: false,
      message: `'${typed}' is not a language tag (BCP 47): use a code such as es, hi or pt-BR, not the language's name.`,
    }
  }
  if (list.includes(tag)) return { ok: false, message: `${languageLabel(tag)} is already one of the flow's languages.` }
  if (list.length >= MAX_LANGUAGES) return { ok: false, message: `A flow has at most ${MAX_LANGUAGES} languages.` }
  return { ok: true, tag }
}

/**
 * The language a single-language flow is written in, for the list it starts when a second language is added: the
 * language of its locale ('en-GB' → 'en'), since its texts are written in that language whatever the region.
 */
export function firstLanguage(locale: string): string {
  const tag = canonicalLocale(locale)
  if (!tag) return 'en'
  try {
    return new Intl.Locale(tag).language
  } catch {
    return tag
  }
}

/** The languages with one more: a single-language flow starts its list with the language it is written in. */
export function addLanguage(current: LanguagesSetting | null, locale: string, tag: string): LanguagesSetting {
  if (!current) {
    const first = firstLanguage(locale)
    return { list: first === tag ? [tag] : [first, tag], default: first, from: null, detect: true }
  }
  return current.list.includes(tag) ? current : { ...current, list: [...current.list, tag] }
}

/** The languages without `tag` (never the default: it holds the node configs' texts). */
export function removeLanguage(current: LanguagesSetting, tag: string): LanguagesSetting {
  if (tag === current.default) return current
  return { ...current, list: current.list.filter((t) => t !== tag) }
}

/** True when the flow speaks more than one language: the canvas then offers its language switch. */
export const isMultilingual = (languages: LanguagesSetting | null | undefined): languages is LanguagesSetting =>
  !!languages && languages.list.length > 1

/**
 * The language the canvas and panels show: the one chosen in the switch while the flow still lists it, else the
 * default (a language removed, undone or never chosen). Null means the default: the node configs themselves.
 */
export function shownLanguage(languages: LanguagesSetting | null | undefined, chosen: string | null): string | null {
  if (!chosen || !isMultilingual(languages)) return null
  if (chosen === languages.default || !languages.list.includes(chosen)) return null
  return chosen
}

/** The languages a document lists in its settings, or null for a single-language flow. */
export function languagesOf(doc: FlowDocument): LanguagesSetting | null {
  const given = doc.settings?.languages
  return given && Array.isArray(given.list) && given.list.length > 0 ? given : null
}

/** The document with these languages in its settings (the other settings kept as they are). */
export function withLanguages(doc: FlowDocument, languages: LanguagesSetting): FlowDocument {
  return { ...doc, settings: { ...flowSettings(doc), languages } }
}

/** Where the contact's language is kept, as typed: '{{preferred_lang}}' and 'preferred_lang' are the same; empty is
 *  none. */
export function variablePath(typed: string): string | null {
  const text = typed.trim()
  // The language's own template splitter (one grammar for {{…}}): one placeholder filling the whole box is its path.
  const { chunks } = splitTemplate(text)
  const only = chunks.length === 1 && chunks[0]?.kind === 'code' && chunks[0].end === text.length ? chunks[0] : null
  const bare = only ? only.source.trim() : text
  return bare ? bare : null
}

/**
 * The language a translation problem of validation is about (`translation.*`, its message starting with the
 * language's label, as shared/analysis/translations.ts writes it), or null for any other problem.
 */
export function problemLanguage(problem: Problem, languages: LanguagesSetting | null): string | null {
  if (!problem.code.startsWith('translation.') || !languages) return null
  return languages.list.find((tag) => problem.message.startsWith(sharedLabel(tag))) ?? null
}

/**
 * Whether a panel shown in `shown` (null: the default language) lists a problem under its field. In another language
 * it lists that language's translation problems but the missing one (the field's Missing mark says it) and the
 * problems every language shares, not other languages' translation problems.
 */
export function shownInPanel(problem: Problem, languages: LanguagesSetting | null, shown: string | null): boolean {
  if (shown === null) return true
  const about = problemLanguage(problem, languages)
  if (!problem.code.startsWith('translation.')) return true
  return about === shown && problem.code !== 'translation.missing'
}
