import { z } from 'zod'
import type { NodeDefinition } from '../types'

export const EndConfigSchema = z.object({}).describe('End has no settings: the run finishes here.')
export type EndConfig = z.infer<typeof EndConfigSchema>

export const endDefinition: NodeDefinition<EndConfig> = {
  label: 'End',
  description: 'Ends the run.',
  category: 'end',
  configSchema: EndConfigSchema,
  defaults: () => ({}),
  ports: () => [],
  waits: () => false,
  variables: () => [],
  textFields: () => [],
  validate: () => [],
  summary: () => 'End of the conversation',
}
