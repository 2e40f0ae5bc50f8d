// The evaluator: a closure compiler. A parsed tree is turned once into nested closures specialised on what is known
// before any session exists: a variable path becomes a reader of its precomputed keys (one closure per path length,
// no loop), a subtree that reads no variable is evaluated once and becomes its value, operators with a constant side
// hold that side as a number (compile-ops.ts), and functions are called through arity-specialised closures of their
// own (functions/*.ts `specialise`) with no argument array. No eval, no Function; variables are read only through
// own properties, functions only from the FUNCTIONS map. Failures throw ExprError, which the template layer catches
// per placeholder.
import type { CallNode, Expr } from './ast'
import type { Vars } from './types'
import { ExprError } from './errors'
import { FUNCTIONS } from './functions'
import { isIndex, lookup } from './paths'
import { readerOf } from './slots'
import { binary, node, unary, type Compiled, type Evaluator } from './compile-ops'

export type { Evaluator } from './compile-ops'

const hasOwn = Object.prototype.hasOwnProperty

export function compileExpr(e: Expr): Evaluator {
  return compile(e).run
}

/** The compiled node with what is known of it (bool: its value is always true or false). */
export const compileCode = (e: Expr): Compiled => compile(e)

function compile(e: Expr): Compiled {
  switch (e.type) {
    case 'num':
    case 'str':
    case 'bool':
      return constant(e.value)
    case 'null':
      return constant(null)
    case 'var':
      return node(reader(e.path), false)
    case 'name':
    case 'error':
      return node(unset, false)
    case 'unary': {
      const a = compile(e.arg)
      return fold(unary(e, a), [a])
    }
    case 'binary': {
      const l = compile(e.left)
      const r = compile(e.right)
      return fold(binary(e, l, r), [l, r])
    }
    case 'call': {
      const args = e.args.map(compile)
      return fold(call(e, args), args)
    }
  }
}

const unset: Evaluator = () => undefined

function constant(value: unknown): Compiled {
  return { run: always(value), bool: typeof value === 'boolean', constant: { value } }
}

const always =
  (value: unknown): Evaluator =>
  () =>
    value

/**
 * A node whose operands are all constants is evaluated now and becomes its value: `{{ 2 * 3 }}` is 6 before any
 * session exists. Every operator and function is pure, so the value is the one each run would compute. A node that
 * fails (`1e308 * 10`) stays as it is and fails when it runs, with the same error.
 */
function fold(node: Compiled, operands: Compiled[]): Compiled {
  if (operands.length === 0 || !operands.every((o) => o.constant)) return node
  try {
    return constant(node.run({}))
  } catch {
    return node
  }
}

/**
 * Reads a variable path from its precomputed keys, one closure per length up to 4 (a path is rarely longer), so
 * no loop and no array walk at run time. The root is read by its key's own reader (slots.ts); each later step
 * follows own properties only, and a list only by an item number: `isIndex` is decided for every key now.
 */
function reader(path: string[]): Evaluator {
  const [a, b, c, d] = path as [string, string, string, string]
  switch (path.length) {
    case 1:
      return readerOf(a)
    case 2: {
      const root = readerOf(a)
      const sb = stepper(b)
      return (vars) => sb(root(vars))
    }
    case 3: {
      const root = readerOf(a)
      const sb = stepper(b)
      const sc = stepper(c)
      return (vars) => sc(sb(root(vars)))
    }
    case 4: {
      const root = readerOf(a)
      const sb = stepper(b)
      const sc = stepper(c)
      const sd = stepper(d)
      return (vars) => sd(sc(sb(root(vars))))
    }
    default:
      return (vars) => lookup(vars, path)
  }
}

type Step = (o: unknown) => unknown

/**
 * The step to `key` from the value before it: an item number reads an own item of a list or an own property of an
 * object; any other key an own property of an object that is not a list, through the key's reader (slots.ts).
 */
function stepper(key: string): Step {
  if (isIndex(key))
    return (o) =>
      typeof o === 'object' && o !== null && hasOwn.call(o, key) ? (o as Record<string, unknown>)[key] : undefined
  const read = readerOf(key)
  return (o) => (typeof o === 'object' && o !== null && !Array.isArray(o) ? read(o as Vars) : undefined)
}

function call(e: CallNode, args: Compiled[]): Compiled {
  const fn = FUNCTIONS.get(e.name)
  if (!fn) return node(unknown(e), false)
  const runs = args.map((a) => a.run)
  // Lazy functions (if, ifEmpty, coalesce) compile their own closure: they evaluate only the arguments they need,
  // and raise no error of their own (their arguments' errors already name their place).
  if (fn.compileLazy) return node(fn.compileLazy(runs), false)
  const apply = applier(fn.call!, e)
  return node(fn.specialise?.(runs, apply) ?? general(runs, apply), false)
}

function unknown(e: CallNode): Evaluator {
  return () => {
    throw new ExprError('unknown-function', `unknown function '${e.name}'`, e.start, e.nameEnd)
  }
}

/** The general call on evaluated arguments: every case and every error of the function. */
function applier(eager: (values: unknown[]) => unknown, e: CallNode): (values: unknown[]) => unknown {
  return (values) => {
    try {
      return eager(values)
    } catch (err) {
      throw located(err, e)
    }
  }
}

function general(runs: Evaluator[], apply: (values: unknown[]) => unknown): Evaluator {
  const n = runs.length
  return (v) => {
    const values = new Array<unknown>(n)
    for (let i = 0; i < n; i++) values[i] = runs[i]!(v)
    return apply(values)
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
