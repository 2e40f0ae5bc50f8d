// Set Language: the run speaks another of the flow's languages from here on (docs/languages.md, "The contact's
// language"). The node type's module: shared/nodes/modules.ts lists it, and everything else reads the type from there.
import type { NodeModule } from '../types'
import { isFixed, setLanguageDefinition, type SetLanguageConfig } from './definition'
import { setLanguageRunner } from './run'

export const setLanguageNode: NodeModule<'set_language', SetLanguageConfig> = {
  type: 'set_language',
  namePrefix: 'set_language_',
  version: 1,
  migrations: [],
  ...setLanguageDefinition,
  runner: setLanguageRunner,
  sends: [],
  valueFrom: 'language set by',
  // A language written as is never takes Unknown: validation holds it to the flow's languages.
  idlePorts: (c) =>
    isFixed(c) && c.language.trim()
      ? [{ port: 'unknown', reason: `it sets '${c.language.trim()}', one of the flow's languages, every time` }]
      : [],
}
