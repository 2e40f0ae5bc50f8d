import type { FlowDocument } from '../flow/document'
import { flowLanguages } from '../flow/languages'
import { textUnits } from '../analysis/translations'
import { splitTemplate } from '../expr/split'
import { uniqueWords, wordsOf } from './language-words'

// The flow's own words as evidence of a message's language (docs/languages.md, "The contact's language"): a flow in
// several languages holds every customer text in each (the default texts in node configs, the others in
// `translations`), and a customer answering it usually reuses its words. A word counts for a language only when it
// occurs in that language's texts and in no other's: names, "ok", brand words and placeholders count for none.
// The trigger's keywords are one list shared by every language (not customer texts), so they are not read.

const cache = new WeakMap<FlowDocument, Map<string, Set<string>>>()

/** A text's words outside its `{{…}}` placeholders. */
const literalWords = (text: string) =>
  splitTemplate(text).chunks.flatMap((c) => (c.kind === 'text' ? wordsOf(c.text) : []))

/** Per language of the flow, the words of its customer texts no other language's texts hold; built once per document. */
export function flowLexicon(doc: FlowDocument): Map<string, Set<string>> {
  const cached = cache.get(doc)
  if (cached) return cached
  const langs = flowLanguages(doc)
  const perLanguage = new Map<string, string[]>(langs.list.map((l) => [l, []]))
  for (const unit of textUnits(doc)) {
    perLanguage.get(langs.default)?.push(...literalWords(unit.source))
    for (const [lang, t] of Object.entries(unit.translations))
      if (t) perLanguage.get(lang)?.push(...literalWords(t.text))
  }
  const lexicon = uniqueWords(perLanguage)
  cache.set(doc, lexicon)
  return lexicon
}
