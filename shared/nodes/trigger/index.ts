// Trigger: how a run starts (keyword, webhook, …) and the variables the start brings.
// The node type's module: shared/nodes/modules.ts lists it, and everything else reads the type from there.
import type { NodeModule } from '../types'
import { triggerDefinition, type TriggerConfig } from './definition'
import { triggerRunner } from './run'

export const triggerNode: NodeModule<'trigger', TriggerConfig> = {
  type: 'trigger',
  namePrefix: 'trigger_',
  version: 1,
  migrations: [],
  ...triggerDefinition,
  runner: triggerRunner,
  sends: [],
  starts: true,
}
