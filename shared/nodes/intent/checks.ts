// The Problems an Intent node's examples can have: too few to learn an intent from, or two intents that say the same
// thing (the same phrase, or phrases so alike that the classifier cannot tell which the customer meant).
import type { Problem, ValidateContext } from '../types'
import { warning } from '../../flow/checks'
import { trainClassifier } from '../../nlu/classifier'
import { phraseKey } from '../../nlu/normalise'
import { oneLine } from '../../flow/summary'
import type { IntentConfig } from './definition'

export const MIN_EXAMPLES = 5
/**
 * Similarity (cosine, in the classifier's own features) from which two examples of different intents count as
 * overlapping: phrases that differ by an inflection or a word or two. Well-separated intents stay far below it (the
 * intents benchmark's 12 intents have no pair above 0.6).
 */
export const OVERLAP_SIMILARITY = 0.85
/** Without the flow's settings (a node checked alone), examples are read as the flow format's default locale. */
const DEFAULT_LOCALE = 'en-GB'

export function intentProblems(c: IntentConfig, ctx: ValidateContext): Problem[] {
  const out: Problem[] = []
  const locale = ctx.locale ?? DEFAULT_LOCALE
  const named = c.intents.map((i) => ({ ...i, examples: i.examples.filter((e) => phraseKey(e, locale)) }))
  named.forEach((intent, i) => {
    if (intent.examples.length < MIN_EXAMPLES)
      out.push(
        warning(
          ctx,
          'intent.few_examples',
          `Intent '${intent.name || i + 1}' has ${intent.examples.length} example phrase(s); give at least ${MIN_EXAMPLES}, as varied as customers write, so it is recognised reliably.`,
          `/intents/${i}/examples`,
        ),
      )
  })
  // The same phrase under two intents: the classifier cannot choose, whatever else it learnt.
  const owner = new Map<string, number>()
  const reported = new Set<string>()
  named.forEach((intent, i) =>
    intent.examples.forEach((example) => {
      const key = phraseKey(example, locale)
      const first = owner.get(key)
      if (first === undefined) owner.set(key, i)
      else if (first !== i && !reported.has(key)) {
        reported.add(key)
        out.push(overlap(ctx, named[first]!.name, intent.name, `'${oneLine(example, 40)}' is an example of both`, i))
      }
    }),
  )
  const model = trainClassifier(named, locale)
  const pairs = new Set<string>()
  for (const o of model.overlaps(OVERLAP_SIMILARITY)) {
    if (phraseKey(o.a.example, locale) === phraseKey(o.b.example, locale)) continue
    const pair = [o.a.intent, o.b.intent].sort().join('\u0000')
    if (pairs.has(pair)) continue
    pairs.add(pair)
    const at = named.findIndex((i) => i.name === o.b.intent)
    out.push(
      overlap(
        ctx,
        o.a.intent,
        o.b.intent,
        `'${oneLine(o.a.example, 40)}' and '${oneLine(o.b.example, 40)}' are ${Math.round(o.similarity * 100)} % alike`,
        at,
      ),
    )
  }
  return out
}

function overlap(ctx: ValidateContext, a: string, b: string, why: string, at: number): Problem {
  return warning(
    ctx,
    'intent.overlap',
    `Intents '${a}' and '${b}' overlap: ${why}. Reword or move the examples so each intent says something of its own.`,
    `/intents/${at}/examples`,
  )
}
