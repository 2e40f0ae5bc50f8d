// Router: the first route whose rules hold, else Else.
// The node type's module: shared/nodes/modules.ts lists it, and everything else reads the type from there.
import type { NodeModule } from '../types'
import { routerDefinition, type RouterConfig } from './definition'
import { routerBranches } from './behaviour'
import { routerRunner } from './run'

export const routerNode: NodeModule<'router', RouterConfig> = {
  type: 'router',
  namePrefix: 'router_',
  version: 1,
  migrations: [],
  ...routerDefinition,
  runner: routerRunner,
  sends: [],
  branches: routerBranches,
  valueFrom: 'decision of',
}
