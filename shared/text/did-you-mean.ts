// "Did you mean …?" for a name typed wrong: a command, an option, a variable, a function. The closest candidate by
// edit distance (fastest-levenshtein), ignoring case, when it is close enough to be a typo rather than another word:
// 2 edits (a swapped pair of letters is 2), or a third of the typed name's length when longer, never more than 3.
import { distance } from 'fastest-levenshtein'

export function didYouMean(typed: string, candidates: Iterable<string>): string | undefined {
  const want = typed.toLowerCase()
  const limit = Math.min(3, Math.max(2, Math.floor(want.length / 3)))
  let best: string | undefined
  let bestD = limit + 1
  for (const c of candidates) {
    if (c === typed) continue
    const d = c.toLowerCase() === want ? 0 : distance(want, c.toLowerCase())
    if (d < bestD) [best, bestD] = [c, d]
  }
  return best
}
