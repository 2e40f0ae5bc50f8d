// Editor support built on the same splitter and lexer as the engine (no second grammar): token classes for syntax
// highlighting, and what is being typed at the cursor for completion.
import { splitTemplate } from './split'
import { lex } from './lexer'
import { FUNCTIONS } from './functions'
import { KEYWORDS } from './paths'
import type { Diagnostic } from './types'

export type HighlightKind =
  'text' | 'brace' | 'variable' | 'function' | 'string' | 'number' | 'keyword' | 'operator' | 'punctuation' | 'invalid'

export interface HighlightSpan {
  kind: HighlightKind
  start: number
  end: number
}

/** Classified spans in text order. Spaces inside placeholders are not covered; everything else is. */
export function highlightTemplate(text: string): HighlightSpan[] {
  const out: HighlightSpan[] = []
  const { chunks, diagnostics } = splitTemplate(text)
  const unclosed = diagnostics.find((d) => d.code === 'unclosed-placeholder')
  for (const c of chunks) {
    if (c.kind === 'text') {
      if (unclosed && unclosed.start >= c.start && unclosed.start < c.end) {
        if (unclosed.start > c.start) out.push({ kind: 'text', start: c.start, end: unclosed.start })
        out.push({ kind: 'invalid', start: unclosed.start, end: c.end })
      } else out.push({ kind: 'text', start: c.start, end: c.end })
      continue
    }
    out.push({ kind: 'brace', start: c.start, end: c.start + 2 })
    const toks = lex(c.source, c.start + 2, [])
    toks.forEach((t, i) => {
      if (t.kind === 'eof') return
      if (t.kind === 'var') {
        const pathEnd = t.pathStart! + t.text.length
        out.push(
          { kind: 'brace', start: t.start, end: t.start + 2 },
          { kind: 'variable', start: t.pathStart!, end: pathEnd },
          { kind: 'brace', start: t.end - 2, end: t.end },
        )
        return
      }
      out.push({ kind: classify(t.kind, t.text, toks[i + 1]?.kind, toks.length), start: t.start, end: t.end })
    })
    out.push({ kind: 'brace', start: c.end - 2, end: c.end })
  }
  return out
}

function classify(kind: string, text: string, next: string | undefined, count: number): HighlightKind {
  switch (kind) {
    case 'num':
      return 'number'
    case 'str':
      return 'string'
    case 'op':
      return 'operator'
    case '(':
    case ')':
    case ',':
      return 'punctuation'
    case 'ident':
      if (next === '(') return FUNCTIONS.has(text) ? 'function' : 'invalid'
      if (KEYWORDS.has(text)) return 'keyword'
      return count === 2 ? 'variable' : 'invalid' // {{name}} alone is a variable; a bare name in an expression is not
    default:
      return 'invalid'
  }
}

export type CompletionContext =
  /** In literal text: offer to insert a placeholder. */
  | { kind: 'text' }
  /** In a variable path: complete the segment [from, to) given the segments before it (empty at the root). */
  | { kind: 'variable'; parent: string[]; partial: string; from: number; to: number }
  /** In an expression outside inner braces: complete a function or keyword name [from, to). */
  | { kind: 'expression'; partial: string; from: number; to: number }
  /** Inside a string literal or after a character that starts nothing: no completion. */
  | { kind: 'none' }

const PATH_TAIL = /[A-Za-z0-9_.-]*$/
const IDENT_TAIL = /[A-Za-z_][A-Za-z0-9_]*$|$/

/** What the author is typing at `offset` (a cursor position in `text`). */
export function completionContext(text: string, offset: number): CompletionContext {
  const before = text.slice(0, offset)
  const split = splitTemplate(before)
  const open = split.diagnostics.find((d) => d.code === 'unclosed-placeholder')
  if (!open) return { kind: 'text' }
  const code = before.slice(open.start + 2)
  const diags: Diagnostic[] = []
  lex(code, open.start + 2, diags)
  if (diags.some((d) => d.code === 'unclosed-string')) return { kind: 'none' }
  const after = text.slice(offset).match(/^[A-Za-z0-9_-]*/)![0]
  const innerOpen = code.lastIndexOf('{{')
  const inInner = innerOpen >= 0 && innerOpen > code.lastIndexOf('}}')
  const plain = /^\s*[A-Za-z_][A-Za-z0-9_.-]*$|^\s*$/.test(code)
  if (inInner || plain) {
    const typed = (inInner ? code.slice(innerOpen + 2) : code).trimStart()
    if (!/^[A-Za-z0-9_.-]*$/.test(typed)) return { kind: 'none' }
    const tail = typed.match(PATH_TAIL)![0]
    const segs = tail.split('.')
    const partial = segs.pop()!
    return { kind: 'variable', parent: segs, partial, from: offset - partial.length, to: offset + after.length }
  }
  const partial = code.match(IDENT_TAIL)![0]
  if (partial === '' && /[A-Za-z0-9_.'"]$/.test(code)) return { kind: 'none' }
  return { kind: 'expression', partial, from: offset - partial.length, to: offset + after.length }
}
