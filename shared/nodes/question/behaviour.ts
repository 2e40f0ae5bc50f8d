// What a Question declares to the analyses (shared/nodes/behaviour.ts): typed answers, checked by its own parsers;
// refused ones until its failure port; for the generator's search, the answer as the value it saves; for path
// analysis, every choice of a choice question.
import { displayValue, type Vars } from '../../expr'
import type { Pool } from '../../rules/search'
import { candidatesFor } from '../../rules/synthesis'
import { setPath } from '../../rules/vars'
import type { AnswerSource, CustomerSample, NodeAnswers } from '../behaviour'
import type { AnswerContext } from './answers/context'
import type { QuestionConfig } from './definition'

// The parsers (chrono-node, libphonenumber-js, compromise) and fast-check load when samples are first wanted
// (`prepare`), never with the engine or the canvas: a Question's runner loads them with the first answer too.
let loaded: typeof import('./samples') | null = null
function lib(): typeof import('./samples') {
  if (!loaded) throw new Error("A Question's sample answers are not loaded yet: await its answers.prepare() first.")
  return loaded
}

const typed = (t: string): CustomerSample => ({ input: t, label: `"${t}"` })

/** Zero, negative numbers, empty text and very long text: typed as they come, for every typed answer. */
export const EDGE_ANSWERS: readonly string[] = ['0', '-1', '-250', '-0.5', '', ' ', 'x'.repeat(4096)]

export const questionAnswers: NodeAnswers<QuestionConfig> = {
  async prepare(c) {
    loaded ??= await import('./samples')
    await loaded.prepare(c.answerType)
  },
  samples: (c, ctx) => lib().validAnswers(c, ctx).map(typed),
  refused: {
    port: 'failure',
    attempts: (c) => c.maxAttempts,
    samples: (c, ctx) => lib().invalidAnswers(c, ctx).map(typed),
  },
  source: (c, name, ctx) => questionSource(c, name, ctx),
  random(c, ctx, _waiting, rnd, extra) {
    const valid = lib().validAnswers(c, ctx)
    const invalid = lib().invalidAnswers(c, ctx)
    // The values that break arithmetic and lengths, whatever the answer type: zero (divided by), negatives,
    // nothing, and far too much.
    if (rnd.chance(0.25)) return rnd.pick(EDGE_ANSWERS)
    if (valid.length && rnd.chance(0.4)) return rnd.pick(valid)
    if (invalid.length && rnd.chance(0.4)) return rnd.pick(invalid)
    return rnd.text(extra)
  },
  arrivals(c, name, port, shared) {
    if (port !== 'out' || c.answerType !== 'choice' || shared(c.saveTo)) return null
    return c.choices
      .filter((x) => x.trim())
      .map((x) => ({
        label: x.trim(),
        vars: { [c.saveTo]: x.trim(), [name]: { answer: x.trim() } },
        decides: new Set([c.saveTo, `${name}.answer`]),
      }))
  },
  saves: (c) => (c.saveTo ? [c.saveTo] : []),
  readsClock: (c) => c.answerType === 'date' || c.answerType === 'datetime',
}

function questionSource(c: QuestionConfig, name: string, ctx: AnswerContext): AnswerSource {
  const { answerText, validAnswers } = lib()
  const texts = new Map<string, string>()
  const key = (v: unknown) => typeof v + ':' + displayValue(v)
  const textOf = (saved: unknown) => texts.get(key(saved)) ?? displayValue(saved)
  return {
    owns: (p) => p === c.saveTo || p === `${name}.answer`,
    pools(paths, groups): Pool[] {
      const values: unknown[] = []
      const cands = [...paths.flatMap((p) => candidatesFor(p, groups)), ...validAnswers(c, ctx)]
      for (const cand of cands.flatMap((x) => [x, ...shapedAs(c, displayValue(x))])) {
        const a = answerText(cand, c, ctx)
        if (!a || texts.has(key(a.saved))) continue
        texts.set(key(a.saved), a.text)
        values.push(a.saved)
      }
      return [
        {
          path: '__answer',
          values,
          apply: (v: Vars, x: unknown) => setPath(setPath(v, c.saveTo, x), `${name}.answer`, x),
        },
      ]
    },
    input: (picks) => textOf(picks.__answer),
    inputFor: (value) => answerText(value, c, ctx)?.text ?? null,
    feeds: (root) => (!!c.saveTo.trim() && root === c.saveTo.trim().split('.')[0]) || root === name,
    label: (input) => `"${String(input)}"`,
  }
}

/**
 * A candidate bent into the answer type, keeping its length where it can: a rule on length({{email}}) < 10 needs a
 * short address, not the nine letters the length gave.
 */
function shapedAs(c: QuestionConfig, t: string): string[] {
  if (!t) return []
  switch (c.answerType) {
    case 'email':
      return [`${t}@example.com`, `user@${t}`, `${'a'.repeat(Math.max(1, t.length - 5))}@b.co`]
    case 'phone':
      return [`+1${'5'.repeat(Math.max(6, t.replace(/\D/g, '').length - 1))}`]
    case 'text':
      return c.max !== null ? [t.slice(0, c.max)] : []
    case 'regex':
      // A rule's prefix or suffix laid over strings the pattern matches: GY over AB-12345 is GY-12345.
      return lib()
        .matchingPattern(c.pattern)
        .flatMap((s) => (t.length <= s.length ? [t + s.slice(t.length), s.slice(0, s.length - t.length) + t] : []))
    default:
      return []
  }
}
