// Math functions. Variadic ones accept lists too (sum({{order.prices}})) and skip empty values, like a spreadsheet.
import type { Evaluator, FunctionDef } from './types'
import { ExprError } from '../errors'
import { cleanNumber, describeValue, isBlank, numericValue } from '../values'

export function toNumber(v: unknown, fn: string): number {
  const n = numericValue(v)
  if (n === undefined) throw new ExprError('wrong-kind', `${fn} expects a number, got ${describeValue(v)}`)
  return n
}

/** Numbers of all arguments, lists flattened, empty values skipped. */
function numbers(args: unknown[], fn: string, out: number[] = []): number[] {
  for (let i = 0; i < args.length; i++) {
    const v = args[i]
    if (typeof v === 'number' && Number.isFinite(v)) out.push(v)
    else if (Array.isArray(v))
      numbers(v, fn, out) // lists nested too deeply end in a RangeError, reported as too-deep
    else if (!isBlank(v)) out.push(toNumber(v, fn))
  }
  return out
}

function nonEmpty(args: unknown[], fn: string): number[] {
  const ns = numbers(args, fn)
  if (ns.length === 0) throw new ExprError('no-values', `${fn} needs at least one number, but every value is empty`)
  return ns
}

/** n × 10^d without going through binary multiplication, so round(1.005, 2) is 1.01. */
function shift(n: number, d: number): number {
  const [m, e = '0'] = String(n).split('e')
  return Number(`${m}e${Number(e) + d}`)
}

export function roundHalfAway(x: number, digits: number): number {
  if (digits === 0) return Math.sign(x) * Math.round(Math.abs(x)) || 0
  const r = Math.sign(x) * shift(Math.round(shift(Math.abs(x), digits)), -digits)
  return r === 0 ? 0 : r
}

/** A sum of finite numbers can overflow (1e308 + 1e308): that is an error, as it is for `+`. */
function finiteTotal(n: number, fn: string): number {
  if (!Number.isFinite(n)) throw new ExprError('number-too-large', `the result of ${fn} is too large to be a number`)
  return cleanNumber(n)
}

const variadic = { minArgs: 1, maxArgs: null, argKinds: ['number'] } as const

const isFiniteNumber = (v: unknown): v is number => typeof v === 'number' && v - v === 0

/** A one-argument function of a finite number, called directly; other values take the general call. */
function one(args: readonly Evaluator[], apply: (values: unknown[]) => unknown, f: (n: number) => number): Evaluator {
  const x = args[0]!
  return (v) => {
    const a = x(v)
    return isFiniteNumber(a) ? f(a) : apply([a])
  }
}

/** A two-argument call on two finite numbers, called directly; other values (and other counts) the general call. */
function two(
  args: readonly Evaluator[],
  apply: (values: unknown[]) => unknown,
  f: (a: number, b: number) => number,
): Evaluator | undefined {
  if (args.length !== 2) return undefined
  const [x, y] = args as [Evaluator, Evaluator]
  return (v) => {
    const a = x(v)
    const b = y(v)
    return isFiniteNumber(a) && isFiniteNumber(b) ? f(a, b) : apply([a, b])
  }
}

