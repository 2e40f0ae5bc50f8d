// Personal data out of a test saved from a real run (docs/testing.md, "Tests from real runs"): the contact's phone
// and name and what the customer typed are replaced, each value by the same stand-in everywhere it appears (the
// contact, the trigger, the turns, the expected bot messages and variables, the mocks' bodies), so a bot message that
// echoed the name expects the stand-in the replay will echo. Stand-ins keep a value's shape (length, case, where the
// digits and punctuation are), so an email stays an email and a phone number stays a phone number.
import type { ConversationTest } from '../../../shared/engine/conversation'

export interface MaskOptions {
  /** Turns (by index) whose typed answer is kept as it was: masking it would change what the flow does. */
  keep?: ReadonlySet<number>
}

/** Typed digits are masked only in runs this long (phone, card and account numbers); ages and counts stay. */
const LONG_DIGITS = 6

/** The typed answers of a test: the index of each turn the customer typed at (text, or a form's text fields). */
export function typedTurns(test: ConversationTest): number[] {
  return test.turns.flatMap((t, i) =>
    typeof t.user === 'string' && t.user.trim() !== ''
      ? [i]
      : t.user && typeof t.user === 'object' && 'form' in t.user
        ? [i]
        : [],
  )
}

export function maskTest(test: ConversationTest, opts: MaskOptions = {}): ConversationTest {
  const subs = new Map<string, string>()
  let seed = 0
  const add = (value: string, mask: (v: string, seed: number) => string) => {
    const v = value.trim()
    if (v.length < 2 || subs.has(v)) return
    const m = mask(v, ++seed)
    if (m !== v) subs.set(v, m)
  }
  const phone = test.contact.phone
  add(phone, maskPhone)
  if (phone.startsWith('+')) subs.set(phone.slice(1), subs.get(phone)!.slice(1))
  // A first name alone ("Hi Asha") is the same person: each word of the name has its stand-in, and the whole name
  // is theirs joined, so "Asha" reads the same alone and in "Asha Verma".
  const name = test.contact.name.trim()
  const words = name.split(/\s+/)
  for (const word of words) add(word, maskText)
  if (words.length > 1) subs.set(name, words.map((w) => subs.get(w) ?? w).join(' '))
  for (const i of typedTurns(test)) {
    if (opts.keep?.has(i)) continue
    const user = test.turns[i]!.user
    if (typeof user === 'string') add(user, maskAnswer)
    else if (user && typeof user === 'object' && 'form' in user)
      for (const v of Object.values(user.form)) if (typeof v === 'string') add(v, maskAnswer)
  }
  // Longest first, so a full name is replaced before the first name inside it; whole words only, so "Ash" leaves
  // "Ashford" alone.
  const order = [...subs.entries()]
    .sort((a, b) => b[0].length - a[0].length)
    .map(([from, to]) => [new RegExp(`(?<![\\p{L}\\p{N}])${escape(from)}(?![\\p{L}\\p{N}])`, 'gu'), to] as const)
  const replace = (s: string): string => {
    const whole = subs.get(s)
    if (whole !== undefined) return whole
    let out = s
    for (const [from, to] of order) out = out.replace(from, () => to)
    return out
  }
  const masked = deepMap(test, replace) as ConversationTest
  // The test's name is the designer's, not the customer's.
  return { ...masked, name: test.name }
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

function deepMap(v: unknown, f: (s: string) => string): unknown {
  if (typeof v === 'string') return f(v)
  if (Array.isArray(v)) return v.map((x) => deepMap(x, f))
  if (v !== null && typeof v === 'object') {
    const out: Record<string, unknown> = {}
    for (const [k, x] of Object.entries(v)) out[k] = deepMap(x, f)
    return out
  }
  return v
}

/** A small deterministic generator: the same run masked twice gives the same file. */
function generator(seed: number): () => number {
  let x = (seed * 2654435761) >>> 0 || 1
  return () => {
    x ^= x << 13
    x ^= x >>> 17
    x ^= x << 5
    x >>>= 0
    return x
  }
}

const LOWER = 'abcdefghijklmnopqrstuvwxyz'

function maskChars(v: string, seed: number, digits: (i: number) => boolean): string {
  const next = generator(seed)
  return [...v]
    .map((c, i) => {
      if (/\p{Lu}/u.test(c)) return LOWER[next() % 26]!.toUpperCase()
      if (/\p{L}/u.test(c)) return LOWER[next() % 26]!
      if (/[0-9]/.test(c) && digits(i)) return String(next() % 10)
      return c
    })
    .join('')
}

/** A phone keeps its `+` and first digit (a country code's start), so it still reads as an international number. */
function maskPhone(v: string, seed: number): string {
  let seen = 0
  return maskChars(v, seed, () => ++seen > 1)
}

function maskText(v: string, seed: number): string {
  return maskChars(v, seed, () => true)
}

/** A typed answer: letters always; digits only inside long runs of digits. */
function maskAnswer(v: string, seed: number): string {
  const long = new Set<number>()
  for (const m of v.matchAll(/[0-9][0-9 -]*[0-9]/g)) {
    if (m[0].replace(/[^0-9]/g, '').length < LONG_DIGITS) continue
    for (let i = m.index; i < m.index + m[0].length; i++) long.add(i)
  }
  return maskChars(v, seed, (i) => long.has(i))
}
