// Looking ahead from the point where a value is decided (a Question answered, a form submitted, an HTTP Call's
// response, a Script's outputs, how the run starts) to every Condition and Router after it: for each of their ports
// not yet taken, the values of this source that would take it, found by search over synthesised candidates and
// confirmed by the node's own runner. Variables another node sets later are free in that search; variables already
// set keep their value.
import { lookupPath, type Vars } from '../expr'
import { portTaken } from '../analysis/paths'
import { searchWithin, type Pool } from '../rules/search'
import { candidatesFor, type RuleGroup } from '../rules/synthesis'
import { portPossible } from './feasible'
import { decisionGoals } from './goals'
import type { Branch, FlowIndex } from './flow-index'

/** A place where the flow takes a value from outside: which variable paths it decides, and how to try values. */
export interface Source {
  /** The node that decides the values, or -1 for how the run starts (trigger and contact). */
  node: number
  owns(path: string): boolean
  /** Pools for the owned paths a branch reads; one pool may stand for several paths (an answer and its echo). */
  pools(paths: string[], groups: RuleGroup[]): Pool[]
}

/** Value picks (by pool path) and the branch keys (`nodeId\0port`) they would take. */
export interface Target {
  picks: Record<string, unknown>
  aims: string[]
}

/**
 * Value picks that would take branch ports still wanted, or meet a goal (goals.ts: a rule of an OR group holding
 * alone on its port, a comparison decided at its boundary); the most useful first, one per distinct picks. Once the
 * run's budget is spent, the picks found so far.
 */
export async function targetsFor(
  ix: FlowIndex,
  source: Source,
  vars: Vars,
  uncovered: ReadonlySet<string>,
): Promise<Target[]> {
  const phase = source.node >= 0 ? 'targets' : 'starts'
  // Once spent, the budget is not asked again: every objective left would otherwise ask it once more.
  let stopped = false
  const within = { stop: () => (stopped ||= ix.budget.spent(phase)), breathe: () => ix.budget.breathe() }
  const goals = decisionGoals(ix).filter((g) => uncovered.has(g.key))
  const out: Target[] = []
  const seen = new Map<string, Target>()
  const later = source.node >= 0 ? ix.after(source.node) : null
  for (const b of ix.branches) {
    if (within.stop()) break
    if (later && !later[b.node]) continue
    const owned = b.paths.filter((p) => source.owns(p))
    if (owned.length === 0) continue
    const nodeId = ix.graph.nodes[b.node]!.id
    const wanted = (key: string) => uncovered.has(key) || goals.some((g) => g.port === key)
    const ports = ix.graph.ports[b.node]!.filter((p) => wanted(`${nodeId}\u0000${p.id}`))
    // Goals met whichever port the node takes (a comparison at its boundary, goals.ts).
    const anyPort = goals.filter(
      (g) => g.node === nodeId && g.port === null && (!g.paths || g.paths.some((p) => source.owns(p))),
    )
    if (ports.length === 0 && anyPort.length === 0) continue
    // Branches between the source and this one must let the run through: their ports that lead on to it.
    const between = guardsBetween(ix, source.node, later, b.node)
    const groups = [b, ...between.map((g) => g.branch)].flatMap((x) => x.groups)
    const paths = [...new Set([b, ...between.map((g) => g.branch)].flatMap((x) => x.paths))]
    const own = source.pools(
      paths.filter((p) => source.owns(p)),
      groups,
    )
    const free: Pool[] = paths
      .filter((p) => !source.owns(p) && (lookupPath(vars, p.split('.')) === undefined || setLater(ix, p, later)))
      .map((path) => ({ path, values: candidatesFor(path, groups) }))
    const through = (v: Vars) => between.every((g) => g.ports.has(portTaken(g.branch.config, v)))
    // What neither this source nor a later node sets keeps its value: it may already close a port.
    const open = new Set([
      ...own.map((p) => p.path),
      ...free.map((p) => p.path),
      ...paths.filter((p) => source.owns(p)),
    ])
    const decided = (p: string) => !open.has(p)
    if (!between.every((g) => [...g.ports].some((port) => portPossible(g.branch.config, port, vars, decided)))) continue
    const objectives: Array<{ aim: string; holds: (v: Vars) => boolean }> = []
    for (const port of ports) {
      if (!portPossible(b.config, port.id, vars, decided)) continue
      const key = `${nodeId}\u0000${port.id}`
      const taken = (v: Vars) => portTaken(b.config, v) === port.id && through(v)
      if (uncovered.has(key)) objectives.push({ aim: key, holds: taken })
      for (const g of goals)
        if (g.port === key && g.possible(vars, decided))
          objectives.push({ aim: g.key, holds: (v) => taken(v) && g.holds(v) })
    }
    for (const g of anyPort) objectives.push({ aim: g.key, holds: (v) => through(v) && g.holds(v) })
    for (const { aim, holds } of objectives) {
      const hit = await searchWithin([...own, ...free], vars, holds, within)
      if (stopped) return out
      if (!hit) continue
      const picks: Record<string, unknown> = {}
      for (const p of own) if (p.path in hit.picks) picks[p.path] = hit.picks[p.path]
      const key = JSON.stringify(picks)
      if (Object.keys(picks).length === 0) continue
      const known = seen.get(key)
      if (known) {
        known.aims.push(aim)
        continue
      }
      const target = { picks, aims: [aim] }
      seen.set(key, target)
      out.push(target)
    }
  }
  return out
}

/** Branch nodes between the source and `target` that some of their ports lead away from it for good. */
function guardsBetween(
  ix: FlowIndex,
  source: number,
  later: Uint8Array | null,
  target: number,
): Array<{ branch: Branch; ports: Set<string> }> {
  const out: Array<{ branch: Branch; ports: Set<string> }> = []
  for (const x of ix.branches) {
    if (x.node === target || (later && !later[x.node]) || !ix.after(x.node)[target]) continue
    if (source >= 0 && x.node === source) continue
    const ports = new Set(
      ix.graph.out[x.node]!.filter((e) => e.to === target || ix.after(e.to)[target]).map((e) => e.port),
    )
    if (ports.size < ix.graph.ports[x.node]!.length) out.push({ branch: x, ports })
  }
  return out
}

/** Whether a node after the source sets the path (so its value now does not decide the branch). */
function setLater(ix: FlowIndex, path: string, later: Uint8Array | null): boolean {
  if (!later) return true
  const root = path.split('.')[0]!
  const named = ix.byName(root)
  if (named !== undefined) return later[named] === 1
  return (ix.setters.get(root) ?? []).some((n) => later[n] === 1)
}
