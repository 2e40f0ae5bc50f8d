// One side of a Condition or Router rule, read the way the engine reads it: a template whose value is raw when it is
// a single placeholder (shared/expr, "Raw values"). The rule reasoning works on these: which variables an operand
// reads, whether it is a constant, and the syntax tree of a lone placeholder (for inverting {{ {{x}} + 1 }}).
import type { Expr } from '../expr'
import { compileTemplate, evaluateTemplate, splitTemplate } from '../expr'
import { parseCode } from '../expr/parser'

export interface Operand {
  /** As written in the rule. */
  text: string
  /** Every variable path read, in order, without duplicates (joined by '.'). */
  paths: string[]
  /** No variable is read: the operand always has `value`. */
  constant: boolean
  value: unknown
  /** The tree of the operand when it is exactly one placeholder (spaces around allowed); else null. */
  expr: Expr | null
  /** A name for the operand that equal operands share: a lone variable as {{path}}, anything else as written. */
  key: string
}

const cache = new Map<string, Operand>()

export function operand(text: string): Operand {
  let o = cache.get(text)
  if (!o) {
    if (cache.size > 5000) cache.clear()
    o = read(text)
    cache.set(text, o)
  }
  return o
}

function read(text: string): Operand {
  const compiled = compileTemplate(text)
  const paths = [...new Set(compiled.refs.map((r) => r.path.join('.')))]
  const expr = loneExpr(text)
  const constant = paths.length === 0
  const value = constant ? evaluateTemplate(text, {}).value : undefined
  const key = expr?.type === 'var' ? `{{${expr.path.join('.')}}}` : text.trim()
  return { text, paths, constant, value, expr, key }
}

function loneExpr(text: string): Expr | null {
  const { chunks } = splitTemplate(text)
  const code = chunks.filter((c) => c.kind === 'code')
  if (code.length !== 1 || chunks.some((c) => c.kind === 'text' && c.text.trim() !== '')) return null
  const c = code[0]!
  if (c.kind !== 'code') return null
  const parsed = parseCode(c.source, c.start + 2)
  return parsed.diagnostics.some((d) => d.severity === 'error') ? null : parsed.expr
}

/** The single variable path an operand is, or null: `{{age}}` → 'age'. */
export function lonePath(o: Operand): string | null {
  return o.expr?.type === 'var' ? o.expr.path.join('.') : null
}
