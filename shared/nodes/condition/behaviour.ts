// What a Condition's ports decide (shared/nodes/behaviour.ts): True when its one group of rules holds, else False.
import { conditionDeadPorts } from '../../rules/guards'
import type { NodeBranches } from '../behaviour'
import type { ConditionConfig } from './definition'

export const conditionBranches: NodeBranches<ConditionConfig> = {
  routes: (c) => [{ id: 'true', name: 'True', group: { join: c.join, rules: c.rules, emptyHolds: true } }],
  deadPorts: (routes) => conditionDeadPorts(routes[0]!.group),
  withRules: (c, _index, rules) => ({ ...c, rules }),
  decision: (port) => ({ result: port === 'true' }),
}
