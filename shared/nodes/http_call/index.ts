// HTTP Call: calls an API; success and failure paths.
// The node type's module: shared/nodes/modules.ts lists it, and everything else reads the type from there.
import type { NodeModule } from '../types'
import { httpCallDefinition, type HttpCallConfig } from './definition'
import { httpCallRunner } from './run'

export const httpCallNode: NodeModule<'http_call', HttpCallConfig> = {
  type: 'http_call',
  namePrefix: 'http_call_',
  version: 1,
  migrations: [],
  ...httpCallDefinition,
  runner: httpCallRunner,
  sends: [],
  // A saved test holds its requests to their mocks; generated tests mock its answer (shared/nodes/behaviour.ts).
  effects: { ownsHttp: true, mock: 'response' },
  valueFrom: 'response of HTTP Call',
}
