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
  // Generated tests run it for real where the host can, and mock its outputs (shared/nodes/behaviour.ts).
  effects: { mock: 'outputs', runsCode: true, outputs: (c) => c.outputs.map((o) => o.name) },
  valueFrom: 'output of Script',
}
