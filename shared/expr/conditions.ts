// Condition and Router rules. Operands are templates ({{age}}, 18, {{ {{a}} + 1 }}); single placeholders keep their
// raw value. Case rules: contains / not contains ignore case; every other text comparison is exact.
import type { Diagnostic, Vars } from './types'
import { evaluateTemplate } from './template'
import { compareValues, display, isEmpty, looseEquals } from './values'

export const CONDITION_OPERATORS = [
  'equals',
  'not_equals',
  'contains',
  'not_contains',
  'starts_with',
  'ends_with',
  'greater_than',
  'less_than',
  'greater_or_equal',
  'less_or_equal',
  'is_empty',
  'is_not_empty',
] as const

export type ConditionOperator = (typeof CONDITION_OPERATORS)[number]

export const OPERATOR_LABELS: Record<ConditionOperator, string> = {
  equals: 'equals',
  not_equals: 'not equals',
  contains: 'contains',
  not_contains: 'not contains',
  starts_with: 'starts with',
  ends_with: 'ends with',
  greater_than: 'greater than',
  less_than: 'less than',
  greater_or_equal: 'greater or equal',
  less_or_equal: 'less or equal',
  is_empty: 'is empty',
  is_not_empty: 'is not empty',
}

/** Operators that take no right-hand operand. */
export const UNARY_OPERATORS: ReadonlySet<ConditionOperator> = new Set(['is_empty', 'is_not_empty'])

export interface ConditionRule {
  left: string
  operator: ConditionOperator
  right?: string
}

export function evaluateRule(rule: ConditionRule, vars: Vars): { result: boolean; errors: Diagnostic[] } {
  const l = evaluateTemplate(rule.left, vars)
  if (rule.operator === 'is_empty' || rule.operator === 'is_not_empty') {
    return { result: isEmpty(l.value) === (rule.operator === 'is_empty'), errors: l.errors }
  }
  const r = evaluateTemplate(rule.right ?? '', vars)
  const errors = [...l.errors, ...r.errors]
  try {
    return { result: apply(rule.operator, l.value, r.value), errors }
  } catch (err) {
    if (!(err instanceof RangeError)) throw err
    errors.push({
      severity: 'error',
      code: 'too-deep',
      message: 'a value is nested too deeply to compare',
      start: 0,
      end: rule.left.length,
    })
    return { result: false, errors }
  }
}

/** 'and': every rule holds (an empty group holds); 'or': at least one does. Stops at the first deciding rule. */
export function evaluateRules(
  rules: ConditionRule[],
  join: 'and' | 'or',
  vars: Vars,
): { result: boolean; errors: Diagnostic[] } {
  const errors: Diagnostic[] = []
  for (const rule of rules) {
    const r = evaluateRule(rule, vars)
    errors.push(...r.errors)
    if (join === 'and' && !r.result) return { result: false, errors }
    if (join === 'or' && r.result) return { result: true, errors }
  }
  return { result: join === 'and', errors }
}

function apply(op: ConditionOperator, a: unknown, b: unknown): boolean {
  switch (op) {
    case 'equals':
      return looseEquals(trimText(a), trimText(b))
    case 'not_equals':
      return !looseEquals(trimText(a), trimText(b))
    case 'contains':
      return contains(a, b)
    case 'not_contains':
      return !contains(a, b)
    case 'starts_with':
      return display(a).startsWith(display(b))
    case 'ends_with':
      return display(a).endsWith(display(b))
    case 'greater_than':
      return (compareValues(a, b) ?? NaN) > 0
    case 'less_than':
      return (compareValues(a, b) ?? NaN) < 0
    case 'greater_or_equal':
      return (compareValues(a, b) ?? NaN) >= 0
    case 'less_or_equal':
      return (compareValues(a, b) ?? NaN) <= 0
    default:
      return false
  }
}

/** Customers type " Yes " as often as "Yes": equals ignores spaces around text (never inside, never case). */
const trimText = (v: unknown) => (typeof v === 'string' ? v.trim() : v)

/** Text: substring ignoring case. List: an item equal to the value ignoring case. */
function contains(a: unknown, b: unknown): boolean {
  const needle = display(b).toLowerCase()
  if (Array.isArray(a)) return a.some((item) => display(item).toLowerCase() === needle)
  return display(a).toLowerCase().includes(needle)
}
