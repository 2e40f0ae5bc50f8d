// The person's hand-back at a Hand over node as the generator's move (docs/testing.md, "A person takes over"): the
// variables the node declares the person sets (`handsBack`) are a source of values like a Question's answer, so a
// Condition or Router after `returned` that reads them gets the values that take each of its branches, confirmed by
// the search over its rules (targets.ts). With nothing after it reading them, one hand-back with a plain value for
// each; a node that declares none hands back `{}`.
import type { Vars } from '../expr'
import type { PersonAct } from '../engine/conversation/format'
import type { FlowNode } from '../flow/document'
import type { Pool } from '../rules/search'
import { candidatesFor } from '../rules/synthesis'
import { setPath } from '../rules/vars'
import { extend, type Draft } from './draft'
import type { FlowIndex } from './flow-index'
import { targetsFor } from './targets'

/** What a person hands back when nothing after the node tells which value matters. */
export const PLAIN_HANDBACK_VALUE = 'yes'

export async function handBackDrafts(
  ix: FlowIndex,
  w: number,
  d: Draft,
  vars: Vars,
  names: string[],
  uncovered: ReadonlySet<string>,
): Promise<Draft[]> {
  const node = ix.graph.nodes[w]! as Pick<FlowNode, 'id' | 'name'>
  const move = (variables: Vars, aims?: string[]) =>
    extend(
      d,
      [{ person: { hands_back: variables } satisfies PersonAct }],
      `${node.name} handed back${label(variables)}`,
      aims,
    )
  const plain: Vars = Object.fromEntries(names.map((n) => [n, PLAIN_HANDBACK_VALUE]))
  if (!names.length) return [move(plain)]
  const root = (p: string) => p.split('.')[0]!
  const owns = (p: string) =>
    names.includes(root(p)) || names.some((n) => p.startsWith(`${node.name}.handover.variables.${n}`))
  const variable = (p: string) => (names.includes(root(p)) ? p : p.slice(`${node.name}.handover.variables.`.length))
  const source = {
    node: w,
    owns,
    pools: (paths: string[], groups: Parameters<typeof candidatesFor>[1]): Pool[] =>
      [...new Set(paths.filter(owns).map(variable))].map((path) => ({
        path,
        values: [...new Set([...paths.filter((p) => variable(p) === path).flatMap((p) => candidatesFor(p, groups))])],
        // Set under its own name and in the node's output, as the hand-back does (shared/nodes/hand_over/run.ts).
        apply: (v: Vars, x: unknown) => setPath(setPath(v, path, x), `${node.name}.handover.variables.${path}`, x),
      })),
  }
  const out: Draft[] = []
  const seen = new Set<string>()
  for (const t of await targetsFor(ix, source, vars, uncovered)) {
    let variables: Vars = { ...plain }
    for (const [path, value] of Object.entries(t.picks)) variables = setPath(variables, path, value)
    const key = JSON.stringify(variables)
    if (seen.has(key)) continue
    seen.add(key)
    // The first aimed hand-back is the one that comes (no extra cost), as the first aimed answer is (choices.ts).
    out.push(out.length ? move(variables, t.aims) : move(variables))
  }
  if (!seen.has(JSON.stringify(plain))) {
    const p = move(plain)
    out.push(out.length ? { ...p, cost: p.cost! + 1 } : p)
  }
  return out
}

function label(variables: Vars): string {
  const keys = Object.keys(variables)
  return keys.length ? ` ${JSON.stringify(variables)}` : ''
}
