// What values mean: numbers in text, emptiness, truth, equality, order and how a value is written into a message.
// The rules are documented with examples in docs/expressions.md; keep the two in step.

const NUMERIC_RE = /^\s*[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?\s*$/

/**
 * The number a value stands for: a finite number, or text that is exactly a decimal number ("18", " 2.5 ", "-1e3").
 * Text with more than 15 significant digits (order or card numbers) stays text: as a number it would lose its last
 * digits, and two different IDs would compare equal.
 */
export function numericValue(v: unknown): number | undefined {
  if (typeof v === 'number') return Number.isFinite(v) ? v : undefined
  if (typeof v === 'string' && NUMERIC_RE.test(v)) {
    if (v.length > 15 && significantDigits(v) > 15) return undefined
    const n = Number(v)
    return Number.isFinite(n) ? n : undefined
  }
  return undefined
}

function significantDigits(s: string): number {
  const mantissa = s
    .trim()
    .replace(/[eE].*$/, '')
    .replace(/[+\-.]/g, '')
  return mantissa.replace(/^0+/, '').replace(/0+$/, '').length || 1
}

/** Unset, null, or text that is empty once spaces are trimmed. */
export function isBlank(v: unknown): boolean {
  return v === undefined || v === null || (typeof v === 'string' && v.trim() === '')
}

/** Blank, an empty list or an object without keys: what is_empty, ifEmpty and coalesce test. */
export function isEmpty(v: unknown): boolean {
  if (isBlank(v)) return true
  if (Array.isArray(v)) return v.length === 0
  if (typeof v === 'object') return Object.keys(v as object).length === 0
  return false
}

/** False for empty values, false, 0 (also "0"), and the text "false" in any case; true for everything else. */
export function truthy(v: unknown): boolean {
  if (typeof v === 'boolean') return v
  if (typeof v === 'number') return v !== 0 && !Number.isNaN(v)
  if (isEmpty(v)) return false
  if (typeof v === 'string') {
    const n = numericValue(v)
    if (n !== undefined) return n !== 0
    return v.trim().toLowerCase() !== 'false'
  }
  return true
}

const POW10 = [1, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15]

/**
 * Removes binary floating-point noise: 100 * 1.18 is 118, 0.1 + 0.2 is 0.3 (15 significant digits are kept). The
 * definition is Number(n.toPrecision(15)), which costs about a microsecond (V8 formats and re-reads the digits): most
 * numbers already are the double nearest a decimal of at most 15 digits (295.5, 0.25, 19.99), which that rounding
 * gives back unchanged, and that is cheap to recognise. m = n × 10^k whole and below 10^15, and m / 10^k === n:
 * both operands are exact and the division is correctly rounded, as reading the decimal "m e-k" is, so n is that
 * decimal's double; n's exact value is then within half a unit of its last binary digit of it, far less than half a
 * unit of the 15th decimal digit, so rounding to 15 digits gives the decimal back. Anything else takes the
 * definition (values.test.ts checks the two agree).
 */
export function cleanNumber(n: number): number {
  if (Number.isInteger(n) || !Number.isFinite(n)) return n
  for (let k = 1; k <= 15; k++) {
    const p = POW10[k]!
    const m = n * p
    if (m >= 1e15 || m <= -1e15) break
    if (Number.isInteger(m) && m / p === n) return n
  }
  return rounded15(n)
}

const POW10_22 = [...POW10, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22]

/**
 * Number(n.toPrecision(15)) for a number with noise (750 * 1.18 is 885.0000000000001): its 15 significant digits
 * as the whole number M = round(n × 10^s) with 10^14 ≤ |M| < 10^15, then M / 10^s. 10^s (s ≤ 22) and M are exact
 * and the division is correctly rounded, as reading the decimal is. The product n × 10^s is off by at most half a
 * unit of its last binary digit (at most 1/16 here), so its rounding is only trusted when its fraction is not within
 * 0.2 of a half; otherwise, and outside these magnitudes, the definition itself.
 */
function rounded15(n: number): number {
  const a = Math.abs(n)
  const s = 14 - Math.floor(Math.log10(a))
  if (s >= 0 && s <= 22) {
    const f = a * POW10_22[s]!
    if (f >= 1e14 && f < 1e15) {
      const fraction = f - Math.floor(f)
      if (fraction < 0.3 || fraction > 0.7) {
        const r = Math.round(f) / POW10_22[s]!
        return n < 0 ? -r : r
      }
    }
  }
  return Number(n.toPrecision(15))
}

/** How a value is written into text: unset and null as '', numbers without noise, objects and lists as compact JSON. */
export function display(v: unknown): string {
  switch (typeof v) {
    case 'string':
      return v
    case 'number':
      return String(cleanNumber(v))
    case 'boolean':
      return v ? 'true' : 'false'
    case 'undefined':
      return ''
    case 'bigint':
      return v.toString()
    case 'object':
      if (v === null) return ''
      try {
        return JSON.stringify(v) ?? ''
      } catch (err) {
        // A cycle cannot come from JSON session data: render nothing. Too deep (RangeError) is reported by the caller.
        if (err instanceof TypeError) return ''
        throw err
      }
    default:
      return ''
  }
}

/** `==`: numbers when both sides are numbers or numeric text; two blanks are equal; otherwise exact text. */
export function looseEquals(a: unknown, b: unknown): boolean {
  const na = numericValue(a)
  const nb = numericValue(b)
  if (na !== undefined && nb !== undefined) return cleanNumber(na) === cleanNumber(nb)
  const ba = isBlank(a)
  const bb = isBlank(b)
  if (ba || bb) return ba && bb
  return display(a) === display(b)
}

/** `===`: same kind and same value, no conversion ("18" === 18 is false). Unset counts as the empty text. */
export function strictEquals(a: unknown, b: unknown): boolean {
  const x = a === undefined ? '' : a
  const y = b === undefined ? '' : b
  if (typeof x === 'number' && typeof y === 'number') return cleanNumber(x) === cleanNumber(y)
  if (x !== null && y !== null && typeof x === 'object' && typeof y === 'object') return display(x) === display(y)
  return x === y
}

/**
 * Order for < > <= >=: numerically when both sides are numbers or numeric text, by character codes when both are
 * non-empty non-numeric text ("2026-01-05" < "2026-11-25", "B" < "a"); undefined (every comparison false) otherwise.
 */
export function compareValues(a: unknown, b: unknown): number | undefined {
  const na = numericValue(a)
  const nb = numericValue(b)
  if (na !== undefined && nb !== undefined) {
    const x = cleanNumber(na)
    const y = cleanNumber(nb)
    return x < y ? -1 : x > y ? 1 : 0
  }
  if (na !== undefined || nb !== undefined) return undefined
  if (typeof a !== 'string' || typeof b !== 'string' || isBlank(a) || isBlank(b)) return undefined
  return a < b ? -1 : a > b ? 1 : 0
}

/** A short quotation of a value for error messages. */
export function describeValue(v: unknown): string {
  if (v === undefined || v === null || (typeof v === 'string' && v.trim() === '')) return 'an empty value'
  if (typeof v === 'string') return `the text '${v.length > 30 ? v.slice(0, 30) + '…' : v}'`
  if (typeof v === 'boolean') return `the value ${v}`
  if (Array.isArray(v)) return 'a list'
  if (typeof v === 'object') return 'an object'
  return `the value ${display(v)}`
}
