// What exploration aims at besides the ports: decisions that tell a rule apart from the rule a slip would make of it.
// Taking every port is not enough for that: "≥ 40" taken at 45 and left at 10 passes just as well when the rule
// says "> 40", so the suite would miss the slip. Two kinds of goal, each a key beside the branch keys
// (`nodeId\0port\0…`), never counted as a branch and pursued only with values chosen for it:
// - a rule of an OR group holding alone while its port is taken (alone.ts);
// - a rule near its boundary: its port taken with values for which the rule with its near operator (> and ≥, < and
//   ≤, = and ≠) would send the run another way: the boundary itself (40 for "≥ 40"), or the value just beyond it.
import type { Vars } from '../expr'
import type { ConditionRule } from '../expr'
import type { TraceEvent } from '../engine/types'
import { branchesOf, groupsOf, portTaken, type BranchConfig } from '../analysis/paths'
import { operand } from '../rules/operand'
import { aloneGoals, holdsAlone } from './alone'
import { alonePossible } from './feasible'
import type { FlowIndex } from './flow-index'

export interface Goal {
  key: string
  /** The id of the Condition or Router it is met at. */
  node: string
  /** The branch key of the port it is met on; null when the node may take any port. */
  port: string | null
  /** The variable paths its own rule reads: a source that decides none of them cannot help (unset: any of the node's). */
  paths?: string[]
  /** Whether the values the node read, with its port taken, meet it. */
  holds(v: Vars): boolean
  /** False only when the decided variables already rule it out (a quick "cannot" before a search). */
  possible(v: Vars, decided: (path: string) => boolean): boolean
}

/** The near neighbour of each comparison: the operator a boundary or equality slip turns it into. */
export const NEAR_OPERATOR: Record<string, ConditionRule['operator']> = {
  greater_than: 'greater_or_equal',
  greater_or_equal: 'greater_than',
  less_than: 'less_or_equal',
  less_or_equal: 'less_than',
  equals: 'not_equals',
  not_equals: 'equals',
}

const cache = new WeakMap<FlowIndex, Goal[]>()

/** Every goal of the flow: each rule of an OR group alone, and each comparison at its boundary. */
export function decisionGoals(ix: FlowIndex): Goal[] {
  let out = cache.get(ix)
  if (!out) {
    out = [
      ...aloneGoals(ix).map((g): Goal => ({
        key: g.key,
        node: g.port.split('\u0000')[0]!,
        port: g.port,
        holds: (v) => holdsAlone(g.rules, g.index, v),
        possible: (v, decided) => alonePossible(g.rules, g.index, v, decided),
      })),
      ...nearGoals(ix),
    ]
    cache.set(ix, out)
  }
  return out
}

/**
 * For each comparison rule, one goal: a decision of its node that the rule with its near operator would have made
 * otherwise (whichever port the node took). One goal per rule, not per port: a router of several routes read by
 * eight Questions in a row would otherwise multiply the searches at every answer.
 */
function nearGoals(ix: FlowIndex): Goal[] {
  const out: Goal[] = []
  for (const b of ix.branches) {
    const id = ix.graph.nodes[b.node]!.id
    b.groups.forEach((g, gi) =>
      g.rules.forEach((rule, ri) => {
        const near = NEAR_OPERATOR[rule.operator]
        if (!near) return
        const mutated = withOperator(b.config, gi, ri, near)
        out.push({
          key: `${id}\u0000*\u0000~${gi}.${ri}`,
          node: id,
          port: null,
          paths: [...operand(rule.left).paths, ...operand(rule.right ?? '').paths],
          holds: (v) => portTaken(mutated, v) !== portTaken(b.config, v),
          possible: () => true,
        })
      }),
    )
  }
  return out
}

function withOperator(b: BranchConfig, group: number, rule: number, operator: ConditionRule['operator']): BranchConfig {
  const rules = [...groupsOf(b)[group]!.group.rules]
  rules[rule] = { ...rules[rule]!, operator }
  return { type: b.type, config: branchesOf(b)!.withRules(structuredClone(b.config), group, rules) }
}

/** The goals a played conversation met: at each branch it took, with the values the node read (and the rest as they ended). */
export function goalsMet(goals: readonly Goal[], trace: readonly TraceEvent[], finalVars: Vars): string[] {
  const met: string[] = []
  for (const e of trace) {
    if (e.port === null) continue
    const port = `${e.nodeId}\u0000${e.port}`
    const mine = goals.filter((g) => g.node === e.nodeId && (g.port === null || g.port === port))
    if (!mine.length) continue
    const vars = { ...finalVars, ...((e.input as { vars?: Vars } | null)?.vars ?? {}) }
    for (const g of mine) if (g.holds(vars)) met.push(g.key)
  }
  return met
}
