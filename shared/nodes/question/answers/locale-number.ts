// Reads a number written the way a locale writes it. The decimal mark, the grouping mark and the digits come from
// Intl.NumberFormat (the JavaScript engine's CLDR data), never from a table of ours. The reading is strict where it
// matters, so a value is never saved wrong without a word: groups must have three digits (or the Indian 2-2-3), and a
// mark is a decimal mark only once and only after every grouping mark. Two readings are added for customers used to
// the other convention: "1,5" in en-GB and "1.5" in de-DE cannot be grouping (one mark, not three digits after it)
// and read as 1.5; "1.250,50" in en-GB is invalid as written and valid with the marks swapped, so it reads 1250.5.

interface Marks {
  decimal: string
  group: string
  minus: string
}

const marksCache = new Map<string, Marks>()

function marksOf(locale: string): Marks {
  let m = marksCache.get(locale)
  if (!m) {
    const parts = new Intl.NumberFormat(locale, { useGrouping: true }).formatToParts(-1234567.5)
    m = {
      decimal: parts.find((p) => p.type === 'decimal')?.value ?? '.',
      group: parts.find((p) => p.type === 'group')?.value ?? ',',
      minus: parts.find((p) => p.type === 'minusSign')?.value ?? '-',
    }
    marksCache.set(locale, m)
  }
  return m
}

// Digits of the numbering systems customers type besides 0–9, spelt by Intl itself.
const NUMBERING_SYSTEMS = [
  'arab',
  'arabext',
  'beng',
  'deva',
  'fullwide',
  'gujr',
  'guru',
  'knda',
  'mlym',
  'mymr',
  'orya',
  'tamldec',
  'telu',
  'thai',
]
let digitMap: Map<string, string> | null = null

function asciiDigits(text: string): string {
  if (!digitMap) {
    digitMap = new Map()
    for (const nu of NUMBERING_SYSTEMS) {
      try {
        const f = new Intl.NumberFormat(`en-u-nu-${nu}`, { useGrouping: false })
        for (let d = 0; d <= 9; d++) digitMap.set(f.format(d), String(d))
      } catch {
        // An engine without this numbering system simply does not read its digits.
      }
    }
  }
  const map = digitMap
  return text.replace(/\p{Nd}/gu, (c) => map.get(c) ?? c)
}

const SPACES = /[\s\u00a0\u202f\u2009]/g
const APOSTROPHES = /['\u2019]/g
const MINUS = /^[-\u2212]/

/** The number `text` writes in `locale`, or null when it is not a number written there (or is ambiguous as written). */
export function readLocaleNumber(text: string, locale: string): number | null {
  const marks = marksOf(locale)
  let s = asciiDigits(text.trim())
  let negative = false
  if (s.startsWith(marks.minus) || MINUS.test(s)) {
    negative = true
    s = s.slice(s.startsWith(marks.minus) ? marks.minus.length : 1).trimStart()
  } else if (s.startsWith('+')) s = s.slice(1).trimStart()
  const typed = s
  // Every replacement below is one character for one, so positions in `typed` and `marked` line up (see swap).
  // The Arabic marks (٫ ٬) are decimal and grouping wherever they are typed.
  let marked = s
    .replaceAll(marks.decimal, 'D')
    .replaceAll(marks.group, 'G')
    .replace(/\u066b/g, 'D')
    .replace(/\u066c/g, 'G')
  marked = marked.replace(SPACES, 'G').replace(APOSTROPHES, 'G')
  if (!/^[\dDG.,]+$/.test(marked) || !/\d/.test(marked)) return null
  // A '.' or ',' that is not one of the locale's marks (a '.' in fr-FR) reads as the other one of the pair.
  const asWritten = marked
    .replace(/\./g, marks.decimal === ',' ? 'G' : 'D')
    .replace(/,/g, marks.decimal === ',' ? 'D' : 'G')
  const value = strict(asWritten) ?? oneMarkAsDecimal(asWritten, typed) ?? strict(swap(asWritten, typed))
  return value === null ? null : negative ? -value : value
}

/** D is the decimal mark, G a grouping mark: at most one D, every G before it, groups of three (or 2-2-3). */
function strict(s: string): number | null {
  const [int = '', frac, extra] = s.split('D')
  if (extra !== undefined || (frac !== undefined && !/^\d*$/.test(frac))) return null
  if (!int && !frac) return null
  const groups = int.split('G')
  if (groups.length > 1 && !validGroups(groups)) return null
  const digits = groups.join('')
  if (!/^\d*$/.test(digits)) return null
  if (digits.length + (frac?.length ?? 0) > 15) return null
  return Number(`${digits || '0'}.${frac || '0'}`)
}

function validGroups(groups: string[]): boolean {
  const [first, ...rest] = groups
  if (!first || first.length > 3 || rest.length === 0) return false
  if (rest.every((g) => g.length === 3)) return true
  // Indian grouping: 1,00,000 and 12,34,56,789.
  const last = rest.at(-1)!
  return last.length === 3 && first.length <= 2 && rest.slice(0, -1).every((g) => g.length === 2)
}

/** One '.' or ',' grouping mark that cannot be grouping ("1,5", "3.14159"): the customer meant a decimal mark. */
function oneMarkAsDecimal(s: string, typed: string): number | null {
  const at = s.indexOf('G')
  if (s.includes('D') || at < 0 || s.indexOf('G', at + 1) >= 0 || (typed[at] !== '.' && typed[at] !== ',')) return null
  return s.length - at - 1 === 3 ? null : strict(s.replace('G', 'D'))
}

/** The other convention: the marks typed as '.' and ',' trade places (only those two; spaces stay grouping). */
function swap(asWritten: string, typed: string): string {
  if (!typed.includes('.') || !typed.includes(',')) return 'x'
  return [...asWritten].map((c, i) => (typed[i] === '.' || typed[i] === ',' ? (c === 'D' ? 'G' : 'D') : c)).join('')
}

/** The number written the locale's way, for messages and examples. */
export function formatLocaleNumber(n: number, locale: string, options: Intl.NumberFormatOptions = {}): string {
  return new Intl.NumberFormat(locale, { maximumFractionDigits: 10, ...options }).format(n)
}
