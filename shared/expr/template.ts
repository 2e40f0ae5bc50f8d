// Templates: parse once, render many. A placeholder whose code has an error, or that fails while evaluating,
// renders as empty text and its error is returned to the caller (for the run trace); rendering never throws.
import type { Diagnostic, VarRef, Vars } from './types'
import type { Expr } from './ast'
import { splitTemplate } from './split'
import { parseCode } from './parser'
import { checkExpr } from './semantics'
import { compileExpr, type Evaluator } from './compile'
import { ExprError } from './errors'
import { cleanNumber, display } from './values'
import { MAX_TEMPLATE_LENGTH } from './limits'

export interface CompiledTemplate {
  /** Syntax errors and static errors (unknown function, arity, bare names, wrong literal kinds), by position. */
  diagnostics: Diagnostic[]
  refs: VarRef[]
  render(vars: Vars): { text: string; errors: Diagnostic[] }
  /** A template that is exactly one placeholder yields its raw value (number, boolean, object…); otherwise the rendered string */
  evaluate(vars: Vars): { value: unknown; errors: Diagnostic[] }
}

interface CodePart {
  run: Evaluator
  start: number
  end: number
  /** Errors known before running: the placeholder renders empty and reports them. */
  broken: Diagnostic[]
}
type Part = string | CodePart

// The parsed trees behind a compiled template, for checks that need a flow's context (check.ts).
const trees = new WeakMap<CompiledTemplate, Expr[]>()
export const treesOf = (t: CompiledTemplate): readonly Expr[] => trees.get(t) ?? []

export function compileTemplate(text: string): CompiledTemplate {
  if (text.length > MAX_TEMPLATE_LENGTH) {
    const d: Diagnostic = { severity: 'error', code: 'too-long', message: `the text is ${text.length} characters long; the limit is ${MAX_TEMPLATE_LENGTH}`, start: 0, end: text.length }
    return build([], [d], [], [d])
  }
  const { chunks, diagnostics: splitDiags } = splitTemplate(text)
  const diagnostics = [...splitDiags]
  const refs: VarRef[] = []
  const parts: Part[] = []
  const exprs: Expr[] = []
  for (const c of chunks) {
    if (c.kind === 'text') {
      parts.push(c.text)
      continue
    }
    const parsed = parseCode(c.source, c.start + 2)
    refs.push(...parsed.refs)
    const broken = [...parsed.diagnostics]
    if (broken.length === 0) {
      checkExpr(parsed.expr, broken)
      exprs.push(parsed.expr)
    }
    diagnostics.push(...broken)
    parts.push({ run: compileExpr(parsed.expr), start: c.start, end: c.end, broken: broken.filter((d) => d.severity === 'error') })
  }
  diagnostics.sort((a, b) => a.start - b.start)
  const compiled = build(parts, diagnostics, refs, splitDiags)
  trees.set(compiled, exprs)
  return compiled
}

function build(parts: Part[], diagnostics: Diagnostic[], refs: VarRef[], always: Diagnostic[]): CompiledTemplate {
  const single = singlePlaceholder(parts)
  const render = (vars: Vars) => {
    const errors = [...always]
    let text = ''
    for (const p of parts) text += typeof p === 'string' ? p : (run(p, vars, errors, true) as string)
    return { text, errors }
  }
  return {
    diagnostics,
    refs,
    render,
    evaluate(vars) {
      if (!single) {
        const { text, errors } = render(vars)
        return { value: text, errors }
      }
      const errors = [...always]
      const v = run(single, vars, errors)
      return { value: v === undefined || v === null ? '' : typeof v === 'number' ? cleanNumber(v) : v, errors }
    },
  }
}

/** The placeholder's value (or its text when asText); undefined / '' with the error recorded when it fails. */
function run(p: CodePart, vars: Vars, errors: Diagnostic[], asText = false): unknown {
  if (p.broken.length) {
    errors.push(...p.broken)
    return asText ? '' : undefined
  }
  try {
    const v = p.run(vars)
    return asText ? display(v) : v
  } catch (err) {
    if (err instanceof ExprError) errors.push({ severity: 'error', code: err.code, message: err.message, start: err.start, end: err.end })
    else if (err instanceof RangeError) errors.push({ severity: 'error', code: 'too-deep', message: 'the value is nested too deeply to use here', start: p.start, end: p.end })
    else throw err
    return asText ? '' : undefined
  }
}

/** The one placeholder of a template made of it alone (spaces around it allowed). */
function singlePlaceholder(parts: Part[]): CodePart | undefined {
  let found: CodePart | undefined
  for (const p of parts) {
    if (typeof p === 'string') {
      if (p.trim() !== '') return undefined
    } else if (found) return undefined
    else found = p
  }
  return found
}

// Engines render the same few templates over and over: keep their compiled form. Compiled templates are immutable.
const cache = new Map<string, CompiledTemplate>()
const CACHE_SIZE = 2000

export function compileCached(text: string): CompiledTemplate {
  let c = cache.get(text)
  if (!c) {
    if (cache.size >= CACHE_SIZE) cache.clear()
    c = compileTemplate(text)
    cache.set(text, c)
  }
  return c
}

export function renderTemplate(text: string, vars: Vars): { text: string; errors: Diagnostic[] } {
  return compileCached(text).render(vars)
}

export function evaluateTemplate(text: string, vars: Vars): { value: unknown; errors: Diagnostic[] } {
  return compileCached(text).evaluate(vars)
}
