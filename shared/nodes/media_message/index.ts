// Media Message: an image, video, audio, document or sticker.
// The node type's module: shared/nodes/modules.ts lists it, and everything else reads the type from there.
import type { NodeModule } from '../types'
import { mediaMessageDefinition, type MediaMessageConfig } from './definition'
import { mediaMessageRunner } from './run'

export const mediaMessageNode: NodeModule<'media_message', MediaMessageConfig> = {
  type: 'media_message',
  namePrefix: 'media_message_',
  version: 1,
  migrations: [],
  ...mediaMessageDefinition,
  runner: mediaMessageRunner,
  sends: ['image', 'video', 'audio', 'document', 'sticker'],
}
