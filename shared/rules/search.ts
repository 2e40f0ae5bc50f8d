// Finds values for a few variables that make an objective hold (a router taking one route), trying candidate
// combinations in order of preference: the first values of every pool first, then the combinations whose positions
// add up to 1, 2, … A bounded number of evaluations, so a node with many variables costs at most that.
import type { Vars } from '../expr'
import { setPath } from './vars'

export interface Pool {
  path: string
  values: readonly unknown[]
}

export const SEARCH_BUDGET = 20_000

/** The first assignment (over `base`) for which `objective` holds, or null. */
export function search(pools: readonly Pool[], base: Vars, objective: (vars: Vars) => boolean, budget = SEARCH_BUDGET): Vars | null {
  const live = pools.filter((p) => p.values.length > 0)
  if (live.length === 0) return objective(base) ? base : null
  // Shrink the pools evenly until every combination fits the budget.
  let size = Math.max(...live.map((p) => p.values.length))
  while (size > 1 && live.reduce((n, p) => n * Math.min(p.values.length, size), 1) > budget) size--
  const sizes = live.map((p) => Math.min(p.values.length, size))
  const maxSum = sizes.reduce((a, n) => a + n - 1, 0)
  for (let sum = 0; sum <= maxSum; sum++) {
    const hit = withSum(live, sizes, sum, 0, base, objective)
    if (hit) return hit
  }
  return null
}

/** Every index vector whose entries add up to `sum`, depth first, the assignment built as it goes. */
function withSum(pools: readonly Pool[], sizes: number[], sum: number, at: number, vars: Vars, objective: (vars: Vars) => boolean): Vars | null {
  const pool = pools[at]!
  if (at === pools.length - 1) {
    if (sum >= sizes[at]!) return null
    const v = setPath(vars, pool.path, pool.values[sum])
    return objective(v) ? v : null
  }
  const restMax = sizes.slice(at + 1).reduce((a, n) => a + n - 1, 0)
  for (let i = Math.max(0, sum - restMax); i <= Math.min(sum, sizes[at]! - 1); i++) {
    const hit = withSum(pools, sizes, sum - i, at + 1, setPath(vars, pool.path, pool.values[i]), objective)
    if (hit) return hit
  }
  return null
}
