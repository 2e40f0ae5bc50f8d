// Call Flow: runs another (callable) flow with inputs and goes on with its outputs (docs/engine.md, "Calls").
// The node type's module: shared/nodes/modules.ts lists it, and everything else reads the type from there.
import type { NodeModule } from '../types'
import { callFlowDefinition, type CallFlowConfig } from './definition'
import { callFlowRunner } from './run'

export const callFlowNode: NodeModule<'call_flow', CallFlowConfig> = {
  type: 'call_flow',
  namePrefix: 'call_',
  version: 1,
  migrations: [],
  ...callFlowDefinition,
  runner: callFlowRunner,
  // The callee's nodes send; this node itself sends nothing.
  sends: [],
  valueFrom: 'output of the flow called by',
}
