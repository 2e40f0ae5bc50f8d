// What an Intent node declares to the analyses (shared/nodes/behaviour.ts) while it waits for the customer's next
// message: each intent's own example phrases, each leading to that intent's port, and text far from every example,
// leading to `other`. The generator plays one per port, so `chatflow generate` reaches every intent and other.
import type { CustomerSample, NodeAnswers } from '../behaviour'
import { trainClassifier } from '../../nlu/classifier'
import { OTHER_PORT, type IntentConfig } from './definition'
import { farText } from './far-text'

const typed = (t: string, port?: string): CustomerSample => ({ input: t, label: `"${t}"`, ...(port ? { port } : {}) })

/** For each intent the first example the classifier itself puts there (in the flow's locale), then other's text. */
export function intentSamples(c: IntentConfig, locale: string): CustomerSample[] {
  const model = trainClassifier(c.intents, locale)
  const out: CustomerSample[] = []
  for (const intent of c.intents) {
    const examples = intent.examples.filter((e) => e.trim())
    const reaching = examples.find((e) => model.classify(e, c.threshold).intent === intent.name)
    if (reaching !== undefined) out.push(typed(reaching, intent.name))
  }
  const far = farText(model, c.threshold)
  if (far !== null) out.push(typed(far, OTHER_PORT))
  return out
}

export const intentAnswers: NodeAnswers<IntentConfig> = {
  samples: (c, ctx) => intentSamples(c, ctx.locale),
  random(c, _ctx, _waiting, rnd, extra) {
    const examples = c.intents.flatMap((i) => i.examples).filter((e) => e.trim())
    if (examples.length && rnd.chance(0.5)) {
      const e = rnd.pick(examples)
      // A customer's version of it: shouted, or with a letter dropped.
      if (rnd.chance(0.3)) return e.toUpperCase()
      if (rnd.chance(0.3) && e.length > 3) {
        const at = rnd.int(0, e.length - 1)
        return e.slice(0, at) + e.slice(at + 1)
      }
      return e
    }
    return rnd.text(extra)
  },
  arrivals(c, name, port) {
    if (port === OTHER_PORT || !c.intents.some((i) => i.name === port)) return null
    return [{ label: port, vars: { [name]: { intent: port } }, decides: new Set([`${name}.intent`]) }]
  },
}
