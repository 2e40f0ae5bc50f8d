import type { NodeRunner } from '../../engine/runner'
import type { Vars } from '../../engine/types'
import type { CallFlowConfig } from './definition'

// The node only evaluates its mappings (typed, in the caller's session); the engine carries the call out: it loads
// the callee, applies required inputs and defaults, runs it and comes back here (shared/engine/calls.ts).
export const callFlowRunner: NodeRunner<CallFlowConfig> = {
  run: (ctx) => {
    const inputs: Vars = {}
    for (const [name, template] of Object.entries(ctx.config.inputs)) {
      // An empty mapping maps nothing: the input takes its default.
      if (template.trim()) inputs[name] = ctx.evaluate(template)
    }
    return { kind: 'call', flowId: ctx.config.flowId, inputs }
  },
}
