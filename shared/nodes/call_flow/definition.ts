import { z } from 'zod'
import type { NodeDefinition, Problem, TextField, ValidateContext } from '../types'
import { error } from '../../flow/checks'
import { checkNodeName } from '../../flow/names'
import { pointerOf } from '../../flow/pointer'

export const CallFlowConfigSchema = z.object({
  flowId: z
    .string()
    .default('')
    .describe('Id of the flow to call (a flow of the same studio that declares an interface).'),
  inputs: z
    .record(z.string(), z.string())
    .default({})
    .describe(
      "The callee's inputs: input name → {{ }} template of the caller, evaluated to a typed value. An input left out takes its default.",
    ),
})
export type CallFlowConfig = z.infer<typeof CallFlowConfigSchema>

// What needs the callee's interface (unmapped required inputs, outputs read) is checked over the flow catalogue
// (shared/flow/catalogue.ts); a node alone knows only its own fields.
function validate(c: CallFlowConfig, ctx: ValidateContext): Problem[] {
  const out: Problem[] = []
  if (!c.flowId.trim()) out.push(error(ctx, 'config.required', 'Choose the flow to call.', '/flowId'))
  for (const name of Object.keys(c.inputs)) {
    const problem = checkNodeName(name)
    if (problem) out.push(error(ctx, 'config.name', `Input '${name}': ${problem.message}`, pointerOf(['inputs', name])))
  }
  return out
}

function textFields(c: CallFlowConfig): TextField[] {
  return Object.entries(c.inputs).map(([name, value]) => ({
    pointer: pointerOf(['inputs', name]),
    label: `Input ${name}`,
    value,
  }))
}

export const callFlowDefinition: NodeDefinition<CallFlowConfig> = {
  label: 'Call Flow',
  description:
    'Runs another flow with inputs, waits while it talks with the customer, and goes on with its outputs ({{<node>.<output>}}) or by Failed.',
  category: 'logic',
  configSchema: CallFlowConfigSchema,
  defaults: () => ({ flowId: '', inputs: {} }),
  ports: () => [
    { id: 'done', label: 'Done', kind: 'success' },
    { id: 'failed', label: 'Failed', kind: 'failure' },
  ],
  waits: () => false,
  // The outputs are the callee's: read through the flow catalogue by the analyses that have one.
  variables: () => [],
  customerTexts: () => [],
  textFields,
  validate,
  summary: (c) => (c.flowId ? `Calls ${c.flowId}` : 'Calls …'),
}
