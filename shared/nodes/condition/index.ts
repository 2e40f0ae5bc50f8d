// Condition: rules decide between the True and False paths.
// The node type's module: shared/nodes/modules.ts lists it, and everything else reads the type from there.
import type { NodeModule } from '../types'
import { conditionDefinition, type ConditionConfig } from './definition'
import { conditionBranches } from './behaviour'
import { conditionRunner } from './run'

export const conditionNode: NodeModule<'condition', ConditionConfig> = {
  type: 'condition',
  namePrefix: 'condition_',
  version: 1,
  migrations: [],
  ...conditionDefinition,
  runner: conditionRunner,
  sends: [],
  branches: conditionBranches,
  valueFrom: 'decision of',
}
