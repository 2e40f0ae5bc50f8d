// The pools of a node whose outputs a test mocks (a Script's, a Call Flow's): one pool per output a rule reads, its
// values the candidates those rules want, applied under the node's name. Both sources search them the same way.
import type { Vars } from '../expr'
import type { Pool } from '../rules/search'
import { candidatesFor } from '../rules/synthesis'
import { setPath } from '../rules/vars'

export function outputPools(
  name: string,
  /** The output a variable path reads (`<name>.<output>…` → `<output>…`), or null when it is not this node's. */
  key: (path: string) => string | null,
  paths: readonly string[],
  groups: Parameters<typeof candidatesFor>[1],
): Pool[] {
  const keys = [...new Set(paths.map(key).filter((k): k is string => k !== null))]
  return keys.map((k) => ({
    path: `out:${k}`,
    values: paths.filter((p) => key(p) === k).flatMap((p) => candidatesFor(p, groups)),
    apply: (v: Vars, x: unknown) => setPath(v, `${name}.${k}`, x),
  }))
}
