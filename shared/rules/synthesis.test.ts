import { describe, expect, it } from 'vitest'
import { evaluateRules, type ConditionRule, type Vars } from '../expr'
import { operand } from './operand'
import { search } from './search'
import { candidatesFor, type RuleGroup } from './synthesis'

const r = (left: string, operator: ConditionRule['operator'], right?: string): ConditionRule => ({
  left,
  operator,
  ...(right !== undefined ? { right } : {}),
})

/** Finds values for every variable the group reads so that the group comes out `want`. */
function solve(group: RuleGroup, want: boolean, others: RuleGroup[] = []): Vars | null {
  const paths = [...new Set(group.rules.flatMap((x) => [...operand(x.left).paths, ...operand(x.right ?? '').paths]))]
  const pools = paths.map((path) => ({ path, values: candidatesFor(path, [group, ...others]) }))
  return search(pools, {}, (vars) => evaluateRules([...group.rules], group.join, vars).result === want)?.vars ?? null
}

describe('values synthesised for rules, both ways', () => {
  it.each<[string, RuleGroup]>([
    ['equals a text', { join: 'and', rules: [r('{{answer}}', 'equals', 'yes')] }],
    ['equals a number', { join: 'and', rules: [r('{{qty}}', 'equals', '12')] }],
    ['contains in any case', { join: 'and', rules: [r('{{name}}', 'contains', 'KUMAR')] }],
    ['starts with', { join: 'and', rules: [r('{{code}}', 'starts_with', 'IN-')] }],
    ['ends with', { join: 'and', rules: [r('{{email}}', 'ends_with', '@acme.com')] }],
    ['greater than', { join: 'and', rules: [r('{{age}}', 'greater_than', '17')] }],
    ['less or equal', { join: 'and', rules: [r('{{age}}', 'less_or_equal', '12')] }],
    ['text order (ISO dates)', { join: 'and', rules: [r('{{day}}', 'less_than', '2026-01-05')] }],
    ['is empty', { join: 'and', rules: [r('{{note}}', 'is_empty')] }],
    ['is not empty', { join: 'and', rules: [r('{{note}}', 'is_not_empty')] }],
    ['length()', { join: 'and', rules: [r('{{ length({{name}}) }}', 'greater_or_equal', '5')] }],
    ['arithmetic', { join: 'and', rules: [r('{{ {{price}} * 1.18 }}', 'greater_than', '100')] }],
    ['arithmetic, constant first', { join: 'and', rules: [r('{{ 100 - {{discount}} }}', 'equals', '75')] }],
    ['lower case of an answer', { join: 'and', rules: [r('{{ toLowerCase({{answer}}) }}', 'equals', 'yes')] }],
    [
      'a boolean expression compared with true',
      { join: 'and', rules: [r('{{ {{age}} >= 18 && {{age}} < 65 }}', 'equals', 'true')] },
    ],
    ['concat with a constant', { join: 'and', rules: [r("{{ concat('SKU-', {{id}}) }}", 'equals', 'SKU-42')] }],
    [
      'AND on one variable',
      {
        join: 'and',
        rules: [r('{{code}}', 'starts_with', 'A'), r('{{code}}', 'ends_with', 'Z'), r('{{code}}', 'contains', 'mid')],
      },
    ],
    ['AND of a range', { join: 'and', rules: [r('{{n}}', 'greater_than', '10'), r('{{n}}', 'less_than', '20')] }],
    [
      'AND on two variables',
      { join: 'and', rules: [r('{{rating}}', 'less_than', '3'), r('{{may_contact}}', 'equals', 'true')] },
    ],
    ['OR', { join: 'or', rules: [r('{{row_id}}', 'equals', 'haircut'), r('{{row_id}}', 'equals', 'colour')] }],
    ['a constant on the left', { join: 'and', rules: [r('18', 'less_or_equal', '{{age}}')] }],
  ])('%s', (_name, group) => {
    const yes = solve(group, true)
    const no = solve(group, false)
    expect(yes, 'a value making it hold').not.toBeNull()
    expect(no, 'a value making it fail').not.toBeNull()
    expect(evaluateRules([...group.rules], group.join, yes!).result).toBe(true)
    expect(evaluateRules([...group.rules], group.join, no!).result).toBe(false)
  })

  it('prefers boundary values, so an operator that moves the boundary changes the outcome', () => {
    expect(solve({ join: 'and', rules: [r('{{age}}', 'greater_or_equal', '18')] }, true)).toEqual({ age: 18 })
    expect(solve({ join: 'and', rules: [r('{{age}}', 'greater_or_equal', '18')] }, false)).toEqual({ age: 17 })
    expect(solve({ join: 'and', rules: [r('{{age}}', 'greater_than', '17')] }, true)).toEqual({ age: 18 })
  })

  it('finds nothing for rules that contradict', () => {
    expect(
      solve({ join: 'and', rules: [r('{{n}}', 'greater_than', '5'), r('{{n}}', 'less_than', '3')] }, true),
    ).toBeNull()
  })

  it('the else path of a router: every route fails', () => {
    const routes: RuleGroup[] = [
      { join: 'and', rules: [r('{{tier}}', 'equals', 'gold'), r('{{spend}}', 'greater_than', '1000')] },
      { join: 'or', rules: [r('{{tier}}', 'equals', 'silver'), r('{{spend}}', 'greater_than', '500')] },
    ]
    const paths = ['tier', 'spend']
    const pools = paths.map((path) => ({ path, values: candidatesFor(path, routes) }))
    const elseVars = search(pools, {}, (v) => routes.every((g) => !evaluateRules([...g.rules], g.join, v).result))
    expect(elseVars).not.toBeNull()
    const second = search(
      pools,
      {},
      (v) =>
        !evaluateRules([...routes[0]!.rules], 'and', v).result && evaluateRules([...routes[1]!.rules], 'or', v).result,
    )
    expect(second).not.toBeNull()
  })
})
