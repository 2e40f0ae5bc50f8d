import type { RunContext } from '../engine/runner'
import { flowLanguages } from '../flow/languages'

// The flow's languages and the language the run speaks, as a runner sees them: read by the nodes that decide by
// language (Set Language, Template Message). A single-language flow lists its locale alone, and its runs speak it.
export function runLanguages(ctx: Pick<RunContext<unknown>, 'settings' | 'vars'> & { language?: string }): {
  list: string[]
  default: string
  current: string
} {
  const { list, default: def } = flowLanguages(ctx)
  return { list, default: def, current: ctx.language ?? def }
}
