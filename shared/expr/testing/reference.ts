// A plain tree-walking evaluator with the language's rules and no specialisation at all: every path walked by
// lookup(), every operator through values.ts, every eager function through its general `call` on an argument
// array, if/ifEmpty/coalesce written out. compile.test.ts checks the closure compiler gives exactly its values and
// errors on generated expressions and sessions. Test-only.
import type { Expr } from '../ast'
import type { Vars } from '../types'
import { ExprError } from '../errors'
import { FUNCTIONS } from '../functions'
import { lookup } from '../paths'
import { operand } from '../compile-ops'
import {
  cleanNumber,
  compareValues,
  display,
  isEmpty,
  looseEquals,
  numericValue,
  strictEquals,
  truthy,
} from '../values'

function finite(n: number, e: Expr): number {
  if (Number.isInteger(n)) return n
  if (!Number.isFinite(n))
    throw new ExprError('number-too-large', 'the result is too large to be a number', e.start, e.end)
  return cleanNumber(n)
}

function decimals(n: number): number {
  const s = String(n)
  if (s.includes('e')) return -1
  const dot = s.indexOf('.')
  return dot < 0 ? 0 : s.length - dot - 1
}

function remainder(x: number, y: number): number {
  const k = Math.max(decimals(x), decimals(y))
  if (k <= 0 || decimals(x) < 0 || decimals(y) < 0) return x % y
  const f = 10 ** k
  const a = Math.round(x * f)
  const b = Math.round(y * f)
  if (!Number.isSafeInteger(a) || !Number.isSafeInteger(b) || b === 0) return x % y
  return (a % b) / f
}

export function referenceEval(e: Expr, v: Vars): unknown {
  const ev = (x: Expr) => referenceEval(x, v)
  switch (e.type) {
    case 'num':
    case 'str':
    case 'bool':
      return e.value
    case 'null':
      return null
    case 'var':
      return lookup(v, e.path)
    case 'name':
    case 'error':
      return undefined
    case 'unary': {
      if (e.op === '!') return !truthy(ev(e.arg))
      if (e.op === '-') return -operand(ev(e.arg), e.arg, 'negate') || 0
      return operand(ev(e.arg), e.arg, 'use + on')
    }
    case 'binary': {
      const { left, right } = e
      switch (e.op) {
        case '&&':
          return truthy(ev(left)) && truthy(ev(right))
        case '||':
          return truthy(ev(left)) || truthy(ev(right))
        case '==':
          return looseEquals(ev(left), ev(right))
        case '!=':
          return !looseEquals(ev(left), ev(right))
        case '===':
          return strictEquals(ev(left), ev(right))
        case '!==':
          return !strictEquals(ev(left), ev(right))
        case '<':
        case '>':
        case '<=':
        case '>=': {
          const c = compareValues(ev(left), ev(right)) ?? NaN
          return e.op === '<' ? c < 0 : e.op === '>' ? c > 0 : e.op === '<=' ? c <= 0 : c >= 0
        }
        case '+': {
          const a = ev(left)
          const b = ev(right)
          const na = typeof a === 'number' ? a : numericValue(a)
          const nb = typeof b === 'number' ? b : numericValue(b)
          if (na !== undefined && nb !== undefined && Number.isFinite(na) && Number.isFinite(nb))
            return finite(na + nb, e)
          return display(a) + display(b)
        }
        case '-':
          return finite(operand(ev(left), left, 'subtract with') - operand(ev(right), right, 'subtract with'), e)
        case '*':
          return finite(operand(ev(left), left, 'multiply') * operand(ev(right), right, 'multiply'), e)
        case '/':
        case '%': {
          const mod = e.op === '%'
          const verb = mod ? 'take the remainder of' : 'divide'
          const x = operand(ev(left), left, verb)
          const y = operand(ev(right), right, verb)
          if (y === 0) throw new ExprError('division-by-zero', 'division by zero', right.start, right.end)
          return finite(mod ? remainder(x, y) : x / y, e)
        }
      }
      break
    }
    case 'call': {
      const fn = FUNCTIONS.get(e.name)
      if (!fn) throw new ExprError('unknown-function', `unknown function '${e.name}'`, e.start, e.nameEnd)
      const a = e.args
      if (e.name === 'if') return truthy(ev(a[0]!)) ? ev(a[1]!) : a.length > 2 ? ev(a[2]!) : ''
      if (e.name === 'ifEmpty') {
        const x = ev(a[0]!)
        return isEmpty(x) ? ev(a[1]!) : x
      }
      if (e.name === 'coalesce') {
        for (const arg of a) {
          const x = ev(arg)
          if (!isEmpty(x)) return x
        }
        return ''
      }
      const values = a.map(ev)
      try {
        return fn.call!(values)
      } catch (err) {
        if (err instanceof ExprError && err.start < 0) {
          err.start = e.start
          err.end = e.end
        }
        throw err
      }
    }
  }
}
