// Numbers written in English words ("twenty", "forty two", "one and a half", "two hundred thousand"), read by
// compromise, a maintained natural-language library: a hand-written word list would miss "a hundred and twelve" and
// "seventy two point five". Only an answer that is one number, followed by at most three words, counts: ordinals
// ("second") and vague amounts ("a few", which compromise reads as 3) are not numbers a question can save. Other
// languages have no maintained reader of this kind for JavaScript, so "zwanzig" is refused like any other word.
//
// compromise is large (about 350 kB) and builds its lexicon when it loads, which takes a few hundred milliseconds: it
// is loaded on first need (loadNumberWords), not by everything that imports the engine. Whoever reads number answers
// awaits it first (prepareAnswers in ./index.ts); reading words before that is a programming error and throws.

type Nlp = typeof import('compromise').default

const VAGUE = /\b(?:few|several|couple|some|many|lots?|dozens?|bunch)\b/
let nlp: Nlp | null = null
let loading: Promise<void> | null = null

export function loadNumberWords(): Promise<void> {
  loading ??= import('compromise').then((m) => {
    nlp = m.default
  })
  return loading
}

export function readNumberWords(text: string): number | null {
  const t = text
    .trim()
    .toLowerCase()
    .replace(/[.!]+$/, '')
  if (!/[a-z]/.test(t) || VAGUE.test(t)) return null
  if (!nlp) throw new Error('Number words are not loaded yet: await prepareAnswers() before reading number answers.')
  const numbers = nlp(t).numbers()
  if (numbers.length !== 1 || numbers.isOrdinal().found) return null
  // The number must lead the answer, followed by at most three words, as digits may be ("two pizzas", "twelve
  // please", "forty two years old"): "I have two kids" is not an answer of 2. compromise leaves the article out of
  // "a hundred and twelve", and keeps a comma after the number ("twelve, please").
  const said = numbers
    .text()
    .toLowerCase()
    .replace(/[.,!]+$/, '')
  const body = t.replace(/^an?\s+/, '')
  if (!body.startsWith(said) || /\p{L}/u.test(body.charAt(said.length))) return null
  if (!AFTER.test(body.slice(said.length))) return null
  const [value] = numbers.get() as unknown[]
  return typeof value === 'number' && Number.isFinite(value) ? value : null
}

/** What may follow the number: nothing, or up to three words (a comma first is fine). */
const AFTER = /^(?:[\s,]+\p{L}+(?:\s+\p{L}+){0,2})?[\s.!]*$/u
