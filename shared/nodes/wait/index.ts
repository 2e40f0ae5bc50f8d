// Wait: holds the run on time (a duration, a time of day, a date and time; optionally within business hours).
// The node type's module: shared/nodes/modules.ts lists it, and everything else reads the type from there.
import type { NodeModule } from '../types'
import { waitDefinition, type WaitConfig } from './definition'
import { waitRunner } from './run'

export const waitNode: NodeModule<'wait', WaitConfig> = {
  type: 'wait',
  namePrefix: 'wait_',
  version: 1,
  migrations: [],
  ...waitDefinition,
  runner: waitRunner,
  sends: [],
}
