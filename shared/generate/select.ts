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
      let gain = 0
      for (const k of p.covers) if (left.has(k)) gain++
      if (gain > bestGain || (gain === bestGain && gain > 0 && best && better(p, best))) {
        best = p
        bestGain = gain
      }
    }
    if (!best) break
    chosen.push(best)
    for (const k of best.covers) left.delete(k)
  }
  return chosen
}

function better(a: Played, b: Played): boolean {
  const endsA = a.outcome.final?.status !== 'paused'
  const endsB = b.outcome.final?.status !== 'paused'
  if (endsA !== endsB) return endsA
  if (a.draft.inputs.length !== b.draft.inputs.length) return a.draft.inputs.length < b.draft.inputs.length
  return Object.keys(a.draft.mocks).length < Object.keys(b.draft.mocks).length
}
