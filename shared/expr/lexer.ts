// Tokens of the code inside one placeholder. Offsets are absolute (template offsets), so diagnostics point at the
// right characters of the field the author typed. Only the first lexical error is reported; later bad characters
// become 'bad' tokens so variable reads after them are still found (rename, references).
import type { Diagnostic } from './types'
import { stringEnd, unquote } from './strings'
import { PATH_RE } from './paths'

export type TokenKind = 'num' | 'str' | 'ident' | 'var' | 'op' | '(' | ')' | ',' | 'bad' | 'eof'

export interface Token {
  kind: TokenKind
  start: number
  end: number
  /** Operator or identifier text, string value, or the raw text of a bad token. */
  text: string
  num?: number
  path?: string[]
  pathStart?: number
}

const NUM_RE = /(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?/y

const isDigit = (c: number) => c >= 48 && c <= 57
const isIdentStart = (c: number) => (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || c === 95
const isIdentPart = (c: number) => isIdentStart(c) || isDigit(c)
const isPathChar = (c: number) => isIdentPart(c) || c === 45

/** The operator starting at i, longest first. */
function operatorAt(src: string, i: number): string | undefined {
  const c = src[i]
  const n = src[i + 1]
  switch (c) {
    case '=':
      return n === '=' ? (src[i + 2] === '=' ? '===' : '==') : undefined
    case '!':
      return n === '=' ? (src[i + 2] === '=' ? '!==' : '!=') : '!'
    case '<':
    case '>':
      return n === '=' ? c + '=' : c
    case '&':
    case '|':
      return n === c ? c + c : undefined
    case '+':
    case '-':
    case '*':
    case '/':
    case '%':
      return c
  }
  return undefined
}

export function lex(src: string, base: number, diags: Diagnostic[]): Token[] {
  const toks: Token[] = []
  const reportedBefore = diags.length
  let i = 0
  while (i < src.length) {
    const c = src[i]!
    if (c === ' ' || c === '\t' || c === '\n' || c === '\r') {
      i++
      continue
    }
    const start = i
    if (c === '{' && src[i + 1] === '{') {
      const close = src.indexOf('}}', i + 2)
      if (close < 0) {
        failAt(
          toks,
          diags,
          reportedBefore,
          src,
          base,
          'unclosed-placeholder',
          "inner '{{' is never closed: add '}}'",
          i,
          src.length,
        )
        break
      }
      const inner = src.slice(i + 2, close)
      const path = inner.trim()
      i = close + 2
      if (!PATH_RE.test(path)) {
        const msg =
          path === ''
            ? 'empty inner braces: write a variable name, e.g. {{price}}'
            : `inner braces hold a variable name such as {{price}} or {{node.field}}, not '${path}'`
        failAt(toks, diags, reportedBefore, src, base, 'bad-inner-placeholder', msg, start, i)
        continue
      }
      const pathStart = base + start + 2 + (inner.length - inner.trimStart().length)
      toks.push({ kind: 'var', start: base + start, end: base + i, text: path, path: path.split('.'), pathStart })
      continue
    }
    if (c === "'" || c === '"') {
      const end = stringEnd(src, i)
      if (end < 0) {
        const eol = src.slice(i).search(/[\r\n]/)
        failAt(
          toks,
          diags,
          reportedBefore,
          src,
          base,
          'unclosed-string',
          `text started with ${c} is never closed: add a closing ${c}`,
          i,
          eol < 0 ? src.length : i + eol,
        )
        break
      }
      toks.push({ kind: 'str', start: base + i, end: base + end, text: unquote(src.slice(i, end)) })
      i = end
      continue
    }
    const code = src.charCodeAt(i)
    if (isDigit(code) || (code === 46 && isDigit(src.charCodeAt(i + 1)))) {
      NUM_RE.lastIndex = i
      const m = NUM_RE.exec(src)!
      i += m[0].length
      toks.push({ kind: 'num', start: base + start, end: base + i, text: m[0], num: Number(m[0]) })
      continue
    }
    if (isIdentStart(code)) {
      while (i < src.length && isIdentPart(src.charCodeAt(i))) i++
      // A dotted name (`order.id`) stays one token, so it is reported as a whole: "did you mean {{order.id}}?"
      while (src.charCodeAt(i) === 46 && isPathChar(src.charCodeAt(i + 1))) {
        i++
        while (i < src.length && isPathChar(src.charCodeAt(i))) i++
      }
      toks.push({ kind: 'ident', start: base + start, end: base + i, text: src.slice(start, i) })
      continue
    }
    if (c === '(' || c === ')' || c === ',') {
      toks.push({ kind: c, start: base + i, end: base + i + 1, text: c })
      i++
      continue
    }
    const op = operatorAt(src, i)
    if (op) {
      toks.push({ kind: 'op', start: base + i, end: base + i + op.length, text: op })
      i += op.length
      continue
    }
    if (c === '=')
      failAt(
        toks,
        diags,
        reportedBefore,
        src,
        base,
        'unexpected-character',
        "'=' alone is not an operator: write == to compare",
        i,
        i + 1,
      )
    else if (c === '&' || c === '|')
      failAt(
        toks,
        diags,
        reportedBefore,
        src,
        base,
        'unexpected-character',
        `'${c}' alone is not an operator: write ${c}${c}`,
        i,
        i + 1,
      )
    else {
      const cp = String.fromCodePoint(src.codePointAt(i)!)
      failAt(
        toks,
        diags,
        reportedBefore,
        src,
        base,
        'unexpected-character',
        `unexpected character '${cp}'`,
        i,
        i + cp.length,
      )
      i += cp.length - 1
    }
    i++
  }
  toks.push({ kind: 'eof', start: base + src.length, end: base + src.length, text: '' })
  return toks
}

/** A 'bad' token; only the first lexical error of a placeholder becomes a diagnostic. */
function failAt(
  toks: Token[],
  diags: Diagnostic[],
  reportedBefore: number,
  src: string,
  base: number,
  code: string,
  message: string,
  start: number,
  end: number,
): void {
  if (diags.length === reportedBefore)
    diags.push({ severity: 'error', code, message, start: base + start, end: base + end })
  toks.push({ kind: 'bad', start: base + start, end: base + end, text: src.slice(start, end) })
}
