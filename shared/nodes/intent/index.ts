// Intent: classifies free text into one of the node's intents (offline, or with a model provider).
// The node type's module: shared/nodes/modules.ts lists it, and everything else reads the type from there.
import type { NodeModule } from '../types'
import { FAILED_PORT, intentDefinition, type IntentConfig } from './definition'
import { intentAnswers, intentSamples } from './behaviour'
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
  // Only when it classifies the start's text: a node waiting for the next message is answered through `answers`.
  startTexts: (c, ctx) => (c.source === 'trigger' ? intentSamples(c, ctx.locale) : []),
  valueFrom: 'intent read by',
  idlePorts: (c) =>
    c.provider === 'offline'
      ? [{ port: FAILED_PORT, reason: 'the offline classifier always answers (failed is for a model provider)' }]
      : [],
}
