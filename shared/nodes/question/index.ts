// Question: asks, waits for a typed answer, checks it and saves it.
// The node type's module: shared/nodes/modules.ts lists it, and everything else reads the type from there.
import type { NodeModule } from '../types'
import { questionDefinition, type QuestionConfig } from './definition'
import { questionAnswers } from './behaviour'
import { questionRunner } from './run'

export const questionNode: NodeModule<'question', QuestionConfig> = {
  type: 'question',
  namePrefix: 'question_',
  version: 1,
  migrations: [],
  ...questionDefinition,
  runner: questionRunner,
  sends: ['text'],
  answers: questionAnswers,
  valueFrom: 'answer to',
}
