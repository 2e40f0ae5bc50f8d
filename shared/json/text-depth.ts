// The depth guard on JSON *text*, before it is parsed. JSON.parse reads any depth, but building millions of nested
// arrays takes seconds on the thread that parses (an 8 MiB import file of `[[[…]]]` held the studio's back end for
// 3.5 s, a 6 MB publish body the runtime for 2.4 s) and the value walk comes only after. This scan finds the same
// problem checkJsonBounds would find on the parsed value, with the same path and message, in one pass over the text
// without building anything. Prototype keys are still checked on the value.
import { JSON_MAX_DEPTH, tooDeep, type JsonBoundsProblem, type JsonPath } from './bounds'

const QUOTE = 0x22
const BACKSLASH = 0x5c
const OPEN_ARRAY = 0x5b
const CLOSE_ARRAY = 0x5d
const OPEN_OBJECT = 0x7b
const CLOSE_OBJECT = 0x7d
const COLON = 0x3a
const COMMA = 0x2c

/**
 * Where `text` first nests a non-empty object or array deeper than `maxDepth` (its path as checkJsonBounds names
 * it on the parsed value), or null. Text that is not JSON is left to the parser, except that nesting found before
 * the syntax error is reported.
 */
export function checkJsonTextDepth(text: string, maxDepth: number = JSON_MAX_DEPTH): JsonBoundsProblem | null {
  // Per open container: whether it is an array, and the member being read (an index, or the span of the key text).
  const isArray: boolean[] = []
  const member: Array<number | [number, number]> = []
  let keyStart = -1
  let keyEnd = -1
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    if (c === QUOTE) {
      const end = closingQuote(text, i)
      if (end < 0) return null
      keyStart = i
      keyEnd = end
      i = end
    } else if (c === OPEN_ARRAY || c === OPEN_OBJECT) {
      if (isArray.length >= maxDepth && !emptyAhead(text, i + 1, c === OPEN_ARRAY ? CLOSE_ARRAY : CLOSE_OBJECT)) {
        return tooDeep(pathOf(text, member), maxDepth)
      }
      isArray.push(c === OPEN_ARRAY)
      member.push(0)
    } else if (c === CLOSE_ARRAY || c === CLOSE_OBJECT) {
      isArray.pop()
      member.pop()
    } else if (c === COLON && isArray.length && !isArray[isArray.length - 1]) {
      member[member.length - 1] = [keyStart, keyEnd]
    } else if (c === COMMA && isArray.length && isArray[isArray.length - 1]) {
      member[member.length - 1] = (member[member.length - 1] as number) + 1
    }
  }
  return null
}

/** Index of the quote that closes the string opened at `open`, or -1. */
function closingQuote(text: string, open: number): number {
  let at = open
  for (;;) {
    at = text.indexOf('"', at + 1)
    if (at < 0) return -1
    let backslashes = 0
    while (text.charCodeAt(at - 1 - backslashes) === BACKSLASH) backslashes++
    if (backslashes % 2 === 0) return at
  }
}

/** Whether the container opened just before `from` closes with no member (whitespace only). */
function emptyAhead(text: string, from: number, close: number): boolean {
  for (let i = from; i < text.length; i++) {
    const c = text.charCodeAt(i)
    if (c === close) return true
    if (c !== 0x20 && c !== 0x0a && c !== 0x0d && c !== 0x09) return false
  }
  return false
}

function pathOf(text: string, member: Array<number | [number, number]>): JsonPath {
  return member.map((m) => {
    if (typeof m === 'number') return m
    const raw = text.slice(m[0], m[1] + 1)
    try {
      return JSON.parse(raw) as string
    } catch {
      return raw.slice(1, -1)
    }
  })
}

/**
 * Most values (objects, arrays, numbers, texts…) an imported file may hold. Parsing and checking 8 MiB of `[],[],…`
 * (2.7 million arrays) held the studio's back end 3 s; a real bundle of a hundred large flows holds a few hundred
 * thousand values at most.
 */
export const JSON_MAX_VALUES = 500_000

/** Whether `text` holds more than `max` values, counted from its commas and brackets outside strings, unparsed. */
export function jsonTextHasMoreValues(text: string, max: number = JSON_MAX_VALUES): boolean {
  let values = 1
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    if (c === QUOTE) {
      const end = closingQuote(text, i)
      if (end < 0) return false
      i = end
    } else if (c === COMMA || c === OPEN_ARRAY || c === OPEN_OBJECT) {
      if (++values > max) return true
    }
  }
  return false
}
