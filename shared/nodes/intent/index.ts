// Intent: classifies free text into one of the node's intents (offline, or with a model provider).
// The node type's module: shared/nodes/modules.ts lists it, and everything else reads the type from there.
import type { NodeModule } from '../types'
import { intentDefinition, type IntentConfig } from './definition'
import { intentAnswers } from './behaviour'
import { intentRunner } from './run'

export const intentNode: NodeModule<'intent', IntentConfig> = {
  type: 'intent',
  namePrefix: 'intent_',
  version: 1,
  migrations: [],
  ...intentDefinition,
  runner: intentRunner,
  sends: ['text'],
  answers: intentAnswers,
  valueFrom: 'intent read by',
}
