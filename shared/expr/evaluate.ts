// Tree-walking evaluator. No eval, no Function; variables are read only through `lookup` (own properties only) and
// functions only from the FUNCTIONS map. Failures throw ExprError, which the template layer catches per placeholder.
import type { BinaryNode, Expr } from './ast'
import type { Vars } from './types'
import { ExprError } from './errors'
import { FUNCTIONS } from './functions'
import { lookup } from './paths'
import { cleanNumber, compareValues, describeValue, display, looseEquals, numericValue, strictEquals, truthy } from './values'

export function evaluate(e: Expr, vars: Vars): unknown {
  switch (e.type) {
    case 'num':
    case 'str':
    case 'bool':
      return e.value
    case 'null':
      return null
    case 'var':
      return lookup(vars, e.path)
    case 'name':
    case 'error':
      return undefined
    case 'unary': {
      const v = evaluate(e.arg, vars)
      if (e.op === '!') return !truthy(v)
      const n = operand(v, e.arg, e.op === '-' ? 'negate' : 'use + on')
      return e.op === '-' ? -n || 0 : n
    }
    case 'binary':
      return binary(e, vars)
    case 'call': {
      const fn = FUNCTIONS.get(e.name)
      if (!fn) throw new ExprError('unknown-function', `unknown function '${e.name}'`, e.start, e.nameEnd)
      try {
        if (fn.callLazy) return fn.callLazy(e.args, (a) => evaluate(a, vars))
        return fn.call!(e.args.map((a) => evaluate(a, vars)))
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

function operand(v: unknown, node: Expr, verb: string): number {
  const n = numericValue(v)
  if (n === undefined) throw new ExprError('not-a-number', `cannot ${verb} ${describeValue(v)}: it is not a number`, node.start, node.end)
  return n
}

function binary(e: BinaryNode, vars: Vars): unknown {
  const { op } = e
  if (op === '&&') return truthy(evaluate(e.left, vars)) && truthy(evaluate(e.right, vars))
  if (op === '||') return truthy(evaluate(e.left, vars)) || truthy(evaluate(e.right, vars))
  const a = evaluate(e.left, vars)
  const b = evaluate(e.right, vars)
  switch (op) {
    case '==': return looseEquals(a, b)
    case '!=': return !looseEquals(a, b)
    case '===': return strictEquals(a, b)
    case '!==': return !strictEquals(a, b)
    case '<': return (compareValues(a, b) ?? NaN) < 0
    case '>': return (compareValues(a, b) ?? NaN) > 0
    case '<=': return (compareValues(a, b) ?? NaN) <= 0
    case '>=': return (compareValues(a, b) ?? NaN) >= 0
    case '+': {
      const na = numericValue(a)
      const nb = numericValue(b)
      if (na !== undefined && nb !== undefined) return finite(na + nb, e)
      return display(a) + display(b)
    }
  }
  const x = operand(a, e.left, verbs[op] ?? 'use')
  const y = operand(b, e.right, verbs[op] ?? 'use')
  if ((op === '/' || op === '%') && y === 0) throw new ExprError('division-by-zero', 'division by zero', e.right.start, e.right.end)
  return finite(op === '-' ? x - y : op === '*' ? x * y : op === '/' ? x / y : x % y, e)
}

const verbs: Record<string, string> = { '-': 'subtract with', '*': 'multiply', '/': 'divide', '%': 'take the remainder of' }

function finite(n: number, e: Expr): number {
  if (!Number.isFinite(n)) throw new ExprError('number-too-large', 'the result is too large to be a number', e.start, e.end)
  return cleanNumber(n)
}
