// What an Extract node declares to the analyses (shared/nodes/behaviour.ts). While it waits for the message to read:
// one sentence holding a sample of every slot it can find (so the generator reaches `done` in one answer) and a
// message holding none (so every required slot is asked for). While it asks for a slot: that slot type's samples,
// the Question's own (../question/samples.ts). Refused: answers no required slot takes, until `failed`.
import type { CustomerSample, NodeAnswers } from '../behaviour'
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
  readsClock: (c) => c.slots.some((s) => s.type === 'date' || s.type === 'time'),
}
