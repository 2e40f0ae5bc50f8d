// The evaluator: a parsed tree is turned once into nested closures, so rendering a compiled template pays no
// per-node dispatch. No eval, no Function; variables are read only through own properties, functions only from the
// FUNCTIONS map. Failures throw ExprError, which the template layer catches per placeholder.
import type { BinaryNode, Expr } from './ast'
import type { Vars } from './types'
import { ExprError } from './errors'
import { FUNCTIONS } from './functions'
import { isIndex, lookup } from './paths'
import {
  cleanNumber,
  compareValues,
  describeValue,
  display,
  looseEquals,
  numericValue,
  strictEquals,
  truthy,
} from './values'

export type Evaluator = (vars: Vars) => unknown

const hasOwn = Object.prototype.hasOwnProperty

export function compileExpr(e: Expr): Evaluator {
  switch (e.type) {
    case 'num':
    case 'str':
    case 'bool': {
      const v = e.value
      return () => v
    }
    case 'null':
      return () => null
    case 'var':
      return reader(e.path)
    case 'name':
    case 'error':
      return () => undefined
    case 'unary': {
      const arg = compileExpr(e.arg)
      if (e.op === '!') return (v) => !truthy(arg(v))
      const node = e.arg
      if (e.op === '-') return (v) => -operand(arg(v), node, 'negate') || 0
      return (v) => operand(arg(v), node, 'use + on')
    }
    case 'binary':
      return binary(e)
    case 'call':
      return call(e)
  }
}

/** Reads a variable path; the one- and two-segment cases (most of them) skip the loop. */
function reader(path: string[]): Evaluator {
  const [a, b] = path as [string, string]
  if (path.length === 1) return (vars) => (hasOwn.call(vars, a) ? vars[a] : undefined)
  if (path.length === 2)
    return (vars) => {
      const o = hasOwn.call(vars, a) ? vars[a] : undefined
      if (o === null || typeof o !== 'object' || !hasOwn.call(o, b) || (Array.isArray(o) && !isIndex(b)))
        return undefined
      return (o as Record<string, unknown>)[b]
    }
  return (vars) => lookup(vars, path)
}

function operand(v: unknown, node: Expr, verb: string): number {
  if (typeof v === 'number' && Number.isFinite(v)) return v
  const n = numericValue(v)
  if (n === undefined)
    throw new ExprError('not-a-number', `cannot ${verb} ${describeValue(v)}: it is not a number`, node.start, node.end)
  return n
}

function finite(n: number, e: Expr): number {
  if (Number.isInteger(n)) return n
  if (!Number.isFinite(n))
    throw new ExprError('number-too-large', 'the result is too large to be a number', e.start, e.end)
  return cleanNumber(n)
}

const NEVER = NaN // compareValues gives undefined for incomparable values: every ordering is then false

function binary(e: BinaryNode): Evaluator {
  const l = compileExpr(e.left)
  const r = compileExpr(e.right)
  const { left, right } = e
  switch (e.op) {
    case '&&':
      return (v) => truthy(l(v)) && truthy(r(v))
    case '||':
      return (v) => truthy(l(v)) || truthy(r(v))
    case '==':
      return (v) => looseEquals(l(v), r(v))
    case '!=':
      return (v) => !looseEquals(l(v), r(v))
    case '===':
      return (v) => strictEquals(l(v), r(v))
    case '!==':
      return (v) => !strictEquals(l(v), r(v))
    case '<':
      return (v) => (compareValues(l(v), r(v)) ?? NEVER) < 0
    case '>':
      return (v) => (compareValues(l(v), r(v)) ?? NEVER) > 0
    case '<=':
      return (v) => (compareValues(l(v), r(v)) ?? NEVER) <= 0
    case '>=':
      return (v) => (compareValues(l(v), r(v)) ?? NEVER) >= 0
    case '+':
      return (v) => {
        const a = l(v)
        const b = r(v)
        const na = typeof a === 'number' ? a : numericValue(a)
        const nb = typeof b === 'number' ? b : numericValue(b)
        if (na !== undefined && nb !== undefined && Number.isFinite(na) && Number.isFinite(nb))
          return finite(na + nb, e)
        return display(a) + display(b)
      }
    case '-':
      return (v) => finite(operand(l(v), left, 'subtract with') - operand(r(v), right, 'subtract with'), e)
    case '*':
      return (v) => finite(operand(l(v), left, 'multiply') * operand(r(v), right, 'multiply'), e)
    case '/':
    case '%': {
      const mod = e.op === '%'
      const verb = mod ? 'take the remainder of' : 'divide'
      return (v) => {
        const x = operand(l(v), left, verb)
        const y = operand(r(v), right, verb)
        if (y === 0) throw new ExprError('division-by-zero', 'division by zero', right.start, right.end)
        return finite(mod ? remainder(x, y) : x / y, e)
      }
    }
  }
}

/** Digits after the decimal point of n as written (0.25 → 2), or -1 when it is written with an exponent. */
function decimals(n: number): number {
  const s = String(n)
  if (s.includes('e')) return -1
  const dot = s.indexOf('.')
  return dot < 0 ? 0 : s.length - dot - 1
}

/**
 * x % y on the decimals as written: 0.3 % 0.1 is 0, where binary floating point gives 0.09999999999999998 (noise that
 * rounding to 15 digits cannot remove). Both are scaled to whole numbers when that is exact; otherwise plain %.
 */
function remainder(x: number, y: number): number {
  const k = Math.max(decimals(x), decimals(y))
  if (k <= 0 || decimals(x) < 0 || decimals(y) < 0) return x % y
  const f = 10 ** k
  const a = Math.round(x * f)
  const b = Math.round(y * f)
  if (!Number.isSafeInteger(a) || !Number.isSafeInteger(b) || b === 0) return x % y
  return (a % b) / f
}

function call(e: Extract<Expr, { type: 'call' }>): Evaluator {
  const fn = FUNCTIONS.get(e.name)
  if (!fn)
    return () => {
      throw new ExprError('unknown-function', `unknown function '${e.name}'`, e.start, e.nameEnd)
    }
  const args = e.args.map(compileExpr)
  const n = args.length
  if (fn.callLazy) {
    const lazy = fn.callLazy
    return (v) => {
      try {
        return lazy(args, v)
      } catch (err) {
        throw located(err, e)
      }
    }
  }
  const eager = fn.call!
  return (v) => {
    const values = new Array<unknown>(n)
    for (let i = 0; i < n; i++) values[i] = args[i]!(v)
    try {
      return eager(values)
    } catch (err) {
      throw located(err, e)
    }
  }
}

/** Errors raised inside a function name no place: they point at the whole call. */
function located(err: unknown, e: Expr): unknown {
  if (err instanceof ExprError && err.start < 0) {
    err.start = e.start
    err.end = e.end
  }
  return err
}
