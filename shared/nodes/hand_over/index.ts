// Hand over: a person takes the conversation until they hand it back (issue #37, docs/engine.md rules 14-17).
// The node type's module: shared/nodes/modules.ts lists it, and everything else reads the type from there.
import type { NodeModule } from '../types'
import { IDENTIFIER } from '../../flow/checks'
import { handOverDefinition, type HandOverConfig } from './definition'
import { handOverRunner } from './run'

export const handOverNode: NodeModule<'hand_over', HandOverConfig> = {
  type: 'hand_over',
  namePrefix: 'hand_over_',
  version: 1,
  migrations: [],
  ...handOverDefinition,
  runner: handOverRunner,
  sends: ['text'],
  // What the customer writes meanwhile is the person's, recorded not routed; `returned` is the person (or the time)
  // giving the conversation back, with the variables they set.
  person: {
    port: 'returned',
    handsBack: (c) => [...new Set(c.handsBack.map((v) => v.trim()).filter((v) => IDENTIFIER.test(v)))],
  },
  valueFrom: 'hand-back of',
}
