import nlp from 'compromise'

// Numbers written in English words ("twenty", "forty two", "one and a half", "two hundred thousand"), read by
// compromise, a maintained natural-language library: a hand-written word list would miss "a hundred and twelve" and
// "seventy two point five". Only an answer that is one number and nothing else counts: ordinals ("second") and
// vague amounts ("a few", which compromise reads as 3) are not numbers a question can save. Other languages have no
// maintained reader of this kind for JavaScript, so "zwanzig" is refused like any other word.

const VAGUE = /\b(?:few|several|couple|some|many|lots?|dozens?|bunch)\b/

export function readNumberWords(text: string): number | null {
  const t = text.trim().toLowerCase().replace(/[.!]+$/, '')
  if (!/[a-z]/.test(t) || VAGUE.test(t)) return null
  const numbers = nlp(t).numbers()
  if (numbers.length !== 1 || numbers.isOrdinal().found) return null
  // The number must be the whole answer: "I have 2 kids" is not an answer of 2.
  // compromise leaves the article out of "a hundred and twelve".
  if (numbers.text().toLowerCase().replace(/[.!]+$/, '') !== t.replace(/^an?\s+/, '')) return null
  const [value] = numbers.get() as unknown[]
  return typeof value === 'number' && Number.isFinite(value) ? value : null
}
