// Operators of the closure compiler (compile.ts). Each operator is specialised on the shape of its operands when it
// is compiled: a constant operand is read once at compile time (1.18 in `{{price}} * 1.18` is a number in the
// closure, not a closure to call), operands known to be true/false skip the truthiness rules, and every closure
// takes a typeof fast path for plain numbers before the general rules of values.ts. The results are those of the
// general rules in every case: the fast paths only skip work whose outcome is known.
import type { BinaryNode, Expr, UnaryNode } from './ast'
import type { Evaluator } from './functions/types'
import { ExprError } from './errors'
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

export type { Evaluator }

/** A compiled node: its evaluator, whether it always gives true/false, and its value when it reads nothing. */
export interface Compiled {
  run: Evaluator
  bool: boolean
  constant?: { value: unknown }
}

/**
 * A compiled node. Closures are passed in, not written as `run: (v) => …`: a closure written as an object property
 * (or assigned to a const) is named by esbuild's keepNames, which tsx uses, with a defineProperty call each time it
 * is created, and that was a third of compiling a template.
 */
export const node = (run: Evaluator, bool: boolean): Compiled => ({ run, bool })

/** The number an arithmetic operand stands for; a clear error naming the operation when it is none. */
export function operand(v: unknown, node: Expr, verb: string): number {
  if (typeof v === 'number' && Number.isFinite(v)) return v
  const n = numericValue(v)
  if (n === undefined)
    throw new ExprError('not-a-number', `cannot ${verb} ${describeValue(v)}: it is not a number`, node.start, node.end)
  return n
}

/** operand() with its common case, a finite number, decided here (small enough to be inlined into each closure). */
const num = (v: unknown, node: Expr, verb: string): number =>
  typeof v === 'number' && v - v === 0 ? v : operand(v, node, verb)

function finite(n: number, e: Expr): number {
  if (Number.isInteger(n)) return n
  if (!Number.isFinite(n))
    throw new ExprError('number-too-large', 'the result is too large to be a number', e.start, e.end)
  return cleanNumber(n)
}

/** The constant operand as a number for `verb`, or undefined when it is not constant or not a number. */
function constNumber(c: Compiled, node: Expr, verb: string): number | undefined {
  if (!c.constant) return undefined
  try {
    return operand(c.constant.value, node, verb)
  } catch {
    return undefined // the general closure raises the error when it runs, exactly as before
  }
}

export function unary(e: UnaryNode, a: Compiled): Compiled {
  const arg = a.run
  if (e.op === '!') return node(a.bool ? (v) => !arg(v) : (v) => !truthy(arg(v)), true)
  const at = e.arg
  if (e.op === '-') return node((v) => -num(arg(v), at, 'negate') || 0, false)
  return node((v) => num(arg(v), at, 'use + on'), false)
}

const NEVER = NaN // compareValues gives undefined for incomparable values: every ordering is then false

export function binary(e: BinaryNode, L: Compiled, R: Compiled): Compiled {
  const l = L.run
  const r = R.run
  switch (e.op) {
    case '&&':
      if (L.bool && R.bool) return node((v) => (l(v) as boolean) && (r(v) as boolean), true)
      return node((v) => truthy(l(v)) && truthy(r(v)), true)
    case '||':
      if (L.bool && R.bool) return node((v) => (l(v) as boolean) || (r(v) as boolean), true)
      return node((v) => truthy(l(v)) || truthy(r(v)), true)
    case '==':
    case '!=':
      return node(equality(e.op === '!=', L, R), true)
    case '===':
      return node((v) => strictEquals(l(v), r(v)), true)
    case '!==':
      return node((v) => !strictEquals(l(v), r(v)), true)
    case '<':
    case '>':
    case '<=':
    case '>=':
      return node(ordering(e.op, L, R), true)
    case '+':
      return node(plus(e, l, r), false)
    case '-':
    case '*':
      return node(product(e, L, R), false)
    case '/':
    case '%':
      return node(quotient(e, L, R), false)
  }
}

function plus(e: Expr, l: Evaluator, r: Evaluator): Evaluator {
  return (v) => {
    const a = l(v)
    const b = r(v)
    if (typeof a === 'number' && typeof b === 'number' && a - a === 0 && b - b === 0) return finite(a + b, e)
    const na = typeof a === 'number' ? a : numericValue(a)
    const nb = typeof b === 'number' ? b : numericValue(b)
    if (na !== undefined && nb !== undefined && Number.isFinite(na) && Number.isFinite(nb)) return finite(na + nb, e)
    return display(a) + display(b)
  }
}

