import type { NodeRunner } from '../../engine/runner'
import type { ConditionConfig } from './definition'

// TRUE or FALSE by the rules joined with AND / OR (an empty AND group holds, an empty OR group does not).
export const conditionRunner: NodeRunner<ConditionConfig> = {
  run({ config, rules }) {
    const result = rules(config.rules, config.join)
    return { kind: 'next', port: result ? 'true' : 'false', output: { result } }
  },
}
