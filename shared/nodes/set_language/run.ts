import type { NodeRunner } from '../../engine/runner'
import type { SetLanguageConfig } from './definition'
import { runLanguages } from '../run-language'
import { matchLanguage } from '../../flow/languages'

// The node only decides: the engine applies the new language (NodeOutcome.language): the run speaks it from the next
// node on, {{contact.language}} reads it, and the host saves it on the contact (StepResult.contactLanguage).
export const setLanguageRunner: NodeRunner<SetLanguageConfig> = {
  run: (ctx) => {
    const requested = ctx.render(ctx.config.language).trim()
    const { list, current } = runLanguages(ctx)
    const language = matchLanguage(requested, list)
    if (!language) return { kind: 'next', port: 'unknown', output: { language: current, previous: current, requested } }
    return { kind: 'next', port: 'out', output: { language, previous: current, requested }, language }
  },
}
