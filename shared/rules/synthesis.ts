// Values worth trying for a variable so that rules come out one way or the other. For each rule that reads the
// variable, the constant it is compared with gives targets (18 for ≥ 18, and 17 for its failure; 'kumar' and 'x' for
// contains 'kumar'…), and each target is carried back through the operand's expression tree to the variable
// (length(x) = 4 → 'aaaa'; x * 2 > 10 → 6; toLowerCase(x) = 'yes' → 'yes', 'Yes'). The search (search.ts) then
// keeps what the engine's own evaluation confirms, so a candidate here only has to be plausible.
import type { ConditionRule, Expr } from '../expr'
import { displayValue } from '../expr'
import { compileExpr } from '../expr/compile'
import { numericValue } from '../expr/values'
import { literalOf, type BaseOp } from './literal'

export interface RuleGroup {
  join: 'and' | 'or'
  rules: readonly ConditionRule[]
}

const GENERIC: unknown[] = ['', 'test', 0, 1, -1, 'yes', 'no', true, false]

/** Candidate values for `path`, best first: targets of every rule reading it, then combinations, then generic values. */
export function candidatesFor(path: string, groups: readonly RuleGroup[]): unknown[] {
  const out: unknown[] = []
  for (const g of groups) {
    for (const rule of g.rules) {
      const lit = literalOf(rule)
      if (lit.kind !== 'atom' || !lit.term.paths.includes(path) || !lit.term.expr) continue
      for (const t of targets(lit.op, lit.value)) out.push(...invert(lit.term.expr, path, t))
    }
    if (g.join === 'and') out.push(...combined(path, g.rules))
  }
  out.push(...GENERIC)
  return unique(out)
}

/** Values that make `op value` true, then values that make it false. */
export function targets(op: BaseOp, value: unknown): unknown[] {
  const n = numericValue(value)
  const text = displayValue(value)
  switch (op) {
    case 'is_empty':
      return ['', 'x']
    case 'equals':
      return n !== undefined ? [n, n + 1, ''] : [text, text + 'x', '']
    case 'contains':
      return [text, `x ${text} x`, text.toUpperCase(), 'zz', '']
    // Text around the constant first: the constant alone both starts and ends with itself, so a test built on it
    // could not tell starts with from ends with.
    case 'starts_with':
      return [text + filler(text), text, filler(text) + text, '']
    case 'ends_with':
      return [filler(text) + text, text, text + filler(text), '']
    case 'greater_than':
      return n !== undefined ? [n + 1, n + 0.5, n, n - 1] : [text + 'a', text, '']
    case 'greater_or_equal':
      return n !== undefined ? [n, n + 1, n - 1, n - 0.5] : [text, text + 'a', '']
    case 'less_than':
      return n !== undefined ? [n - 1, n - 0.5, n, n + 1] : [before(text), text, '']
    case 'less_or_equal':
      return n !== undefined ? [n, n - 1, n + 1, n + 0.5] : [text, before(text), '']
  }
}

/** A letter that neither starts nor ends `t`, to put beside it. */
const filler = (t: string): string => ['x', 'z', 'q'].find((c) => !t.startsWith(c) && !t.endsWith(c))!

/** A text just below `t` in code order (for text comparisons such as ISO dates). */
function before(t: string): string {
  if (!t) return ''
  const last = t.charCodeAt(t.length - 1)
  return last > 32 ? t.slice(0, -1) + String.fromCharCode(last - 1) : t.slice(0, -1)
}

/** One value meeting every positive text rule of an AND group on the lone variable: prefix + needles + suffix. */
function combined(path: string, rules: readonly ConditionRule[]): unknown[] {
  let prefix = ''
  let suffix = ''
  const needles: string[] = []
  let lo: number | undefined
  let hi: number | undefined
  for (const rule of rules) {
    const lit = literalOf(rule)
    if (lit.kind !== 'atom' || lit.negated || lit.term.key !== `{{${path}}}`) continue
    const text = displayValue(lit.value)
    const n = numericValue(lit.value)
    if (lit.op === 'starts_with' && text.length > prefix.length) prefix = text
    else if (lit.op === 'ends_with' && text.length > suffix.length) suffix = text
    else if (lit.op === 'contains') needles.push(text)
    else if (n !== undefined && (lit.op === 'greater_than' || lit.op === 'greater_or_equal'))
      lo = Math.max(lo ?? -Infinity, n)
    else if (n !== undefined && (lit.op === 'less_than' || lit.op === 'less_or_equal')) hi = Math.min(hi ?? Infinity, n)
  }
  const out: unknown[] = []
  if (prefix || suffix || needles.length)
    out.push(prefix + needles.filter((d) => !prefix.includes(d) && !suffix.includes(d)).join(' ') + suffix)
  if (lo !== undefined && hi !== undefined) out.push((lo + hi) / 2, Math.floor((lo + hi) / 2))
  return out
}

/** Values of `path` that make expression `e` evaluate to `t`, when the tree lets us work backwards. */
export function invert(e: Expr, path: string, t: unknown): unknown[] {
  switch (e.type) {
    case 'var':
      return e.path.join('.') === path ? [t] : []
    case 'call':
      return invertCall(e.name, e.args, path, t)
    case 'unary':
      if (e.op === '-') return numericValue(t) !== undefined ? invert(e.arg, path, -numericValue(t)!) : []
      if (e.op === '!') return invertBool(e.arg, path, !truthyTarget(t))
      return invert(e.arg, path, t)
    case 'binary':
      return invertBinary(e, path, t)
    default:
      return []
  }
}

const reads = (e: Expr, path: string): boolean => {
  switch (e.type) {
    case 'var':
      return e.path.join('.') === path
    case 'call':
      return e.args.some((a) => reads(a, path))
    case 'unary':
      return reads(e.arg, path)
    case 'binary':
      return reads(e.left, path) || reads(e.right, path)
    default:
      return false
  }
}

