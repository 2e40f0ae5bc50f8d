// Script: user JavaScript in the sandbox; success and failure paths.
// The node type's module: shared/nodes/modules.ts lists it, and everything else reads the type from there.
import type { NodeModule } from '../types'
import { scriptDefinition, type ScriptConfig } from './definition'
import { scriptRunner } from './run'

export const scriptNode: NodeModule<'script', ScriptConfig> = {
  type: 'script',
  namePrefix: 'script_',
  version: 1,
  migrations: [],
  ...scriptDefinition,
  runner: scriptRunner,
  sends: [],
}
