// The labelled phrases of `npm run bench -- intents` (bench/data/intents/), read and checked in one place for the
// benchmark and the accuracy test beside the classifier.
import type { LabelledCase } from './measure'
import type { IntentSpec } from './types'

export interface IntentBenchData {
  locale: string
  intents: IntentSpec[]
  cases: LabelledCase[]
}

export function intentBenchData(train: unknown, test: unknown): IntentBenchData {
  const t = train as { locale: string; intents: IntentSpec[] }
  const cases = (test as { cases: LabelledCase[] }).cases
  const names = new Set(t.intents.map((i) => i.name))
  for (const c of cases)
    if (c.intent !== null && !names.has(c.intent))
      throw new Error(`Test phrase '${c.text}' names unknown intent ${c.intent}.`)
  return { locale: t.locale, intents: t.intents, cases }
}

/**
 * `count` intents of `phrases` phrases each and a description, made of words drawn with a fixed seed (the same set
 * on every machine): the size the issue times training and classifying at (30 × 20), without writing 600 phrases by
 * hand.
 */
export function syntheticIntents(
  count: number,
  phrases: number,
  vocabulary: readonly string[],
  seed = 1,
): IntentSpec[] {
  let state = seed >>> 0
  const next = () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0
    return state / 2 ** 32
  }
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(next() * xs.length)]!
  return Array.from({ length: count }, (_, i) => {
    // Each intent has a few words of its own, used in most of its phrases, among words any intent may use.
    const own = Array.from({ length: 4 }, () => pick(vocabulary))
    return {
      name: `intent ${i + 1}`,
      // A description as a designer writes one, read by the classifier too: its cost is part of training.
      description: Array.from({ length: 8 }, () => (next() < 0.5 ? pick(own) : pick(vocabulary))).join(' '),
      examples: Array.from({ length: phrases }, () =>
        Array.from({ length: 3 + Math.floor(next() * 6) }, () => (next() < 0.5 ? pick(own) : pick(vocabulary))).join(
          ' ',
        ),
      ),
    }
  })
}
