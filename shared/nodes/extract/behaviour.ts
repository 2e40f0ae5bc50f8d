// What an Extract node declares to the analyses (shared/nodes/behaviour.ts). While it waits for the message to read:
// one sentence holding a sample of every slot it can find (so the generator reaches `done` in one answer) and a
// message holding none (so every required slot is asked for). While it asks for a slot: that slot type's samples,
// the Question's own (../question/samples.ts). Refused: answers no required slot takes, until `failed`.
import { displayValue, type Vars } from '../../expr'
import type { Pool } from '../../rules/search'
import { candidatesFor } from '../../rules/synthesis'
import { setPath } from '../../rules/vars'
import type { AnswerSource, CustomerSample, NodeAnswers } from '../behaviour'
import type { AnswerContext } from '../question/answers/context'
import type { ExtractConfig } from './definition'
import { ATTEMPTS_PER_SLOT, type Kept } from './run'

let loaded: typeof import('./samples') | null = null
function lib(): typeof import('./samples') {
  if (!loaded)
    throw new Error("An Extract node's sample answers are not loaded yet: await its answers.prepare() first.")
  return loaded
}

const typed = (t: string): CustomerSample => ({ input: t, label: `"${t}"` })
const keptOf = (waiting: unknown): Kept | null =>
  waiting && typeof waiting === 'object' && 'asking' in waiting ? (waiting as Kept) : null

export const extractAnswers: NodeAnswers<ExtractConfig> = {
  async prepare() {
    loaded ??= await import('./samples')
    await loaded.prepare()
  },
  samples(c, ctx: AnswerContext, waiting) {
    const asking = keptOf(waiting)?.asking
    const slot = asking ? c.slots.find((s) => s.name === asking) : undefined
    if (slot) return lib().slotSamples(slot, ctx).map(typed)
    return lib().messageSamples(c, ctx).map(typed)
  },
  refused: {
    port: 'failed',
    attempts: () => ATTEMPTS_PER_SLOT,
    // Waiting for the message, a refused one fills nothing and the first ask follows: one more to send.
    left: (_c, waiting) => {
      const kept = keptOf(waiting)
      return !kept || kept.asking === null ? ATTEMPTS_PER_SLOT + 1 : ATTEMPTS_PER_SLOT - kept.refused
    },
    samples: (c, ctx) => lib().refusedAnswers(c, ctx).map(typed),
  },
  source: (c, name, ctx) => extractSource(c, name, ctx),
  // Still waiting after an answer it took: it asks for the next slot (or, after the message, for the first).
  moved: (before, after) => {
    const a = keptOf(before)
    const b = keptOf(after)
    return !!a && !!b && a.asking !== b.asking
  },
  readsClock: (c) => c.slots.some((s) => s.type === 'date' || s.type === 'time'),
}

/**
 * Values aimed at the rules after the node ({{extract_1.qty}} > 10): each slot a rule reads gets a pool of values its
 * own parser accepts (the rules' constants and the slot's samples), and the customer sends them in one message, each
 * as typed; while a slot is asked for, the answer's value for that slot is found inside the same message.
 */
function extractSource(c: ExtractConfig, name: string, ctx: AnswerContext): AnswerSource {
  const slots = c.slots.filter((s) => s.type !== 'text' && s.name.trim())
  const pathOf = (slot: string) => `${name}.${slot}`
  const texts = new Map<string, string>()
  const key = (slot: string, v: unknown) => `${slot}:${typeof v}:${displayValue(v)}`
  return {
    owns: (p) => slots.some((s) => p === pathOf(s.name)),
    pools(paths, groups): Pool[] {
      return slots
        .filter((s) => paths.includes(pathOf(s.name)))
        .map((s) => {
          const values: unknown[] = []
          for (const cand of [...candidatesFor(pathOf(s.name), groups), ...lib().slotSamples(s, ctx)]) {
            const a = lib().slotText(cand, s, ctx)
            if (!a || texts.has(key(s.name, a.saved))) continue
            texts.set(key(s.name, a.saved), a.text)
            values.push(a.saved)
          }
          return { path: pathOf(s.name), values, apply: (v: Vars, x: unknown) => setPath(v, pathOf(s.name), x) }
        })
    },
    input: (picks) =>
      slots
        .filter((s) => pathOf(s.name) in picks)
        .map((s) => texts.get(key(s.name, picks[pathOf(s.name)])) ?? displayValue(picks[pathOf(s.name)]))
        .join(', '),
    feeds: (root) => root === name,
    label: (input) => `"${String(input)}"`,
  }
}
