import { francAll } from 'franc-min'
import { primaryLanguage } from '../flow/languages'
import { functionWordEvidence, voteByWords, withoutOthersCommonWords } from './language-words'

// Detecting the language of a customer's first message, among the flow's languages only (docs/languages.md, "The
// contact's language"). franc-min (trigram profiles of the 82 languages with 8 million speakers or more, no
// dictionary, no network) takes the candidates as ISO 639-3 codes in its `only` option; flows write BCP 47 tags,
// whose primary subtag is ISO 639-1 for these languages, or already 639-3 (ceb, ilo, mad). A short or mixed message
// decides nothing: the run then falls back to the flow's default, which a wrong guess would be worse than.
// Trigrams misjudge short messages ("Book a haircut please" scores Spanish against English), so words decide first:
// the flow's own words (language-lexicon.ts), then the most frequent words of each language (language-words.ts);
// franc-min only when neither does.

/** BCP 47 primary language → the ISO 639-3 code(s) of franc-min's profiles for it (macrolanguages: the individual one). */
const FRANC_CODES: Readonly<Record<string, readonly string[]>> = {
  am: ['amh'],
  ar: ['arb'],
  az: ['azj'],
  be: ['bel'],
  bg: ['bul'],
  bho: ['bho'],
  bn: ['ben'],
  bs: ['bos'],
  ceb: ['ceb'],
  ckb: ['ckb'],
  cs: ['ces'],
  de: ['deu'],
  el: ['ell'],
  en: ['eng'],
  es: ['spa'],
  fa: ['pes'],
  ff: ['fuv'],
  fil: ['tgl'],
  fr: ['fra'],
  gu: ['guj'],
  ha: ['hau'],
  hi: ['hin'],
  hmn: ['hms', 'hnj'],
  hr: ['hrv'],
  hu: ['hun'],
  id: ['ind'],
  ig: ['ibo'],
  ilo: ['ilo'],
  it: ['ita'],
  ja: ['jpn'],
  jv: ['jav'],
  kk: ['kaz'],
  kn: ['kan'],
  ko: ['kor'],
  kv: ['koi'],
  koi: ['koi'],
  ln: ['lin'],
  mad: ['mad'],
  mag: ['mag'],
  mai: ['mai'],
  mg: ['plt'],
  ml: ['mal'],
  mr: ['mar'],
  ms: ['zlm'],
  my: ['mya'],
  ne: ['npi'],
  nl: ['nld'],
  ny: ['nya'],
  pa: ['pan'],
  pl: ['pol'],
  ps: ['pbu'],
  pt: ['por'],
  qu: ['qug'],
  rn: ['run'],
  ro: ['ron'],
  ru: ['rus'],
  rw: ['kin'],
  si: ['sin'],
  skr: ['skr'],
  so: ['som'],
  sr: ['srp'],
  su: ['sun'],
  sv: ['swe'],
  sw: ['swh'],
  ta: ['tam'],
  te: ['tel'],
  th: ['tha'],
  tl: ['tgl'],
  tr: ['tur'],
  uk: ['ukr'],
  ur: ['urd'],
  uz: ['uzn'],
  vi: ['vie'],
  yo: ['yor'],
  za: ['zyb'],
  zh: ['cmn'],
  zu: ['zul'],
}

/** Fewer letters than this decide nothing: "ok", "hola", "si" are the same in too many languages. */
export const DETECT_MIN_LETTERS = 12
/**
 * The runner-up's score (franc normalises the winner's to 1) from which the message is too close to call: trigram
 * profiles of neighbours (Spanish and Portuguese, Dutch and German) score near each other on a short message.
 */
export const DETECT_TIE = 0.95
/**
 * Below this many letters (four or five words) a message has a few dozen trigrams, too few for franc's scores to
 * mean much: the runner-up must then trail clearly, by 15% rather than 5%. A margin, not a phrase: the two
 * thresholds sit where a message goes from one clause to two, and a call refused falls back to the default.
 */
export const DETECT_SHORT_LETTERS = 25
export const DETECT_SHORT_TIE = 0.85

/** What detection knows beyond the message: the flow's own words unique to each of its languages (flowLexicon). */
export interface DetectEvidence {
  lexicon?: ReadonlyMap<string, ReadonlySet<string>>
}

/** franc-min's codes for a flow language, [] when it has no profile for it. */
export const francCodesOf = (tag: string): readonly string[] => FRANC_CODES[primaryLanguage(tag)] ?? []

/** Whether detection can choose among these languages: franc-min must know every one of them. */
export function detectable(list: readonly string[]): boolean {
  return list.length > 1 && list.every((t) => francCodesOf(t).length > 0)
}

/**
 * The flow language `text` is written in, or null when it cannot tell: too few letters, a script none of the
 * languages is written in, too close a call, or a language franc-min does not know among the flow's (a message in
 * it would be called one of the others).
 */
export function detectLanguage(text: string, list: readonly string[], evidence: DetectEvidence = {}): string | null {
  if (!detectable(list)) return null
  const letters = text.match(/\p{L}/gu)?.length ?? 0
  if (letters < DETECT_MIN_LETTERS) return null
  // Words first: (1) the flow's own, (2) the commonest of each language; each only when one language has strictly
  // more of its unique words in the message than every other.
  if (evidence.lexicon) {
    const byFlow = voteByWords(text, withoutOthersCommonWords(evidence.lexicon, list))
    if (byFlow && list.includes(byFlow)) return byFlow
  }
  const common = functionWordEvidence(list)
  const byCommon = common && voteByWords(text, common)
  if (byCommon) return byCommon
  // Two variants of one language (es-MX, es-ES) share a profile: the first listed is the one detection names.
  const byCode = new Map<string, string>()
  for (const tag of list) for (const code of francCodesOf(tag)) if (!byCode.has(code)) byCode.set(code, tag)
  const scores = francAll(text, { only: [...byCode.keys()], minLength: 1 })
  const best = scores[0]
  if (!best || best[0] === 'und') return null
  const winner = byCode.get(best[0]) ?? null
  // A runner-up of the same flow language (two Hmong profiles) is no rival.
  const rival = scores.find(([code]) => byCode.get(code) !== winner)
  if (rival && rival[1] >= (letters < DETECT_SHORT_LETTERS ? DETECT_SHORT_TIE : DETECT_TIE)) return null
  return winner
}
