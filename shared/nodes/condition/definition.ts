import { z } from 'zod'
import type { NodeDefinition } from '../types'
import { oneLine } from '../../flow/summary'
import { ConditionRuleSchema, JoinSchema, describeRules, ruleTextFields, validateRules } from './definition-rules'

export const ConditionConfigSchema = z.object({
  join: JoinSchema,
  rules: z.array(ConditionRuleSchema).default([]).describe('At least one rule; the true port is taken when they hold.'),
})
export type ConditionConfig = z.infer<typeof ConditionConfigSchema>

export const conditionDefinition: NodeDefinition<ConditionConfig> = {
  label: 'Condition',
  description: 'Checks rules joined by AND or OR and follows the True or False path.',
  category: 'logic',
  configSchema: ConditionConfigSchema,
  defaults: () => ({ join: 'and', rules: [{ left: '', operator: 'is_not_empty' }] }),
  ports: () => [
    { id: 'true', label: 'True', kind: 'true' },
    { id: 'false', label: 'False', kind: 'false' },
  ],
  waits: () => false,
  variables: (_c, name) => [{ path: `${name}.result`, description: 'True when the rules held', type: 'boolean' }],
  customerTexts: () => [],
  textFields: (c) => ruleTextFields(c.rules, '/rules', 'Condition'),
  validate: (c, ctx) => validateRules(c.rules, '/rules', 'Condition', ctx),
  summary: (c) => (c.rules.length ? oneLine(describeRules(c.rules, c.join), 60) : 'No rules yet'),
}
