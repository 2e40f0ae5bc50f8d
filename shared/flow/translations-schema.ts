import { z } from 'zod'
import { LANGUAGE_TAG_MAX, LANGUAGES_MAX } from './languages'

// The document's `translations` table: per language (never the default), per node id, per JSON pointer into the
// node's config, the translated text and the default text it translates. The limits refuse a hostile or broken file
// with a clear message before anything reads it; the channel's own limits per text are validation's business.

export const TRANSLATION_TEXT_MAX = 4096
/** A source is the default text as it was translated: the longest text a node holds is a 4096-character body. */
export const TRANSLATION_SOURCE_MAX = 4096
export const TRANSLATIONS_PER_LANGUAGE_MAX = 10_000

export const TranslationSchema = z.object({
  text: z
    .string()
    .max(TRANSLATION_TEXT_MAX, `A translation may hold at most ${TRANSLATION_TEXT_MAX} characters.`)
    .describe('The text in this language; takes the same {{ }} placeholders as its source.'),
  source: z
    .string()
    .max(TRANSLATION_SOURCE_MAX, `A translation's source may hold at most ${TRANSLATION_SOURCE_MAX} characters.`)
    .describe('The default-language text this translates, as it was then: a different text today marks it outdated.'),
})

const TAG = /^[A-Za-z0-9]+(-[A-Za-z0-9]+)*$/

// Keys are checked here, not by key schemas: a record's key schema reports only "Invalid key in record".
export const TranslationsSchema = z
  .record(z.string(), z.record(z.string(), z.record(z.string(), TranslationSchema)))
  .check((ctx) => {
    const issue = (message: string, path: string[]) => {
      ctx.issues.push({ code: 'custom', message, input: ctx.value, path })
    }
    const languages = Object.keys(ctx.value)
    if (languages.length > LANGUAGES_MAX)
      return issue(`Translations into ${languages.length} languages; a flow has at most ${LANGUAGES_MAX}.`, [])
    for (const lang of languages) {
      if (lang.length > LANGUAGE_TAG_MAX || !TAG.test(lang))
        return issue(
          `'${lang.slice(0, 40)}' is not a language: a key of translations is a BCP 47 tag such as es or pt-BR.`,
          [lang],
        )
      let n = 0
      for (const [nodeId, texts] of Object.entries(ctx.value[lang] ?? {})) {
        if (!nodeId || nodeId.length > 200)
          return issue('A node id of translations holds 1 to 200 characters.', [lang, nodeId])
        for (const pointer of Object.keys(texts)) {
          n++
          if (!pointer.startsWith('/') || pointer.length > 500)
            return issue(
              `'${pointer.slice(0, 40)}' is not a JSON pointer into the node's config ('/body', '/buttons/0/title').`,
              [lang, nodeId, pointer],
            )
        }
      }
      if (n > TRANSLATIONS_PER_LANGUAGE_MAX)
        return issue(
          `${n} translated texts in '${lang}'; a flow holds at most ${TRANSLATIONS_PER_LANGUAGE_MAX} per language.`,
          [lang],
        )
    }
  })
  .describe(
    "Texts in every language but the default: language tag → node id → JSON pointer into the node's config → { text, source }.",
  )

export type Translation = z.infer<typeof TranslationSchema>
export type Translations = z.infer<typeof TranslationsSchema>
