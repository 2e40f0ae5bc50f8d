// Interactive Message: sends reply buttons or a list and waits for the tap.
// The node type's module: shared/nodes/modules.ts lists it, and everything else reads the type from there.
import type { NodeModule } from '../types'
import { interactiveMessageDefinition, type InteractiveMessageConfig } from './definition'
import { interactiveAnswers } from './behaviour'
import { interactiveMessageRunner } from './run'

export const interactiveMessageNode: NodeModule<'interactive_message', InteractiveMessageConfig> = {
  type: 'interactive_message',
  namePrefix: 'interactive_message_',
  version: 1,
  migrations: [],
  ...interactiveMessageDefinition,
  runner: interactiveMessageRunner,
  sends: ['interactive.button', 'interactive.list'],
  answers: interactiveAnswers,
  valueFrom: 'choice at',
}
