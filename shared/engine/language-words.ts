import { primaryLanguage } from '../flow/languages'

// Words as evidence of a message's language (docs/languages.md, "The contact's language"). A short message has too
// few trigrams for franc-min to be reliable ("Book a haircut please" scores Spanish against English), but its words
// often settle it: a customer answering a bot reuses the bot's words, and the most frequent words of a language
// (articles, pronouns, prepositions, greetings, "please") are rarely words of its neighbours.

/** A text's words: lowercased, letters (and their combining marks) only, accents kept; numbers and signs dropped. */
export function wordsOf(text: string): string[] {
  return (
    text
      .normalize('NFC')
      .toLowerCase()
      .match(/[\p{L}\p{M}]+/gu) ?? []
  )
}

/**
 * A few dozen of the most frequent words of each language, written by hand from general knowledge of the languages'
 * commonest words (articles, pronouns, prepositions, conjunctions, auxiliaries) plus the greetings and courtesy words
 * a customer opens a chat with. Deliberately short: only a word unique to one of the flow's languages counts, so the
 * lists need only the words a message is most likely to hold, not a dictionary.
 */
const FUNCTION_WORDS: Readonly<Record<string, string>> = {
  en: 'the a an and or of to in on at for with from my your i you we he she it is are was be have has do can could would will need want get this that what when where how please thanks thank hi hello yes not',
  es: 'el la los las a al un una unos y o de del en con por para me te se lo le mi tu yo usted es son está estoy quiero necesito puedo tengo que qué cuando cómo dónde por favor gracias hola buenos buenas sí no',
  pt: 'o a os as um uma e ou de do da dos das em no na com por para me se te meu minha eu você é são está estou quero preciso posso tenho que quando como onde obrigado obrigada olá oi bom boa sim não',
  fr: 'le la les un une des et ou de du en dans sur avec pour par me se mon ma mes je vous nous il elle est sont suis ai avez veux voudrais pouvez que quand comment où merci bonjour salut oui non',
  de: 'der die das ein eine und oder von zu im in auf mit für mein meine ich sie wir er es ist sind bin habe haben möchte will kann können brauche bitte danke hallo guten tag ja nein nicht',
  it: 'il lo la gli le a al un una e o di del della in con per su mi ti si mio mia io lei noi è sono ho ha vorrei voglio posso che quando come dove grazie ciao buongiorno sì non',
  nl: 'de het een en of van te in op met voor naar mijn ik je jij u wij we hij zij is zijn ben heb heeft wil wilt kan kunt graag alstublieft bedankt dank hallo goedemorgen ja nee niet',
}

/** The common words of a language (its primary subtag's list), empty when it has none. */
export function commonWords(tag: string): ReadonlySet<string> {
  const primary = primaryLanguage(tag)
  let set = commonCache.get(primary)
  if (!set) commonCache.set(primary, (set = new Set(wordsOf(FUNCTION_WORDS[primary] ?? ''))))
  return set
}
const commonCache = new Map<string, Set<string>>()

/**
 * The flow's words without the common words of its other languages: a word only the English texts hold ("me" in
 * "Remind me", where Spanish writes "Recuérdame") is still a common Spanish word, and evidence for neither.
 */
export function withoutOthersCommonWords(
  lexicon: ReadonlyMap<string, ReadonlySet<string>>,
  list: readonly string[],
): Map<string, Set<string>> {
  const out = new Map<string, Set<string>>()
  for (const [lang, words] of lexicon) {
    const others = list.filter((o) => primaryLanguage(o) !== primaryLanguage(lang)).map(commonWords)
    out.set(lang, new Set([...words].filter((w) => !others.some((c) => c.has(w)))))
  }
  return out
}

/**
 * For each of the flow's languages, the function words unique to it among the flow's languages, or null when one of
 * them has no list (a word unique among the known lists could then be a word of the unknown language). Two tags of
 * one language (es-MX, es-ES) share a list: the first listed is the one a match names.
 */
export function functionWordEvidence(list: readonly string[]): Map<string, Set<string>> | null {
  const perTag = new Map<string, string[]>()
  for (const tag of list) {
    const words = FUNCTION_WORDS[primaryLanguage(tag)]
    if (!words) return null
    if (![...perTag.keys()].some((t) => primaryLanguage(t) === primaryLanguage(tag))) perTag.set(tag, wordsOf(words))
  }
  return uniqueWords(perTag)
}

/** The words each language holds that no other does: a word shared by two languages is evidence for neither. */
export function uniqueWords(perLanguage: ReadonlyMap<string, readonly string[]>): Map<string, Set<string>> {
  const owners = new Map<string, Set<string>>()
  for (const [lang, words] of perLanguage)
    for (const w of words) {
      const set = owners.get(w) ?? new Set<string>()
      set.add(lang)
      owners.set(w, set)
    }
  const out = new Map<string, Set<string>>()
  for (const lang of perLanguage.keys()) out.set(lang, new Set())
  for (const [w, langs] of owners) if (langs.size === 1) out.get([...langs][0]!)!.add(w)
  return out
}

/**
 * The language whose unique words the message holds strictly more of (distinct words, at least one) than any
 * other's, or null when none does (no hits, or a tie).
 */
export function voteByWords(text: string, evidence: ReadonlyMap<string, ReadonlySet<string>>): string | null {
  const words = new Set(wordsOf(text))
  let best: string | null = null
  let bestHits = 0
  let tied = false
  for (const [lang, lexicon] of evidence) {
    let hits = 0
    for (const w of words) if (lexicon.has(w)) hits++
    if (hits > bestHits) [best, bestHits, tied] = [lang, hits, false]
    else if (hits === bestHits && hits > 0) tied = true
  }
  return bestHits > 0 && !tied ? best : null
}
