// Templates: parse once, render many. A placeholder whose code has an error, or that fails while evaluating,
// renders as empty text and its error is returned to the caller (for the run trace); rendering never throws.
import type { Diagnostic, VarRef, Vars } from './types'
import { splitTemplate } from './split'
import { parseCode } from './parser'
import { checkExpr } from './semantics'
import { compileCode, type Evaluator } from './compile'
import { ExprError } from './errors'
import { cleanNumber, display } from './values'
import { MAX_PLACEHOLDERS, MAX_TEMPLATE_LENGTH } from './limits'
import { nextPartsShell, nextShell } from './slots'

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
  /** Its value is always true or false. */
  bool: boolean
  /** run, written as text (display), with what is known of the value's kind used to skip display's checks. */
  show: (vars: Vars) => string
  start: number
  end: number
  /** Errors known before running: the placeholder renders empty and reports them. */
  broken: Diagnostic[]
}
type Part = string | CodePart

export function compileTemplate(text: string): CompiledTemplate {
  if (text.length > MAX_TEMPLATE_LENGTH) {
    const d: Diagnostic = {
      severity: 'error',
      code: 'too-long',
      message: `the text is ${text.length} characters long; the limit is ${MAX_TEMPLATE_LENGTH}`,
      start: 0,
      end: text.length,
    }
    return new Template([], [d], [], [d])
  }
  const { chunks, diagnostics: splitDiags } = splitTemplate(text)
  const placeholders = chunks.reduce((n, c) => (c.kind === 'code' ? n + 1 : n), 0)
  if (placeholders > MAX_PLACEHOLDERS) {
    const message = `the text has ${placeholders} {{ }} placeholders; the limit is ${MAX_PLACEHOLDERS}`
    const d: Diagnostic = { severity: 'error', code: 'too-many-placeholders', message, start: 0, end: text.length }
    return new Template([], [d], [], [d])
  }
  const diagnostics = splitDiags.slice()
  const refs: VarRef[] = []
  const parts: Part[] = []
  for (const c of chunks) {
    if (c.kind === 'text') {
      parts.push(c.text)
      continue
    }
    const parsed = parseCode(c.source, c.start + 2)
    for (const r of parsed.refs) refs.push(r)
    const broken = parsed.diagnostics
    if (broken.length === 0) checkExpr(parsed.expr, broken)
    if (broken.length) diagnostics.push(...broken)
    const code = compileCode(parsed.expr)
    parts.push({
      run: code.run,
      bool: code.bool,
      show: shower(code.run, code.bool),
      start: c.start,
      end: c.end,
      broken: broken.length ? broken.filter(isError) : broken,
    })
  }
  if (diagnostics.length > 1) diagnostics.sort(byStart)
  return new Template(parts, diagnostics, refs, splitDiags)
}

/** Renders of a template before it gets a shell of its own. */
export const PROMOTE = 64

const isError = (d: Diagnostic) => d.severity === 'error'
const byStart = (a: Diagnostic, b: Diagnostic) => a.start - b.start

class Template implements CompiledTemplate {
  private readonly single: CodePart | undefined
  /** The template's only part, a placeholder that can run. */
  private readonly only: CodePart | undefined
  /**
   * Once the template has rendered PROMOTE times, it is rendered by a shell of its own (slots.ts) when it is one
   * placeholder, or text and placeholders that can all run: its calls and reads then keep their own feedback instead
   * of this class's, shared by every template. Not before: a text compiled for one render (parsed every time) would
   * make a shell meet a new closure on each call.
   */
  private shell: ((vars: Vars) => { text: string; errors: Diagnostic[] }) | undefined = undefined
  private uses = 0
  private readonly promotable: boolean
  constructor(
    private readonly parts: Part[],
    readonly diagnostics: Diagnostic[],
    readonly refs: VarRef[],
    /** Errors of the text itself (an unclosed '{{'), reported on every render. */
    private readonly always: Diagnostic[],
  ) {
    this.single = singlePlaceholder(parts)
    const first = parts[0]
    this.only =
      parts.length === 1 && typeof first !== 'string' && first!.broken.length === 0 && always.length === 0
        ? first
        : undefined
    // Text and placeholders, none with an error known before running: rendered by a shell of its own when hot.
    this.promotable =
      always.length === 0 && parts.length > 1 && parts.every((p) => typeof p === 'string' || p.broken.length === 0)
  }

