// Export and import of a flow's (or several flows') texts as the command line and the studio do them: the language
// resolved against each flow's languages, the file written or read, and every refusal of a whole request with a
// stable code and a sentence (docs/languages.md, "Translations in and out").
import type { FlowDocument } from '../flow/document'
import { flowLanguages, languageLabel, matchLanguage } from '../flow/languages'
import { textUnits } from '../analysis/translations'
import { toCsvSet } from './csv'
import { applyTranslations } from './import'
import { readTranslationFile } from './read'
import type { ImportedTexts, ImportReport, TranslationFileError } from './types'
import { toXliffSet } from './xliff'

export type TranslationFormat = 'xliff' | 'csv'

export interface TranslationsError {
  code:
    | TranslationFileError['code']
    | 'translations.unknown_language'
    | 'translations.default_language'
    | 'translations.mixed_languages'
    | 'translations.no_language'
    | 'translations.wrong_language'
    | 'translations.no_texts'
  message: string
  line?: number
}

export type Exported =
  | { ok: true; text: string; fileName: string; language: string; flows: number; units: number }
  | { ok: false; error: TranslationsError }

/** The texts of `docs` for translation into `language` (a tag the flows list; 'es' finds a flow's 'es-MX'). */
export function exportTranslations(
  docs: readonly FlowDocument[],
  language: string,
  format: TranslationFormat,
): Exported {
  let source: string | null = null
  let target: string | null = null
  for (const doc of docs) {
    const langs = flowLanguages(doc)
    const found = translatedLanguage(doc, language, 'its texts are the source, there is nothing to translate into it')
    if (!found.ok) return found
    const mine = found.language
    if ((source !== null && source !== langs.default) || (target !== null && target !== mine))
      return fail(
        'translations.mixed_languages',
        `Flow '${doc.name}' translates ${languageLabel(langs.default)} into ${languageLabel(mine)}, the flows before it ${languageLabel(source!)} into ${languageLabel(target!)}: one file holds one pair; export them apart.`,
      )
    source = langs.default
    target = mine
  }
  if (source === null || target === null) return fail('translations.no_texts', 'No flow to export.')
  const flows = docs.map((doc) => ({ flowId: doc.id, flowName: doc.name, units: textUnits(doc) }))
  const opts = { source, target }
  const text = format === 'xliff' ? toXliffSet(flows, opts) : toCsvSet(flows, opts)
  const base = docs.length === 1 ? slug(docs[0]!.name) : 'flows'
  return {
    ok: true,
    text,
    fileName: `${base}.${target}.${format === 'xliff' ? 'xlf' : 'csv'}`,
    language: target,
    flows: docs.length,
    units: flows.reduce((n, f) => n + f.units.length, 0),
  }
}

export type Imported =
  | { ok: true; doc: FlowDocument; report: ImportReport; format: TranslationFormat }
  | { ok: false; error: TranslationsError }

/**
 * A translation file applied to `doc` (not saved: the caller keeps the document or not). `language` is the
 * translation's language when the caller names it; else the file's (XLIFF trgLang, the CSV `target:<lang>` column).
 */
export function importTranslations(doc: FlowDocument, fileName: string, text: string, language?: string): Imported {
  const read = readTranslationFile(fileName, text)
  if (!read.ok) return { ok: false, error: read.error }
  return applyImported(doc, fileName, read.texts, language)
}

/** importTranslations for a file already read (the command line reads it once for several flows). */
export function applyImported(doc: FlowDocument, fileName: string, texts: ImportedTexts, language?: string): Imported {
  const stated = texts.target
  const asked = language ?? stated
  if (!asked)
    return fail(
      'translations.no_language',
      `${fileName} does not say which language it is in (name the column 'target:es', or say the language).`,
    )
  const found = translatedLanguage(doc, asked, 'its texts are edited in the nodes, not imported')
  if (!found.ok) return found
  const target = found.language
  if (language && stated && matchLanguage(stated, [target]) !== target)
    return fail(
      'translations.wrong_language',
      `${fileName} holds ${languageLabel(stated)}, not ${languageLabel(target)}.`,
    )
  const applied = applyTranslations(doc, textUnits(doc), texts, target)
  return { ok: true, doc: applied.doc, report: applied.report, format: texts.format }
}

/** The flow's language `asked` names, refused when the flow lacks it or it is the default (`why`: nothing to do). */
function translatedLanguage(
  doc: FlowDocument,
  asked: string,
  why: string,
): { ok: true; language: string } | { ok: false; error: TranslationsError } {
  const langs = flowLanguages(doc)
  const language = matchLanguage(asked, langs.list)
  if (!language)
    return fail(
      'translations.unknown_language',
      `'${asked}' is not a language of flow '${doc.name}' (it has ${langs.list.map(languageLabel).join(', ')}); add it in the flow's settings first.`,
    )
  if (language === langs.default)
    return fail(
      'translations.default_language',
      `${languageLabel(language)} is the default language of flow '${doc.name}': ${why}.`,
    )
  return { ok: true, language }
}

const fail = (code: TranslationsError['code'], message: string): { ok: false; error: TranslationsError } => ({
  ok: false,
  error: { code, message },
})

const slug = (name: string) =>
  name
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-|-$/g, '')
    .toLowerCase() || 'flow'
