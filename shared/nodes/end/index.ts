// End: ends the run.
// The node type's module: shared/nodes/modules.ts lists it, and everything else reads the type from there.
import type { NodeModule } from '../types'
import { endDefinition, type EndConfig } from './definition'
import { endRunner } from './run'

export const endNode: NodeModule<'end', EndConfig> = {
  type: 'end',
  namePrefix: 'end_',
  version: 1,
  migrations: [],
  ...endDefinition,
  runner: endRunner,
  sends: [],
  // A callable flow's End hands these back to its caller (shared/analysis/calls.ts checks them per path).
  returns: (c) => c.returns ?? {},
}
