import type { NodeRunner } from '../../engine/runner'
import type { Vars } from '../../engine/types'
import type { EndConfig } from './definition'

// Returns are evaluated wherever the End runs: inside a call the engine hands them to the caller; in a run of the
// flow on its own they are the End's output, so a test of the callable flow alone can read what it would return.
export const endRunner: NodeRunner<EndConfig> = {
  run: (ctx) => {
    if (!ctx.config.returns) return { kind: 'end' }
    const returns: Vars = {}
    for (const [name, template] of Object.entries(ctx.config.returns)) returns[name] = ctx.evaluate(template)
    return { kind: 'end', output: returns, returns }
  },
}
