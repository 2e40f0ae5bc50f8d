// A rule of an OR group that is true only alongside another one is never tested by itself: change it (flip its
// operator, break its constant) and every test still takes the route through the other rule. So besides each port,
// exploration aims at each rule of an OR group holding alone while its port is taken. These aims are keys beside
// the branch keys (`nodeId\0port\0rule index`); they never count as branches, and exploration pursues them only
// with values chosen for them.
import { evaluateRules, type Vars } from '../expr'
import type { ConditionRule } from '../expr'
import type { Branch, FlowIndex } from './flow-index'
import type { TraceEvent } from '../engine/types'
import { groupsOf } from '../analysis/paths'

export interface AloneGoal {
  key: string
  /** The branch key of the port. */
  port: string
  rules: readonly ConditionRule[]
  index: number
}

/** Every rule of every OR group of two or more rules, as a goal. */
export function aloneGoals(ix: FlowIndex): AloneGoal[] {
  const out: AloneGoal[] = []
  for (const b of ix.branches)
    for (const g of orGroups(ix, b))
      g.rules.forEach((_r, i) => out.push({ key: `${g.port}\u0000${i}`, port: g.port, rules: g.rules, index: i }))
  return out
}

function orGroups(ix: FlowIndex, b: Branch): Array<{ port: string; rules: readonly ConditionRule[] }> {
  const id = ix.graph.nodes[b.node]!.id
  const ports = groupsOf(b.config).map((r) => r.id)
  return b.groups.flatMap((g, i) =>
    g.join === 'or' && g.rules.length > 1 ? [{ port: `${id}\u0000${ports[i]}`, rules: g.rules }] : [],
  )
}

/** Whether rule `index` holds and every other rule of the group does not. */
export function holdsAlone(rules: readonly ConditionRule[], index: number, vars: Vars): boolean {
  return rules.every((r, i) => evaluateRules([r], 'and', vars).result === (i === index))
}

/** The rule of an OR group that alone took the event's port, or null (not an OR port, or several rules held). */
export function aloneRule(goals: readonly AloneGoal[], e: TraceEvent, finalVars: Vars): ConditionRule | null {
  if (e.port === null) return null
  const port = `${e.nodeId}\u0000${e.port}`
  const vars = { ...finalVars, ...((e.input as { vars?: Vars } | null)?.vars ?? {}) }
  const g = goals.find((x) => x.port === port && holdsAlone(x.rules, x.index, vars))
  return g ? g.rules[g.index]! : null
}

/** The goals a played conversation met: at each branch it took, with the values the node read (and the rest as they ended). */
export function aloneMet(goals: readonly AloneGoal[], trace: readonly TraceEvent[], finalVars: Vars): string[] {
  const met: string[] = []
  for (const e of trace) {
    if (e.port === null) continue
    const port = `${e.nodeId}\u0000${e.port}`
    const mine = goals.filter((g) => g.port === port)
    if (!mine.length) continue
    const vars = { ...finalVars, ...((e.input as { vars?: Vars } | null)?.vars ?? {}) }
    for (const g of mine) if (holdsAlone(g.rules, g.index, vars)) met.push(g.key)
  }
  return met
}
