// String literals: 'single' or "double" quoted, backslash escapes, no raw line break (so a stray apostrophe in
// `{{ don't }}` cannot swallow the rest of the template).

/** Index just after the closing quote of the string opening at `at`, or -1 when it is not closed on its line. */
export function stringEnd(text: string, at: number): number {
  const quote = text.charCodeAt(at)
  for (let j = at + 1; j < text.length; j++) {
    const c = text.charCodeAt(j)
    if (c === 92) j++
    else if (c === quote) return j + 1
    else if (c === 10 || c === 13) return -1
  }
  return -1
}

const ESCAPES: Record<string, string> = { n: '\n', t: '\t', r: '\r' }

/** The value of a closed string literal text (quotes included). */
export function unquote(literal: string): string {
  const body = literal.slice(1, -1)
  if (!body.includes('\\')) return body
  let out = ''
  for (let i = 0; i < body.length; i++) {
    const ch = body[i]!
    if (ch !== '\\') {
      out += ch
      continue
    }
    const next = body[++i] ?? ''
    out += Object.hasOwn(ESCAPES, next) ? ESCAPES[next] : next
  }
  return out
}