/** The value of a subtree that reads no variable ('Order ', 2 * 3); undefined when it reads one or fails. */
function constantOf(e: Expr): unknown {
  try {
    return compileExpr(e)({})
  } catch {
    return undefined
  }
}

function invertCall(name: string, args: Expr[], path: string, t: unknown): unknown[] {
  const text = displayValue(t)
  const first = args[0]
  if (!first) return []
  switch (name) {
    case 'toLowerCase':
      return [...invert(first, path, text), ...invert(first, path, capitalise(text))]
    case 'toUpperCase':
      return [...invert(first, path, text.toLowerCase()), ...invert(first, path, text)]
    case 'trim':
      return [...invert(first, path, text), ...invert(first, path, ` ${text} `)]
    case 'length': {
      const n = numericValue(t)
      return n !== undefined && Number.isInteger(n) && n >= 0 && n <= 5000 ? invert(first, path, 'a'.repeat(n)) : []
    }
    case 'abs':
    case 'round':
    case 'floor':
    case 'ceil':
      return invert(first, path, t)
    case 'ifEmpty':
    case 'coalesce':
      return args.flatMap((a) => invert(a, path, t))
    case 'if':
      return [
        ...(args[1] ? invert(args[1], path, t) : []),
        ...(args[2] ? invert(args[2], path, t) : []),
        ...invertBool(first, path, true),
        ...invertBool(first, path, false),
      ]
    case 'concat': {
      const i = args.findIndex((a) => reads(a, path))
      if (i < 0 || args.some((a, j) => j !== i && reads(a, path))) return []
      const pre = args
        .slice(0, i)
        .map((a) => displayValue(constantOf(a)))
        .join('')
      const post = args
        .slice(i + 1)
        .map((a) => displayValue(constantOf(a)))
        .join('')
      if (!text.startsWith(pre) || !text.endsWith(post) || text.length < pre.length + post.length) return []
      return invert(args[i]!, path, text.slice(pre.length, text.length - post.length))
    }
    default:
      return []
  }
}

function invertBinary(e: Extract<Expr, { type: 'binary' }>, path: string, t: unknown): unknown[] {
  const { op, left, right } = e
  if (op === '&&' || op === '||' || ['==', '!=', '===', '!==', '<', '>', '<=', '>='].includes(op))
    return invertBool(e, path, truthyTarget(t))
  const leftReads = reads(left, path)
  const side = leftReads ? left : right
  const k = numericValue(constantOf(leftReads ? right : left))
  const n = numericValue(t)
  if (op === '+' && k === undefined) {
    const kt = displayValue(constantOf(leftReads ? right : left))
    const text = displayValue(t)
    if (leftReads && text.endsWith(kt)) return invert(side, path, text.slice(0, text.length - kt.length))
    if (!leftReads && text.startsWith(kt)) return invert(side, path, text.slice(kt.length))
    return []
  }
  if (k === undefined || n === undefined) return []
  switch (op) {
    case '+':
      return invert(side, path, n - k)
    case '-':
      return invert(side, path, leftReads ? n + k : k - n)
    case '*':
      return k === 0 ? [] : whole(n / k).flatMap((x) => invert(side, path, x))
    case '/':
      return leftReads ? invert(side, path, n * k) : n === 0 ? [] : whole(k / n).flatMap((x) => invert(side, path, x))
    case '%':
      return leftReads ? invert(side, path, n) : []
    default:
      return []
  }
}

/** A quotient, and the whole numbers on both sides of it first: people type 250, not 249.916666666667. */
function whole(x: number): number[] {
  if (Number.isInteger(x)) return [x]
  return [Math.ceil(x), Math.floor(x), Number(x.toPrecision(15))]
}

const COMPARE_OP: Record<string, BaseOp> = {
  '==': 'equals',
  '===': 'equals',
  '!=': 'equals',
  '!==': 'equals',
  '<': 'less_than',
  '>': 'greater_than',
  '<=': 'less_or_equal',
  '>=': 'greater_or_equal',
}
const FLIP: Record<string, string> = { '<': '>', '>': '<', '<=': '>=', '>=': '<=' }

/** Values that make a boolean expression true (want) or false; the search keeps the right ones. */
function invertBool(e: Expr, path: string, want: boolean): unknown[] {
  if (e.type === 'unary' && e.op === '!') return invertBool(e.arg, path, !want)
  if (e.type !== 'binary') return invert(e, path, want ? 'x' : '')
  if (e.op === '&&' || e.op === '||') return [...invertBool(e.left, path, want), ...invertBool(e.right, path, want)]
  const leftReads = reads(e.left, path)
  const op = leftReads ? e.op : (FLIP[e.op] ?? e.op)
  const base = COMPARE_OP[op]
  if (!base) return []
  const side = leftReads ? e.left : e.right
  const k = constantOf(leftReads ? e.right : e.left)
  return targets(base, k).flatMap((t) => invert(side, path, t))
}

const truthyTarget = (t: unknown) =>
  t === true ||
  (typeof t === 'string' && t.trim() !== '' && t.trim().toLowerCase() !== 'false' && t.trim() !== '0') ||
  (typeof t === 'number' && t !== 0)

function capitalise(t: string): string {
  return t ? t[0]!.toUpperCase() + t.slice(1) : t
}

function unique(values: unknown[]): unknown[] {
  const seen = new Set<string>()
  const out: unknown[] = []
  for (const v of values) {
    const key = typeof v + ':' + JSON.stringify(v)
    if (seen.has(key) || (typeof v === 'number' && !Number.isFinite(v))) continue
    seen.add(key)
    out.push(v)
  }
  return out
}
