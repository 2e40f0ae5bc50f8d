// Template Message: an approved template, sendable outside the 24-hour window.
// The node type's module: shared/nodes/modules.ts lists it, and everything else reads the type from there.
import type { NodeModule } from '../types'
import { templateMessageDefinition, type TemplateMessageConfig } from './definition'
import { templateMessageRunner } from './run'

export const templateMessageNode: NodeModule<'template_message', TemplateMessageConfig> = {
  type: 'template_message',
  namePrefix: 'template_message_',
  version: 2,
  migrations: [
    {
      from: 1,
      description:
        "Adds `languages`, the template's language code per flow language: a flow in several languages sends the version of the run's language. Version 1 sent `language` whatever the run spoke; a build that knows only version 1 must refuse a flow that relies on it rather than send every customer the default version.",
      up: (c) => ({ ...c, languages: c.languages ?? {} }),
    },
  ],
  ...templateMessageDefinition,
  runner: templateMessageRunner,
  sends: ['template'],
  // Every language version the node can send goes with an export bundle and a saved test.
  library: (c) =>
    c.templateName
      ? {
          templates: [...new Set([c.language, ...Object.values(c.languages)])]
            .filter((l) => l.trim())
            .map((language) => ({ name: c.templateName, language })),
        }
      : {},
}
