// Pratt parser for the code inside one placeholder. Never throws: the first syntax error becomes a diagnostic and
// an 'error' node. Recursion and tree height are bounded by MAX_DEPTH, so no input can overflow the stack here or
// in the evaluator.
import type { BinaryOp, Expr, UnaryOp } from './ast'
import type { Diagnostic, VarRef } from './types'
import { lex, type Token } from './lexer'
import { KEYWORDS, PATH_RE } from './paths'
import { MAX_DEPTH } from './limits'

export interface ParsedCode {
  expr: Expr
  /** Syntax errors of this chunk: the first lexical error and the first parse error, if any. */
  diagnostics: Diagnostic[]
  /** Every variable read, in source order, including those after a syntax error. */
  refs: VarRef[]
}

const PREC: Record<string, number> = {
  '||': 1,
  '&&': 2,
  '==': 3,
  '!=': 3,
  '===': 3,
  '!==': 3,
  '<': 4,
  '>': 4,
  '<=': 4,
  '>=': 4,
  '+': 5,
  '-': 5,
  '*': 6,
  '/': 6,
  '%': 6,
}
const UNARY_PREC = 7

/** Parses `source`, the code between the outer braces; `base` is the template offset of its first character. */
export function parseCode(source: string, base: number): ParsedCode {
  const trimmed = source.trim()
  const lead = source.length - source.trimStart().length
  if (trimmed === '') {
    const d: Diagnostic = {
      severity: 'error',
      code: 'empty-placeholder',
      message: 'empty placeholder: write a variable name or an expression between {{ and }}',
      start: base - 2,
      end: base + source.length + 2,
    }
    return { expr: { type: 'error', start: base, end: base + source.length }, diagnostics: [d], refs: [] }
  }
  // The common case, {{name}} or {{node.field.0}}, skips the lexer.
  if (PATH_RE.test(trimmed) && !KEYWORDS.has(trimmed)) {
    const start = base + lead
    const end = start + trimmed.length
    const path = trimmed.split('.')
    return {
      expr: { type: 'var', path, start, end, pathStart: start, pathEnd: end },
      diagnostics: [],
      refs: [{ path, start, end }],
    }
  }
  const diagnostics: Diagnostic[] = []
  const toks = lex(source, base, diagnostics)
  const refs: VarRef[] = []
  for (const t of toks)
    if (t.kind === 'var') refs.push({ path: t.path!, start: t.pathStart!, end: t.pathStart! + t.text.length })
  const p = new Parser(toks, diagnostics)
  let expr = p.expression(0, 0)
  if (!p.failed && p.peek().kind !== 'eof') {
    const t = p.peek()
    expr = p.error(t, 'unexpected-token', `unexpected ${describe(t)} after the end of the expression`)
  }
  return { expr, diagnostics, refs }
}

function describe(t: Token): string {
  if (t.kind === 'eof') return 'end'
  if (t.kind === 'str') return 'text'
  if (t.kind === 'var') return `{{${t.text}}}`
  return `'${t.text}'`
}

class Parser {
  private pos = 0
  failed = false
  /** Height of the tree last returned by expression/unary/primary (leaves are 1). */
  private h = 1
  constructor(
    private readonly toks: Token[],
    private readonly diags: Diagnostic[],
  ) {}

  peek(): Token {
    return this.toks[this.pos]!
  }

  error(t: Token, code: string, message: string): Expr {
    if (!this.failed && t.kind !== 'bad')
      this.diags.push({ severity: 'error', code, message, start: t.start, end: Math.max(t.end, t.start + 1) })
    this.failed = true
    return { type: 'error', start: t.start, end: t.end }
  }

  private tall(e: Expr, h: number, at: Token): Expr {
    if (h > MAX_DEPTH)
      return this.error(
        at,
        'too-deep',
        `the expression is nested more than ${MAX_DEPTH} levels deep: split it into smaller parts`,
      )
    this.h = h
    return e
  }

  expression(minPrec: number, nest: number): Expr {
    let left = this.unary(nest)
    let lh = this.h
    while (!this.failed) {
      const t = this.peek()
      const prec = t.kind === 'op' ? PREC[t.text] : undefined
      if (prec === undefined || prec < minPrec) break
      this.pos++
      const right = this.expression(prec + 1, nest + 1)
      if (this.failed) return right.type === 'error' ? right : left
      const node: Expr = { type: 'binary', op: t.text as BinaryOp, left, right, start: left.start, end: right.end }
      left = this.tall(node, Math.max(lh, this.h) + 1, t)
      lh = this.h
    }
    this.h = lh
    return left
  }

  private unary(nest: number): Expr {
    const t = this.peek()
    if (nest > MAX_DEPTH)
      return this.error(
        t,
        'too-deep',
        `the expression is nested more than ${MAX_DEPTH} levels deep: split it into smaller parts`,
      )
    if (t.kind === 'op' && (t.text === '!' || t.text === '-' || t.text === '+')) {
      this.pos++
      const arg = this.expression(UNARY_PREC, nest + 1)
      if (this.failed) return arg
      return this.tall({ type: 'unary', op: t.text as UnaryOp, arg, start: t.start, end: arg.end }, this.h + 1, t)
    }
    this.h = 1
    return this.primary(nest)
  }

  private primary(nest: number): Expr {
    const t = this.peek()
    switch (t.kind) {
      case 'num':
        this.pos++
        return { type: 'num', value: t.num!, start: t.start, end: t.end }
      case 'str':
        this.pos++
        return { type: 'str', value: t.text, start: t.start, end: t.end }
      case 'var':
        this.pos++
        return {
          type: 'var',
          path: t.path!,
          start: t.start,
          end: t.end,
          pathStart: t.pathStart!,
          pathEnd: t.pathStart! + t.text.length,
        }
      case 'ident':
        this.pos++
        if (this.peek().kind === '(') return this.call(t, nest)
        if (t.text === 'true' || t.text === 'false')
          return { type: 'bool', value: t.text === 'true', start: t.start, end: t.end }
        if (t.text === 'null') return { type: 'null', start: t.start, end: t.end }
        return { type: 'name', name: t.text, start: t.start, end: t.end }
      case '(': {
        this.pos++
        const inner = this.expression(0, nest + 1)
        if (this.failed) return inner
        const close = this.peek()
        if (close.kind !== ')')
          return this.error(close, 'expected-paren', `expected ')' to close '(', found ${describe(close)}`)
        this.pos++
        return inner
      }
      case 'eof':
        return this.error(t, 'unexpected-end', 'the expression ends too early: a value is missing')
      default:
        return this.error(t, 'unexpected-token', `expected a value, found ${describe(t)}`)
    }
  }

  private call(name: Token, nest: number): Expr {
    this.pos++ // '('
    const args: Expr[] = []
    let h = 1
    if (this.peek().kind !== ')') {
      for (;;) {
        const arg = this.expression(0, nest + 1)
        if (this.failed) return arg
        args.push(arg)
        h = Math.max(h, this.h + 1)
        const sep = this.peek()
        if (sep.kind === ',') {
          this.pos++
          continue
        }
        if (sep.kind === ')') break
        return this.error(
          sep,
          'expected-comma',
          `expected ',' or ')' in the arguments of ${name.text}, found ${describe(sep)}`,
        )
      }
    }
    const close = this.peek()
    this.pos++
    const node: Expr = { type: 'call', name: name.text, nameEnd: name.end, args, start: name.start, end: close.end }
    return this.tall(node, h, name)
  }
}
