import { z } from 'zod'
import { CONDITION_OPERATORS, UNARY_OPERATORS, type ConditionRule } from '../../expr'
import type { Problem, TextField, ValidateContext } from '../types'
import { error, isBlank } from '../../flow/checks'

// Rules shared by Condition and Router: operands are templates ({{age}}, 18), evaluated by shared/expr.
export const ConditionRuleSchema = z.object({
  left: z.string().default('').describe('Left operand, a template such as {{age}}.'),
  operator: z
    .enum(CONDITION_OPERATORS)
    .default('equals')
    .describe('contains and not_contains ignore case; greater/less compare numbers when both sides are numbers.'),
  right: z.string().optional().describe('Right operand; absent for is_empty and is_not_empty.'),
}) satisfies z.ZodType<ConditionRule>

export const JoinSchema = z.enum(['and', 'or']).default('and').describe('and: every rule must hold; or: any one rule.')

export function ruleTextFields(rules: ConditionRule[], base: string, what: string): TextField[] {
  const f: TextField[] = []
  rules.forEach((r, i) => {
    f.push({ pointer: `${base}/${i}/left`, label: `${what} rule ${i + 1} left`, value: r.left })
    if (r.right !== undefined && !UNARY_OPERATORS.has(r.operator))
      f.push({ pointer: `${base}/${i}/right`, label: `${what} rule ${i + 1} right`, value: r.right })
  })
  return f
}

export function validateRules(rules: ConditionRule[], base: string, what: string, ctx: ValidateContext): Problem[] {
  const out: Problem[] = []
  if (rules.length === 0) out.push(error(ctx, 'config.required', `${what} needs at least one rule.`, base))
  rules.forEach((r, i) => {
    if (isBlank(r.left))
      out.push(error(ctx, 'config.required', `${what} rule ${i + 1} has no left value.`, `${base}/${i}/left`))
    if (!UNARY_OPERATORS.has(r.operator) && r.right === undefined)
      out.push(
        error(ctx, 'config.required', `${what} rule ${i + 1} needs a value to compare with.`, `${base}/${i}/right`),
      )
  })
  return out
}

export function describeRules(rules: ConditionRule[], join: 'and' | 'or'): string {
  return rules
    .map((r) => `${r.left} ${r.operator.replace(/_/g, ' ')}${r.right !== undefined ? ' ' + r.right : ''}`)
    .join(join === 'and' ? ' AND ' : ' OR ')
}
