import { describe, expect, it } from 'vitest'
import { CONDITION_OPERATORS, OPERATOR_LABELS, evaluateRule, evaluateRules, type ConditionOperator } from './index'
import { FIXTURE_VARS } from './testing/fixtures'

const table: [left: string, op: ConditionOperator, right: string, expected: boolean][] = [
  ['{{customer_name}}', 'equals', 'Asha', true],
  ['{{customer_name}}', 'equals', 'asha', false], // equals is case-sensitive
  [' {{customer_name}} ', 'equals', ' Asha ', true], // spaces around text are ignored
  ['{{age}}', 'equals', '21', true],
  ['{{age}}', 'equals', '21.0', true], // numbers compare as numbers
  ['{{age_num}}', 'equals', '{{age}}', true],
  ['{{missing}}', 'equals', '', true],
  ['{{customer_name}}', 'not_equals', 'Ravi', true],
  ['{{customer_name}}', 'not_equals', 'Asha', false],
  ['{{padded}}', 'contains', 'KUMAR', true], // contains ignores case
  ['{{padded}}', 'contains', 'singh', false],
  ['{{tags}}', 'contains', 'vip', true], // a list contains an item
  ['{{tags}}', 'contains', 'vi', false],
  ['{{padded}}', 'not_contains', 'Kumar', false],
  ['{{padded}}', 'not_contains', 'singh', true],
  ['{{customer_name}}', 'starts_with', 'As', true],
  ['{{customer_name}}', 'starts_with', 'as', false], // case-sensitive
  ['{{customer_name}}', 'ends_with', 'ha', true],
  ['{{customer_name}}', 'ends_with', 'HA', false],
  ['{{age}}', 'greater_than', '18', true],
  ['{{age}}', 'greater_than', '100', false], // numerically, not as text ("21" > "100" as text)
  ['{{young}}', 'less_than', '18', true],
  ['{{age}}', 'greater_or_equal', '21', true],
  ['{{age}}', 'less_or_equal', '20.5', false],
  ['{{date_b}}', 'greater_than', '{{date_a}}', true], // non-numeric text compares by character codes
  ['{{word}}', 'greater_than', '5', false], // text against a number: never true
  ['{{missing}}', 'less_than', '5', false],
  ['{{blank}}', 'is_empty', '', true],
  ['{{spaces}}', 'is_empty', '', true],
  ['{{missing}}', 'is_empty', '', true],
  ['{{empty_list}}', 'is_empty', '', true],
  ['{{empty_obj}}', 'is_empty', '', true],
  ['{{zero}}', 'is_empty', '', false],
  ['{{customer_name}}', 'is_not_empty', '', true],
  ['{{blank}}', 'is_not_empty', '', false],
  ['{{ {{price}} * 1.18 }}', 'equals', '118', true],
  ['{{http_call_1.status}}', 'equals', '200', true],
]

describe('evaluateRule', () => {
  it.each(table)('%s %s %s → %s', (left, operator, right, expected) => {
    const r = evaluateRule({ left, operator, right }, FIXTURE_VARS)
    expect(r).toEqual({ result: expected, errors: [] })
  })
  it('reports an operand error and keeps going', () => {
    const r = evaluateRule({ left: '{{ {{word}} * 2 }}', operator: 'is_empty' }, FIXTURE_VARS)
    expect(r.result).toBe(true)
    expect(r.errors.map((e) => e.code)).toEqual(['not-a-number'])
  })
  it('has a label for every operator', () => {
    expect(CONDITION_OPERATORS).toHaveLength(12)
    for (const op of CONDITION_OPERATORS) expect(OPERATOR_LABELS[op]).toBe(op.replace(/_/g, ' '))
  })
})

describe('evaluateRules', () => {
  const yes = { left: '{{age}}', operator: 'greater_than', right: '18' } as const
  const no = { left: '{{age}}', operator: 'less_than', right: '18' } as const
  const bad = { left: '{{round({{word}})}}', operator: 'is_not_empty' } as const
  it('AND needs every rule, OR any rule', () => {
    expect(evaluateRules([yes, yes], 'and', FIXTURE_VARS).result).toBe(true)
    expect(evaluateRules([yes, no], 'and', FIXTURE_VARS).result).toBe(false)
    expect(evaluateRules([no, yes], 'or', FIXTURE_VARS).result).toBe(true)
    expect(evaluateRules([no, no], 'or', FIXTURE_VARS).result).toBe(false)
  })
  it('an empty group: AND holds, OR does not', () => {
    expect(evaluateRules([], 'and', {}).result).toBe(true)
    expect(evaluateRules([], 'or', {}).result).toBe(false)
  })
  it('stops at the first rule that decides: later rules are not evaluated', () => {
    expect(evaluateRules([no, bad], 'and', FIXTURE_VARS)).toEqual({ result: false, errors: [] })
    expect(evaluateRules([yes, bad], 'or', FIXTURE_VARS)).toEqual({ result: true, errors: [] })
    expect(evaluateRules([yes, bad], 'and', FIXTURE_VARS).errors.map((e) => e.code)).toEqual(['wrong-kind'])
  })
  it('collects errors of the rules it evaluated', () => {
    const r = evaluateRules([bad, yes], 'and', FIXTURE_VARS)
    expect(r.result).toBe(false)
    expect(r.errors.map((e) => e.code)).toEqual(['wrong-kind'])
  })
})
