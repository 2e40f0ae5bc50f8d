// Checks that need no session: bare names, unknown functions, argument counts, literals of the wrong kind and
// literal division by zero. Run once per placeholder at compile time; the same checks serve the engine and editor.
import type { Expr } from './ast'
import type { Diagnostic } from './types'
import { FUNCTIONS } from './functions'
import { numericValue } from './values'
import { didYouMean } from '../text/did-you-mean'

export function checkExpr(root: Expr, out: Diagnostic[]): void {
  const stack: Expr[] = [root]
  while (stack.length) {
    const e = stack.pop()!
    switch (e.type) {
      case 'num':
        // `1e400` reads as Infinity: refuse it where it is written rather than render "Infinity".
        if (!Number.isFinite(e.value))
          out.push(err('number-too-large', 'this number is too large: the largest is about 1.8e308', e))
        break
      case 'name':
        out.push(err('bare-name', `'${e.name}' is not a function or keyword: did you mean {{${e.name}}}?`, e))
        break
      case 'unary':
        if (e.op !== '!') literalNumber(e.arg, `'${e.op}'`, out)
        stack.push(e.arg)
        break
      case 'binary':
        if (e.op === '-' || e.op === '*' || e.op === '/' || e.op === '%') {
          literalNumber(e.left, `'${e.op}'`, out)
          literalNumber(e.right, `'${e.op}'`, out)
          if ((e.op === '/' || e.op === '%') && e.right.type === 'num' && e.right.value === 0)
            out.push(err('division-by-zero', 'division by zero', e.right))
        }
        stack.push(e.right, e.left)
        break
      case 'call':
        call(e, out)
        for (let i = e.args.length - 1; i >= 0; i--) stack.push(e.args[i]!)
        break
    }
  }
}

function call(e: Extract<Expr, { type: 'call' }>, out: Diagnostic[]): void {
  const fn = FUNCTIONS.get(e.name)
  const nameSpan = { start: e.start, end: e.nameEnd }
  if (!fn) {
    const near = didYouMean(e.name, FUNCTIONS.keys())
    out.push(err('unknown-function', `unknown function '${e.name}'${near ? `: did you mean ${near}?` : ''}`, nameSpan))
    return
  }
  const n = e.args.length
  if (n < fn.minArgs || (fn.maxArgs !== null && n > fn.maxArgs)) {
    const want =
      fn.maxArgs === null
        ? `at least ${fn.minArgs}`
        : fn.minArgs === fn.maxArgs
          ? `${fn.minArgs}`
          : `${fn.minArgs} to ${fn.maxArgs}`
    out.push(
      err(
        'arity',
        `${fn.name} takes ${want} argument${(fn.maxArgs ?? fn.minArgs) === 1 ? '' : 's'}, got ${n}: ${fn.signature}`,
        e,
      ),
    )
  }
  e.args.forEach((a, i) => {
    const kind = fn.argKinds[Math.min(i, fn.argKinds.length - 1)]
    if (kind === 'number') literalNumber(a, fn.name, out)
  })
}

/**
 * With a flow's sample values (sampleValue), warns where a variable's sampled value is of a kind a function or an
 * arithmetic operator cannot use: `round({{http_call_1.result.name}})` when the sample's name is "Kurta".
 * Warnings, not errors: a sample is an example of a response, not a promise.
 */
export function checkKinds(root: Expr, valueOf: (path: string[]) => unknown, out: Diagnostic[]): void {
  const stack: Expr[] = [root]
  const want = (e: Expr, kind: 'number' | 'text', what: string, lists: boolean) => {
    if (e.type !== 'var') return
    const v = valueOf(e.path)
    if (v === undefined) return
    const bad =
      kind === 'number'
        ? !(lists && Array.isArray(v)) &&
          numericValue(v) === undefined &&
          !(typeof v === 'string' && v.trim() === '') &&
          v !== null
        : v !== null && typeof v === 'object'
    if (!bad) return
    const has = Array.isArray(v)
      ? 'a list'
      : v !== null && typeof v === 'object'
        ? 'an object'
        : typeof v === 'boolean'
          ? 'true/false'
          : 'text'
    out.push({
      severity: 'warning',
      code: 'wrong-kind',
      message: `${what} expects ${kind === 'number' ? 'a number' : 'text'}, but ${e.path.join('.')} is ${has} in the sample response`,
      start: e.start,
      end: e.end,
    })
  }
  while (stack.length) {
    const e = stack.pop()!
    if (e.type === 'unary') {
      if (e.op !== '!') want(e.arg, 'number', `'${e.op}'`, false)
      stack.push(e.arg)
    } else if (e.type === 'binary') {
      if (e.op === '-' || e.op === '*' || e.op === '/' || e.op === '%') {
        want(e.left, 'number', `'${e.op}'`, false)
        want(e.right, 'number', `'${e.op}'`, false)
      }
      stack.push(e.right, e.left)
    } else if (e.type === 'call') {
      const fn = FUNCTIONS.get(e.name)
      e.args.forEach((a, i) => {
        const kind = fn?.argKinds[Math.min(i, fn.argKinds.length - 1)]
        if (fn && (kind === 'number' || kind === 'text')) want(a, kind, fn.name, fn.maxArgs === null)
        stack.push(a)
      })
    }
  }
}

function literalNumber(e: Expr, what: string, out: Diagnostic[]): void {
  if ((e.type === 'str' && numericValue(e.value) === undefined) || e.type === 'bool' || e.type === 'null') {
    const shown = e.type === 'str' ? `the text '${e.value}'` : e.type === 'bool' ? `the value ${e.value}` : 'null'
    out.push(err('wrong-kind', `${what} expects a number, not ${shown}`, e))
  }
}

const err = (code: string, message: string, s: { start: number; end: number }): Diagnostic => ({
  severity: 'error',
  code,
  message,
  start: s.start,
  end: s.end,
})
