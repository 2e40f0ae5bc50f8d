// The baseline the offline classifier is measured against (`npm run bench -- intents`): what a flow could do with
// keyword matching alone. Each intent's keywords are the words of its examples that no other intent's examples use
// (short words and common function words left out); a message goes to the intent with the most of its keywords in
// it (the first such intent on a tie), and to other when it holds none. Exact words only, as a keyword trigger reads.
import { words } from './normalise'
import type { Classification, IntentSpec } from './types'

const COMMON = new Set(
  'the and for you your are can with have has had not but this that what when where how who why which will would could should there here from into onto about just please pls thanks thank yes its was were been being does did done dont cant wont get got any some all out off our ours'.split(
    ' ',
  ),
)

export function keywordBaseline(intents: readonly IntentSpec[], locale: string) {
  const owners = new Map<string, Set<number>>()
  intents.forEach((intent, i) => {
    for (const e of intent.examples)
      for (const w of words(e, locale))
        if (w.length >= 3 && !COMMON.has(w)) owners.set(w, (owners.get(w) ?? new Set()).add(i))
  })
  const keywords = intents.map(
    (_, i) => new Set([...owners].filter(([, o]) => o.size === 1 && o.has(i)).map(([w]) => w)),
  )
  return {
    keywords,
    classify(text: string): Classification {
      const seen = new Set(words(text, locale))
      const hits = keywords.map((k) => [...k].filter((w) => seen.has(w)).length)
      const best = Math.max(0, ...hits)
      const scores = Object.fromEntries(intents.map((intent, i) => [intent.name, best ? hits[i]! / best : 0]))
      const at = best ? hits.indexOf(best) : -1
      return { intent: at >= 0 ? intents[at]!.name : null, confidence: best ? 1 : 0, scores, provider: 'keywords' }
    },
  }
}
