// A rule as a logical literal: "operand OP constant", possibly negated. The negative operators (not equals, not
// contains, is not empty) become their positive form with `negated`, so reasoning knows one form of each. Rules that
// compare two variable operands are kept "opaque": reasoning never claims anything about them.
import { OPERATOR_LABELS, displayValue, evaluateRule, type ConditionOperator, type ConditionRule } from '../expr'
import { numericValue } from '../expr/values'
import { operand, type Operand } from './operand'

export type BaseOp =
  | 'equals'
  | 'contains'
  | 'starts_with'
  | 'ends_with'
  | 'greater_than'
  | 'less_than'
  | 'greater_or_equal'
  | 'less_or_equal'
  | 'is_empty'

export type Literal =
  /** Both sides constant: the rule always has `truth`. */
  | { kind: 'const'; truth: boolean; rule: ConditionRule }
  /** `term op value`, the term read from variables, the value a constant. */
  | { kind: 'atom'; term: Operand; op: BaseOp; value: unknown; negated: boolean; rule: ConditionRule }
  | { kind: 'opaque'; negated: boolean; rule: ConditionRule }

const POSITIVE: Record<ConditionOperator, [BaseOp, boolean]> = {
  equals: ['equals', false],
  not_equals: ['equals', true],
  contains: ['contains', false],
  not_contains: ['contains', true],
  starts_with: ['starts_with', false],
  ends_with: ['ends_with', false],
  greater_than: ['greater_than', false],
  less_than: ['less_than', false],
  greater_or_equal: ['greater_or_equal', false],
  less_or_equal: ['less_or_equal', false],
  is_empty: ['is_empty', false],
  is_not_empty: ['is_empty', true],
}

/** `5 < {{x}}` is `{{x}} > 5`: comparisons and equality read the same from either side. */
const FLIPPED: Partial<Record<BaseOp, BaseOp>> = {
  equals: 'equals',
  greater_than: 'less_than',
  less_than: 'greater_than',
  greater_or_equal: 'less_or_equal',
  less_or_equal: 'greater_or_equal',
}

export function literalOf(rule: ConditionRule): Literal {
  const [op, negated] = POSITIVE[rule.operator]
  const left = operand(rule.left)
  if (op === 'is_empty') {
    if (left.constant) return { kind: 'const', truth: evaluateRule(rule, {}).result, rule }
    return { kind: 'atom', term: left, op, value: undefined, negated, rule }
  }
  const right = operand(rule.right ?? '')
  if (left.constant && right.constant) return { kind: 'const', truth: evaluateRule(rule, {}).result, rule }
  if (!left.constant && right.constant) return { kind: 'atom', term: left, op, value: right.value, negated, rule }
  const flipped = FLIPPED[op]
  if (left.constant && flipped) return { kind: 'atom', term: right, op: flipped, value: left.value, negated, rule }
  return { kind: 'opaque', negated, rule }
}

/** Whether the literal holds for these variables, by the engine's own evaluation of its rule. */
export function literalHolds(l: Literal, vars: Record<string, unknown>): boolean {
  if (l.kind === 'const') return l.truth
  const ruleNegated = POSITIVE[l.rule.operator][1]
  return evaluateRule(l.rule, vars).result !== (l.negated !== ruleNegated)
}

export function negate(l: Literal): Literal {
  if (l.kind === 'const') return { ...l, truth: !l.truth }
  return { ...l, negated: !l.negated }
}

const SYMBOL: Partial<Record<BaseOp, [string, string]>> = {
  greater_than: ['>', '≤'],
  less_than: ['<', '≥'],
  greater_or_equal: ['≥', '<'],
  less_or_equal: ['≤', '>'],
}

/** A literal as a person reads it: `{{age}} ≥ 18`, `{{row_id}} does not equal 'haircut'`. */
export function describeLiteral(l: Literal): string {
  if (l.kind === 'const')
    return `${l.rule.left} ${OPERATOR_LABELS[l.rule.operator]} ${l.rule.right ?? ''}`.trim() + ` (always ${l.truth})`
  if (l.kind === 'opaque')
    return `${l.negated ? 'not ' : ''}(${l.rule.left} ${OPERATOR_LABELS[l.rule.operator]} ${l.rule.right ?? ''})`
  const term = l.term.key
  if (l.op === 'is_empty') return `${term} is ${l.negated ? 'not ' : ''}empty`
  const value =
    typeof l.value === 'string' && numericValue(l.value) === undefined ? `'${l.value}'` : displayValue(l.value)
  const sym = SYMBOL[l.op]
  // A negated comparison is its opposite only for numbers; the wording stays honest for text too.
  if (sym) return l.negated ? `${term} is not ${sym[0]} ${value}` : `${term} ${sym[0]} ${value}`
  const words: Record<string, [string, string]> = {
    equals: ['equals', 'does not equal'],
    contains: ['contains', 'does not contain'],
    starts_with: ['starts with', 'does not start with'],
    ends_with: ['ends with', 'does not end with'],
  }
  return `${term} ${words[l.op]![l.negated ? 1 : 0]} ${value}`
}
