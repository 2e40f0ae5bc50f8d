// When can a set of literals never hold together? Each check below is a proof under the rules of shared/expr
// (docs/expressions.md, "Conditions"): equality by number or trimmed text, contains ignoring case, prefixes as
// written, comparisons only between numbers (or only between texts). What is not covered is never claimed: an
// unknown combination is "may hold". Sound, not complete: a warning built on it is never a false alarm.
import { displayValue, isEmpty } from '../expr'
import { numericValue } from '../expr/values'
import { describeLiteral, literalHolds, type Literal } from './literal'
import { lonePath } from './operand'
import { withPath } from './vars'

/** Finite sets of values a variable path can hold at the node (a menu's row ids, a choice question's choices). */
export type Domains = ReadonlyMap<string, readonly unknown[]>

type Atom = Extract<Literal, { kind: 'atom' }>

/** Why the literals can never all hold, or null when they may. */
export function conflict(literals: readonly Literal[], domains?: Domains): string | null {
  const byTerm = new Map<string, Atom[]>()
  for (const l of literals) {
    if (l.kind === 'const') {
      if (!l.truth) return `${describeLiteral(l)} never holds`
      continue
    }
    if (l.kind !== 'atom') continue
    const never = neverHolds(l)
    if (never) return never
    byTerm.set(l.term.key, [...(byTerm.get(l.term.key) ?? []), l])
  }
  for (const lits of byTerm.values()) {
    const why = termConflict(lits) ?? domainConflict(lits, domains)
    if (why) return why
  }
  return null
}

/** A literal that holds whatever its term is (contains '', is empty of a constant…). */
export function alwaysHolds(l: Literal, domains?: Domains): boolean {
  if (l.kind === 'const') return l.truth
  if (l.kind !== 'atom') return false
  const flipped = { ...l, negated: !l.negated }
  return neverHolds(flipped) !== null || domainConflict([flipped], domains) !== null
}

function neverHolds(l: Atom): string | null {
  const v = l.value
  const text = displayValue(v)
  if ((l.op === 'contains' || l.op === 'starts_with' || l.op === 'ends_with') && text === '' && l.negated) {
    return `${describeLiteral(l)} never holds (every text contains the empty text)`
  }
  if (isComparison(l) && !l.negated && numericValue(v) === undefined && (typeof v !== 'string' || v.trim() === '')) {
    return `${describeLiteral(l)} never holds (nothing compares with an empty value)`
  }
  return null
}

const isComparison = (l: Atom) =>
  l.op === 'greater_than' || l.op === 'less_than' || l.op === 'greater_or_equal' || l.op === 'less_or_equal'

interface Bound {
  v: number
  open: boolean
  lit: Atom
}

/** Facts about one term gathered from its literals; each remembers the literal it came from, for the reason. */
class Facts {
  blank: [boolean, Atom] | null = null
  empty: [boolean, Atom] | null = null
  numeric: Atom | null = null
  text: Atom | null = null
  eqNum: [number, Atom] | null = null
  eqText: [string, Atom] | null = null
  lo: Bound | null = null
  hi: Bound | null = null
  neq: Array<[unknown, Atom]> = []
  negBounds: Atom[] = []
  starts: Array<[string, Atom]> = []
  ends: Array<[string, Atom]> = []
  notStarts: Array<[string, Atom]> = []
  notEnds: Array<[string, Atom]> = []
  contains: Array<[string, Atom]> = []
  notContains: Array<[string, Atom]> = []
  conflict: string | null = null

  set(kind: 'blank' | 'empty', value: boolean, lit: Atom): void {
    const had = this[kind]
    if (had && had[0] !== value) this.fail(had[1], lit)
    else if (!had) this[kind] = [value, lit]
  }

  fail(a: Atom, b: Atom): void {
    this.conflict ??=
      a === b ? `${describeLiteral(a)} never holds` : `${describeLiteral(a)} and ${describeLiteral(b)} cannot both hold`
  }
}

function termConflict(lits: Atom[]): string | null {
  const f = new Facts()
  const term = lits[0]!.term
  // length() is a count: never below zero, always a number.
  if (term.expr?.type === 'call' && term.expr.name === 'length') {
    gather(f, {
      kind: 'atom',
      term,
      op: 'greater_or_equal',
      value: 0,
      negated: false,
      rule: { left: term.text, operator: 'greater_or_equal', right: '0' },
    })
  }
  for (const l of lits) gather(f, l)
  if (f.conflict) return f.conflict
  // Blank implies empty; being a number or holding text rules both out.
  if (f.blank?.[0] && f.empty && !f.empty[0]) f.fail(f.blank[1], f.empty[1])
  const content = f.numeric ?? f.eqText?.[1] ?? f.contains[0]?.[1] ?? null
  if (content && f.empty?.[0] && !(f.eqText && isJsonish(f.eqText[0]) && content === f.eqText[1]))
    f.fail(f.empty[1], content)
  const nonBlank = content ?? f.starts[0]?.[1] ?? f.ends[0]?.[1] ?? f.text
  if (nonBlank && f.blank?.[0]) f.fail(f.blank[1], nonBlank)
  if (f.conflict) return f.conflict
  numbers(f)
  texts(f)
  return f.conflict
}