  render(vars: Vars): { text: string; errors: Diagnostic[] } {
    const shell = this.shell
    if (shell !== undefined) return shell(vars)
    const only = this.only
    if (only !== undefined) {
      if (++this.uses === PROMOTE) this.promote(nextShell()(only.run, only.bool, (err) => failedAlone(err, only)))
      let text: string
      try {
        text = only.show(vars)
      } catch (err) {
        return failedAlone(err, only)
      }
      return { text, errors: [] }
    }
    if (this.promotable && ++this.uses === PROMOTE)
      this.promote(
        nextPartsShell()(this.parts as (string | CodePart)[], (err, p, errors) => (failed(err, p, errors), errors)),
      )
    return this.all(vars)
  }

  /**
   * The shell renders from now on, called by this method and as the template's own `render`: a call site that only
   * meets promoted templates calls the shell directly (a template compiled for one render is never promoted, so
   * the call sites that render those keep meeting this method alone).
   */
  private promote(shell: (vars: Vars) => { text: string; errors: Diagnostic[] }): void {
    this.shell = shell
    this.render = shell
  }

  private all(vars: Vars): { text: string; errors: Diagnostic[] } {
    const errors: Diagnostic[] = this.always.length ? this.always.slice() : []
    const parts = this.parts
    if (parts.length === 1) {
      const only = parts[0]!
      return { text: typeof only === 'string' ? only : (run(only, vars, errors, true) as string), errors }
    }
    let text = ''
    for (let i = 0; i < parts.length; i++) {
      const p = parts[i]!
      text += typeof p === 'string' ? p : (run(p, vars, errors, true) as string)
    }
    return { text, errors }
  }

  evaluate(vars: Vars): { value: unknown; errors: Diagnostic[] } {
    if (!this.single) {
      const { text, errors } = this.render(vars)
      return { value: text, errors }
    }
    const errors: Diagnostic[] = this.always.length ? this.always.slice() : []
    const v = run(this.single, vars, errors)
    return { value: v === undefined || v === null ? '' : typeof v === 'number' ? cleanNumber(v) : v, errors }
  }
}

/** The placeholder's value (or its text when asText); undefined / '' with the error recorded when it fails. */
function run(p: CodePart, vars: Vars, errors: Diagnostic[], asText = false): unknown {
  if (p.broken.length) {
    errors.push(...p.broken)
    return asText ? '' : undefined
  }
  try {
    return asText ? p.show(vars) : p.run(vars)
  } catch (err) {
    failed(err, p, errors)
    return asText ? '' : undefined
  }
}

/** The rendering of a template that is one placeholder when that placeholder fails. */
function failedAlone(err: unknown, p: CodePart): { text: string; errors: Diagnostic[] } {
  const errors: Diagnostic[] = []
  failed(err, p, errors)
  return { text: '', errors }
}

/** Records a placeholder's failure: its ExprError, or too-deep for a value nested past the stack; anything else is a bug. */
function failed(err: unknown, p: CodePart, errors: Diagnostic[]): void {
  if (err instanceof ExprError)
    errors.push({ severity: 'error', code: err.code, message: err.message, start: err.start, end: err.end })
  else if (err instanceof RangeError)
    errors.push({
      severity: 'error',
      code: 'too-deep',
      message: 'the value is nested too deeply to use here',
      start: p.start,
      end: p.end,
    })
  else throw err
}

/** display(run(vars)), without display's checks when the value is known to be true/false or turns out to be text. */
function shower(run: Evaluator, bool: boolean): (vars: Vars) => string {
  if (bool) return (vars) => (run(vars) ? 'true' : 'false')
  return (vars) => {
    const v = run(vars)
    return typeof v === 'string' ? v : display(v)
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
// Long texts (request bodies) are compiled each time so the cache stays small: at most 2000 × 10 000 characters.
const cache = new Map<string, CompiledTemplate>()
const CACHE_SIZE = 2000
const CACHE_TEXT_LIMIT = 10_000

export function compileCached(text: string): CompiledTemplate {
  if (text.length > CACHE_TEXT_LIMIT) return compileTemplate(text)
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
