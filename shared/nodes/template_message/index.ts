// Template Message: an approved template, sendable outside the 24-hour window.
// The node type's module: shared/nodes/modules.ts lists it, and everything else reads the type from there.
import type { NodeModule } from '../types'
import { templateMessageDefinition, type TemplateMessageConfig } from './definition'
import { templateMessageRunner } from './run'

export const templateMessageNode: NodeModule<'template_message', TemplateMessageConfig> = {
  type: 'template_message',
  namePrefix: 'template_message_',
  version: 1,
  migrations: [],
  ...templateMessageDefinition,
  runner: templateMessageRunner,
  sends: ['template'],
  library: (c) => (c.templateName ? { templates: [{ name: c.templateName, language: c.language }] } : {}),
}
