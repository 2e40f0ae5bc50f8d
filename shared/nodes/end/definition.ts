import { z } from 'zod'
import type { NodeDefinition, TextField } from '../types'
import { pointerOf } from '../../flow/pointer'

export const EndConfigSchema = z
  .object({
    returns: z
      .record(z.string(), z.string())
      .optional()
      .describe(
        "A callable flow's outputs this End returns to its caller: output name → {{ }} template, evaluated to a typed value. Left out: returns nothing (the flow's Call Flow node then fails with no_return if the flow declares outputs).",
      ),
  })
  .describe('End finishes the run here; in a flow another flow calls, it returns to the caller with `returns`.')
export type EndConfig = z.infer<typeof EndConfigSchema>

function textFields(c: EndConfig): TextField[] {
  return Object.entries(c.returns ?? {}).map(([name, value]) => ({
    pointer: pointerOf(['returns', name]),
    label: `Returns ${name}`,
    value,
  }))
}

export const endDefinition: NodeDefinition<EndConfig> = {
  label: 'End',
  description: 'Ends the run (in a called flow: returns to the caller with its outputs).',
  category: 'end',
  configSchema: EndConfigSchema,
  defaults: () => ({}),
  ports: () => [],
  waits: () => false,
  variables: () => [],
  // Returns are values for the calling flow, not texts the customer reads.
  customerTexts: () => [],
  textFields,
  validate: () => [],
  summary: (c) => {
    const names = Object.keys(c.returns ?? {})
    return names.length ? `Returns ${names.join(', ')}` : 'End of the conversation'
  },
}