export const MATH_FUNCTIONS: FunctionDef[] = [
  {
    name: 'sum',
    category: 'math',
    signature: 'sum(value1, value2, …)',
    ...variadic,
    description: 'Adds numbers; lists are added item by item and empty values are skipped.',
    example: '{{sum({{price}}, {{tax}})}} → 295.5',
    call: (a) =>
      finiteTotal(
        numbers(a, 'sum').reduce((s, n) => s + n, 0),
        'sum',
      ),
    // Finite numbers add in the same order as the reduce above (0 + a + b); anything else, an overflow included,
    // takes the general call.
    specialise: (args, apply) => {
      const [x, y, z] = args as [Evaluator, Evaluator, Evaluator]
      switch (args.length) {
        case 1:
          return (v) => {
            const a = x(v)
            return isFiniteNumber(a) ? cleanNumber(0 + a) : apply([a])
          }
        case 2:
          return (v) => {
            const a = x(v)
            const b = y(v)
            if (isFiniteNumber(a) && isFiniteNumber(b)) {
              const s = 0 + a + b
              if (s - s === 0) return cleanNumber(s)
            }
            return apply([a, b])
          }
        case 3:
          return (v) => {
            const a = x(v)
            const b = y(v)
            const c = z(v)
            if (isFiniteNumber(a) && isFiniteNumber(b) && isFiniteNumber(c)) {
              const s = 0 + a + b + c
              if (s - s === 0) return cleanNumber(s)
            }
            return apply([a, b, c])
          }
      }
      return undefined
    },
  },
  {
    name: 'avg',
    category: 'math',
    signature: 'avg(value1, value2, …)',
    ...variadic,
    description: 'Average of the numbers given (lists included, empty values skipped).',
    example: '{{avg(4, 5, 9)}} → 6',
    call: (a) => {
      const ns = nonEmpty(a, 'avg')
      const total = ns.reduce((s, n) => s + n, 0)
      // The average of huge numbers is a number even when their total is not: divide first only then.
      return Number.isFinite(total)
        ? cleanNumber(total / ns.length)
        : finiteTotal(
            ns.reduce((s, n) => s + n / ns.length, 0),
            'avg',
          )
    },
  },
  {
    name: 'min',
    category: 'math',
    signature: 'min(value1, value2, …)',
    ...variadic,
    description: 'Smallest of the numbers given (lists included, empty values skipped).',
    example: '{{min({{price}}, 200)}} → 200',
    call: (a) => nonEmpty(a, 'min').reduce((m, n) => (n < m ? n : m)), // no spread: a long list would overflow it
    specialise: (args, apply) => two(args, apply, (a, b) => (b < a ? b : a)),
  },
  {
    name: 'max',
    category: 'math',
    signature: 'max(value1, value2, …)',
    ...variadic,
    description: 'Largest of the numbers given (lists included, empty values skipped).',
    example: '{{max({{price}}, 200)}} → 250',
    call: (a) => nonEmpty(a, 'max').reduce((m, n) => (n > m ? n : m)),
    specialise: (args, apply) => two(args, apply, (a, b) => (b > a ? b : a)),
  },
  {
    name: 'round',
    category: 'math',
    signature: 'round(number, digits?)',
    minArgs: 1,
    maxArgs: 2,
    argKinds: ['number', 'number'],
    description: 'Rounds to the nearest whole number, or to digits decimals; halves round away from zero.',
    example: '{{round(2.345, 2)}} → 2.35',
    call: (a) => {
      const digits = a.length > 1 ? toNumber(a[1], 'round') : 0
      if (!Number.isInteger(digits) || Math.abs(digits) > 15)
        throw new ExprError('wrong-kind', `round takes a whole number of digits between -15 and 15, got ${digits}`)
      return roundHalfAway(toNumber(a[0], 'round'), digits)
    },
    specialise: (args, apply) => {
      const [x, d] = args as [Evaluator, Evaluator]
      if (args.length === 1)
        return (v) => {
          const a = x(v)
          // A whole number (a product of whole numbers, a count) is its own rounding; -0 is 0, as roundHalfAway gives.
          return isFiniteNumber(a) ? (Number.isInteger(a) ? a || 0 : roundHalfAway(a, 0)) : apply([a])
        }
      return (v) => {
        const a = x(v)
        const digits = d(v)
        return isFiniteNumber(a) && Number.isInteger(digits) && Math.abs(digits as number) <= 15
          ? roundHalfAway(a, digits as number)
          : apply([a, digits])
      }
    },
  },
  {
    name: 'floor',
    category: 'math',
    signature: 'floor(number)',
    minArgs: 1,
    maxArgs: 1,
    argKinds: ['number'],
    description: 'Rounds down to the whole number below.',
    example: '{{floor(4.8)}} → 4',
    call: (a) => Math.floor(toNumber(a[0], 'floor')),
    specialise: (args, apply) => one(args, apply, Math.floor),
  },
  {
    name: 'ceil',
    category: 'math',
    signature: 'ceil(number)',
    minArgs: 1,
    maxArgs: 1,
    argKinds: ['number'],
    description: 'Rounds up to the whole number above.',
    example: '{{ceil(4.2)}} → 5',
    call: (a) => Math.ceil(toNumber(a[0], 'ceil')),
    specialise: (args, apply) => one(args, apply, Math.ceil),
  },
  {
    name: 'abs',
    category: 'math',
    signature: 'abs(number)',
    minArgs: 1,
    maxArgs: 1,
    argKinds: ['number'],
    description: 'The number without its sign.',
    example: '{{abs(-7)}} → 7',
    call: (a) => Math.abs(toNumber(a[0], 'abs')),
    specialise: (args, apply) => one(args, apply, Math.abs),
  },
]
