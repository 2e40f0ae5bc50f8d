// Message: sends one text and goes on.
// The node type's module: shared/nodes/modules.ts lists it, and everything else reads the type from there.
import type { NodeModule } from '../types'
import { messageDefinition, type MessageConfig } from './definition'
import { messageRunner } from './run'

export const messageNode: NodeModule<'message', MessageConfig> = {
  type: 'message',
  namePrefix: 'message_',
  version: 1,
  migrations: [],
  ...messageDefinition,
  runner: messageRunner,
  sends: ['text'],
}
