// Extract: pulls typed values (an order number, a date, a phone…) from the customer's free text, asks for the
// required ones still missing, and saves them under its name. The node type's module: shared/nodes/modules.ts lists it.
import type { NodeModule } from '../types'
import { extractDefinition, type ExtractConfig } from './definition'
import { extractAnswers } from './behaviour'
import { extractRunner } from './run'

export const extractNode: NodeModule<'extract', ExtractConfig> = {
  type: 'extract',
  namePrefix: 'extract_',
  version: 1,
  migrations: [],
  ...extractDefinition,
  runner: extractRunner,
  sends: ['text'],
  answers: extractAnswers,
  valueFrom: 'extracted by',
}
