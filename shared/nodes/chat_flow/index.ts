// Chat Flow: sends a form and waits for its submission.
// The node type's module: shared/nodes/modules.ts lists it, and everything else reads the type from there.
import type { NodeModule } from '../types'
import { chatFlowDefinition, type ChatFlowConfig } from './definition'
import { chatFlowAnswers } from './behaviour'
import { chatFlowRunner } from './run'

export const chatFlowNode: NodeModule<'chat_flow', ChatFlowConfig> = {
  type: 'chat_flow',
  namePrefix: 'chat_flow_',
  version: 1,
  migrations: [],
  ...chatFlowDefinition,
  runner: chatFlowRunner,
  sends: ['interactive.flow'],
  answers: chatFlowAnswers,
  valueFrom: 'form',
}
