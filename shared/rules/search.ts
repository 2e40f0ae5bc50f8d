// Finds values for a few variables that make an objective hold (a router taking one route), trying candidate
// combinations in order of preference: the first values of every pool first, then the combinations whose positions
// add up to 1, 2, … A bounded number of evaluations, so a node with many variables costs at most that.
import type { Vars } from '../expr'
import { setPath } from './vars'

export interface Pool {
  path: string
  values: readonly unknown[]
  /** How a value enters the session, when it is more than one variable (a trigger message sets several). */
  apply?: (vars: Vars, value: unknown) => Vars
}

const put = (pool: Pool, vars: Vars, value: unknown) =>
  pool.apply ? pool.apply(vars, value) : setPath(vars, pool.path, value)

export const SEARCH_BUDGET = 20_000

export interface Hit {
  vars: Vars
  /** The value chosen from each pool, by pool path (pools without values are left out). */
  picks: Record<string, unknown>
}

/** The first assignment (over `base`) for which `objective` holds, or null. */
export function search(
  pools: readonly Pool[],
  base: Vars,
  objective: (vars: Vars) => boolean,
  budget = SEARCH_BUDGET,
): Hit | null {
  for (const hit of candidates(pools, base, budget)) if (objective(hit.vars)) return hit
  return null
}

/**
 * `search` under a caller's deadline: `stop` is asked before every candidate (null once it says stop), and `breathe`
 * lets the host's event loop run during a long search (a Cancel must get through).
 */
export async function searchWithin(
  pools: readonly Pool[],
  base: Vars,
  objective: (vars: Vars) => boolean,
  within: { stop: () => boolean; breathe: () => Promise<unknown> },
  budget = SEARCH_BUDGET,
): Promise<Hit | null> {
  for (const hit of candidates(pools, base, budget)) {
    if (within.stop()) return null
    if (objective(hit.vars)) return hit
    await within.breathe()
  }
  return null
}

/** Candidate assignments in order of preference, at most about `budget` of them. */
function* candidates(pools: readonly Pool[], base: Vars, budget: number): Generator<Hit> {
  const live = pools.filter((p) => p.values.length > 0)
  if (live.length === 0) {
    yield { vars: base, picks: {} }
    return
  }
  // Shrink the pools evenly until every combination fits the budget.
  let size = Math.max(...live.map((p) => p.values.length))
  while (size > 1 && live.reduce((n, p) => n * Math.min(p.values.length, size), 1) > budget) size--
  const sizes = live.map((p) => Math.min(p.values.length, size))
  const maxSum = sizes.reduce((a, n) => a + n - 1, 0)
  for (let sum = 0; sum <= maxSum; sum++) yield* withSum(live, sizes, sum, 0, base)
}

/** Every index vector whose entries add up to `sum`, depth first, the assignment built as it goes. */
function* withSum(
  pools: readonly Pool[],
  sizes: number[],
  sum: number,
  at: number,
  vars: Vars,
  picks: Record<string, unknown> = {},
): Generator<Hit> {
  const pool = pools[at]!
  if (at === pools.length - 1) {
    if (sum >= sizes[at]!) return
    const value = pool.values[sum]
    yield { vars: put(pool, vars, value), picks: { ...picks, [pool.path]: value } }
    return
  }
  const restMax = sizes.slice(at + 1).reduce((a, n) => a + n - 1, 0)
  for (let i = Math.max(0, sum - restMax); i <= Math.min(sum, sizes[at]! - 1); i++) {
    const value = pool.values[i]
    yield* withSum(pools, sizes, sum - i, at + 1, put(pool, vars, value), { ...picks, [pool.path]: value })
  }
}
