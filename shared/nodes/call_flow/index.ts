// Call Flow: runs another (callable) flow with inputs and goes on with its outputs (docs/engine.md, "Calls").
// The node type's module: shared/nodes/modules.ts lists it, and everything else reads the type from there.
import type { NodeModule } from '../types'
import { callFlowDefinition, type CallFlowConfig } from './definition'
import { callFlowRunner } from './run'
import { pointerOf } from '../../flow/pointer'

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
  // What analysis reads of the call graph (shared/analysis/calls.ts): the callee, the inputs, the two ways back.
  calls: {
    target: (c) => ({ flowId: c.flowId, inputs: c.inputs }),
    flowField: '/flowId',
    inputField: (input) => pointerOf(['inputs', input]),
    done: 'done',
    failed: 'failed',
  },
}