/** `-` and `*`, with a constant side read once. */
function product(e: BinaryNode, L: Compiled, R: Compiled): Evaluator {
  const { left, right } = e
  const l = L.run
  const r = R.run
  if (e.op === '*') {
    const verb = 'multiply'
    const rc = constNumber(R, right, verb)
    if (rc !== undefined) return (v) => finite(num(l(v), left, verb) * rc, e)
    const lc = constNumber(L, left, verb)
    if (lc !== undefined) return (v) => finite(lc * num(r(v), right, verb), e)
    return (v) => finite(num(l(v), left, verb) * num(r(v), right, verb), e)
  }
  const verb = 'subtract with'
  const rc = constNumber(R, right, verb)
  if (rc !== undefined) return (v) => finite(num(l(v), left, verb) - rc, e)
  const lc = constNumber(L, left, verb)
  if (lc !== undefined) return (v) => finite(lc - num(r(v), right, verb), e)
  return (v) => finite(num(l(v), left, verb) - num(r(v), right, verb), e)
}

function quotient(e: BinaryNode, L: Compiled, R: Compiled): Evaluator {
  const { left, right } = e
  const l = L.run
  const r = R.run
  const mod = e.op === '%'
  const verb = mod ? 'take the remainder of' : 'divide'
  return (v) => {
    const x = num(l(v), left, verb)
    const y = num(r(v), right, verb)
    if (y === 0) throw new ExprError('division-by-zero', 'division by zero', right.start, right.end)
    return finite(mod ? remainder(x, y) : x / y, e)
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

/** The number a value stands for (numericValue), with plain finite numbers decided without a call. */
const numeric = (a: unknown): number | undefined =>
  typeof a === 'number' ? (a - a === 0 ? a : undefined) : numericValue(a)

/**
 * `==` / `!=`. Against a constant number (or numeric text) the other side compares as a number when it is one, and
 * by the general rule otherwise; against constant non-numeric, non-blank text, text compares exactly.
 */
function equality(negate: boolean, L: Compiled, R: Compiled): Evaluator {
  const side = R.constant ? L.run : L.constant ? R.run : undefined
  const c = R.constant ? R.constant.value : L.constant?.value
  if (side) {
    const nc = numericValue(c)
    if (nc !== undefined) {
      const cc = cleanNumber(nc)
      return (v) => {
        const a = side(v)
        const na = numeric(a)
        return (na !== undefined ? cleanNumber(na) === cc : looseEquals(a, c)) !== negate
      }
    }
    if (typeof c === 'string' && c.trim() !== '')
      return (v) => {
        const a = side(v)
        return (typeof a === 'string' ? a === c : looseEquals(a, c)) !== negate
      }
  }
  const l = L.run
  const r = R.run
  return negate ? (v) => !looseEquals(l(v), r(v)) : (v) => looseEquals(l(v), r(v))
}

/** `<` `>` `<=` `>=`; against a constant number, the other side is compared only when it is a number or numeric text. */
function ordering(op: '<' | '>' | '<=' | '>=', L: Compiled, R: Compiled): Evaluator {
  const l = L.run
  const r = R.run
  const rc = R.constant ? numericValue(R.constant.value) : undefined
  if (rc !== undefined) {
    const c = cleanNumber(rc)
    // A side that is not a number makes compareValues undefined: false, as NEVER gives below.
    switch (op) {
      case '<':
        return (v) => {
          const n = numeric(l(v))
          return n !== undefined && cleanNumber(n) < c
        }
      case '>':
        return (v) => {
          const n = numeric(l(v))
          return n !== undefined && cleanNumber(n) > c
        }
      case '<=':
        return (v) => {
          const n = numeric(l(v))
          return n !== undefined && cleanNumber(n) <= c
        }
      case '>=':
        return (v) => {
          const n = numeric(l(v))
          return n !== undefined && cleanNumber(n) >= c
        }
    }
  }
  switch (op) {
    case '<':
      return (v) => (compareValues(l(v), r(v)) ?? NEVER) < 0
    case '>':
      return (v) => (compareValues(l(v), r(v)) ?? NEVER) > 0
    case '<=':
      return (v) => (compareValues(l(v), r(v)) ?? NEVER) <= 0
    case '>=':
      return (v) => (compareValues(l(v), r(v)) ?? NEVER) >= 0
  }
}
