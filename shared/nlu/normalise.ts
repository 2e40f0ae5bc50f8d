// What the classifier reads of a message: lower case in the flow's locale, accents and apostrophes dropped
// ("Where's" → "wheres", "café" → "cafe"), split into words of letters and digits. The same function reads the
// examples and the customer's text, so both sides meet on the same forms.

const MARKS = /\p{M}+/gu
const APOSTROPHES = /['’‘`´]/g
const NOT_WORD = /[^\p{L}\p{N}]+/u

export function words(text: string, locale: string): string[] {
  let lower: string
  try {
    lower = text.toLocaleLowerCase(locale)
  } catch {
    lower = text.toLowerCase()
  }
  return lower
    .normalize('NFKD')
    .replace(MARKS, '')
    .replace(APOSTROPHES, '')
    .split(NOT_WORD)
    .filter((w) => w.length > 0)
}

/** One phrase as a key: two examples with the same key say the same thing. */
export function phraseKey(text: string, locale: string): string {
  return words(text, locale).join(' ')
}