function gather(f: Facts, l: Atom): void {
  const v = l.value
  const n = numericValue(v)
  const text = displayValue(v)
  switch (l.op) {
    case 'is_empty':
      f.set('empty', !l.negated, l)
      return
    case 'equals':
      if (l.negated) {
        if (text.trim() === '') f.set('blank', false, l)
        else f.neq.push([v, l])
        return
      }
      if (text.trim() === '') return f.set('blank', true, l)
      if (n !== undefined) {
        if (f.eqNum && f.eqNum[0] !== n) f.fail(f.eqNum[1], l)
        f.eqNum ??= [n, l]
        f.numeric ??= l
        return
      }
      if (f.eqText && f.eqText[0] !== text.trim()) f.fail(f.eqText[1], l)
      f.eqText ??= [text.trim(), l]
      f.text ??= l
      return
    case 'contains':
      ;(l.negated ? f.notContains : f.contains).push([text.toLowerCase(), l])
      return
    case 'starts_with':
      ;(l.negated ? f.notStarts : f.starts).push([text, l])
      return
    case 'ends_with':
      ;(l.negated ? f.notEnds : f.ends).push([text, l])
      return
    default:
      if (l.negated) {
        if (n !== undefined) f.negBounds.push(l)
        return
      }
      if (n === undefined) {
        // Text against text: the term must be non-empty text that is not a number.
        f.text ??= l
        return
      }
      f.numeric ??= l
      bound(f, l.op, n, l)
  }
}

function bound(f: Facts, op: string, v: number, lit: Atom): void {
  if (op === 'greater_than' || op === 'greater_or_equal') {
    const b = { v, open: op === 'greater_than', lit }
    if (!f.lo || v > f.lo.v || (v === f.lo.v && b.open)) f.lo = b
  } else {
    const b = { v, open: op === 'less_than', lit }
    if (!f.hi || v < f.hi.v || (v === f.hi.v && b.open)) f.hi = b
  }
}

const NEGATED_OP: Record<string, string> = {
  greater_than: 'less_or_equal',
  less_than: 'greater_or_equal',
  greater_or_equal: 'less_than',
  less_or_equal: 'greater_than',
}

function numbers(f: Facts): void {
  if (!f.numeric) return
  const textual = f.eqText?.[1] ?? (f.text && f.text !== f.eqText?.[1] ? f.text : null)
  if (textual) return f.fail(f.numeric, textual)
  // Once the term must be a number, "not greater than 5" is "at most 5".
  for (const l of f.negBounds) bound(f, NEGATED_OP[l.op]!, numericValue(l.value)!, l)
  const { lo, hi, eqNum } = f
  if (lo && hi && (lo.v > hi.v || (lo.v === hi.v && (lo.open || hi.open)))) return f.fail(lo.lit, hi.lit)
  if (eqNum) {
    const [v, l] = eqNum
    if (lo && (v < lo.v || (v === lo.v && lo.open))) return f.fail(l, lo.lit)
    if (hi && (v > hi.v || (v === hi.v && hi.open))) return f.fail(l, hi.lit)
    for (const [other, nl] of f.neq) if (numericValue(other) === v) return f.fail(l, nl)
  }
}

/** Text that a list or an object could display as: equality then says nothing about emptiness or contents. */
const isJsonish = (t: string) => t.startsWith('[') || t.startsWith('{')

function texts(f: Facts): void {
  for (let i = 0; i < f.starts.length; i++)
    for (let j = i + 1; j < f.starts.length; j++) {
      const [p, a] = f.starts[i]!
      const [q, b] = f.starts[j]!
      if (!p.startsWith(q) && !q.startsWith(p)) return f.fail(a, b)
    }
  for (let i = 0; i < f.ends.length; i++)
    for (let j = i + 1; j < f.ends.length; j++) {
      const [p, a] = f.ends[i]!
      const [q, b] = f.ends[j]!
      if (!p.endsWith(q) && !q.endsWith(p)) return f.fail(a, b)
    }
  for (const [p, a] of f.starts) for (const [q, b] of f.notStarts) if (p.startsWith(q)) return f.fail(a, b)
  for (const [p, a] of f.ends) for (const [q, b] of f.notEnds) if (p.endsWith(q)) return f.fail(a, b)
  for (const [d, a] of f.contains) for (const [e, b] of f.notContains) if (d === e) return f.fail(a, b)
  if (!f.eqText) return
  const [t, eq] = f.eqText
  for (const [other, nl] of f.neq)
    if (numericValue(other) === undefined && displayValue(other).trim() === t) return f.fail(eq, nl)
  if (isJsonish(t)) return
  const lower = t.toLowerCase()
  // The term displays as t with spaces around it (equality ignores them), so only needles without spaces at their
  // ends can be judged.
  for (const [d, l] of f.contains) if (d === d.trim() && !lower.includes(d)) return f.fail(eq, l)
  for (const [d, l] of f.notContains) if (d !== '' && lower.includes(d)) return f.fail(eq, l)
  for (const [p, l] of f.starts) {
    if (p !== p.trimStart() || t.startsWith(p)) continue
    if (p.startsWith(t) && p.slice(t.length).trim() === '') continue
    return f.fail(eq, l)
  }
  for (const [s, l] of f.ends) {
    if (s !== s.trimEnd() || t.endsWith(s)) continue
    if (s.endsWith(t) && s.slice(0, s.length - t.length).trim() === '') continue
    return f.fail(eq, l)
  }
}

/** A lone variable with a known finite set of values: every value is tried with the engine's own rule evaluation. */
function domainConflict(lits: Atom[], domains?: Domains): string | null {
  const path = lonePath(lits[0]!.term)
  const values = path ? domains?.get(path) : undefined
  if (!path || !values) return null
  const holds = (value: unknown) => lits.every((l) => literalHolds(l, withPath(path, value)))
  if (values.some(holds)) return null
  const shown = values.map((v) => (isEmpty(v) ? '(unset)' : `'${displayValue(v)}'`)).join(', ')
  const what = lits.map(describeLiteral).join(' and ')
  return `{{${path}}} can only be ${shown} here, and none makes ${what} hold`
}
