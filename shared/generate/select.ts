// From everything explored, a small set of conversations that together take every branch any of them took (and
// make each rule of an OR group hold alone where one did):
// greedy set cover, each round taking the conversation that adds the most branches (ties: one that ends rather
// than waits, then the shorter, then the one found first).
import type { Played } from './explore'

export function selectMinimal(played: readonly Played[]): Played[] {
  const left = new Set<string>()
  for (const p of played) for (const k of p.covers) left.add(k)
  const chosen: Played[] = []
  while (left.size) {
    let best: Played | null = null
    let bestGain = 0
    for (const p of played) {
      // Branches count before goals (goals.ts): of two conversations taking the same branches, the one closer to an
      // ordinary run (a Script run for real rather than mocked) is kept, and the other only for goals it adds.
      let gain = 0
      for (const k of p.covers) if (left.has(k)) gain += k.split('\u0000').length === 2 ? 1000 : 1
      if (gain > bestGain || (gain === bestGain && gain > 0 && best && better(p, best))) {
        best = p
        bestGain = gain
      }
    }
    if (!best) break
    chosen.push(best)
    for (const k of best.covers) left.delete(k)
  }
  return withoutRedundant(chosen)
}

/**
 * Greedy choice can keep a conversation that later ones cover entirely (the first pick takes a row and a valid
 * answer; a later one takes the same row and the refusals): the last such is dropped, one at a time, until each
 * chosen conversation takes something no other does.
 */
function withoutRedundant(chosen: Played[]): Played[] {
  const out = [...chosen]
  for (let i = out.length - 1; i >= 0; i--) {
    const others = new Set<string>()
    out.forEach((p, j) => j !== i && p.covers.forEach((k) => others.add(k)))
    if ([...out[i]!.covers].every((k) => others.has(k))) out.splice(i, 1)
  }
  return out
}

function better(a: Played, b: Played): boolean {
  const endsA = a.outcome.final?.status !== 'paused'
  const endsB = b.outcome.final?.status !== 'paused'
  if (endsA !== endsB) return endsA
  if (a.draft.inputs.length !== b.draft.inputs.length) return a.draft.inputs.length < b.draft.inputs.length
  return Object.keys(a.draft.mocks).length < Object.keys(b.draft.mocks).length
}
