// Branches no run can take, proven from the rules: rules that contradict each other, a route that an earlier one
// shadows or that follows a route which always holds, an else (or false) that the routes always pre-empt, and a
// port that no arrival at the node takes (every row of the menu before it routes elsewhere). Then the nodes that
// only such branches lead to.
import { behaviourOfType } from '../../nodes/behaviour-of'
import { operand } from '../../rules/operand'
import { branchesOf, groupsOf, portTaken, type BranchConfig } from './decide'
import { walkFrom, type PortGraph } from './port-graph'
import { arrivalsAt, decided, type Arrival } from './scenarios'

export interface DeadBranch {
  node: number
  port: string
  reason: string
  /** Declared by the node type for its config (NodeBehaviour.idlePorts), not found from rules. */
  idle?: true
}

/**
 * `stop` (a caller's deadline) is asked before each branching node; once it says stop, the ports proven so far are
 * returned, and the others count as live (no port is called dead without its proof).
 */
export function deadBranches(
  g: PortGraph,
  reachable: Uint8Array,
  shared: (variable: string) => boolean,
  stop: () => boolean = () => false,
): DeadBranch[] {
  const out: DeadBranch[] = []
  for (const [i, n] of g.nodes.entries()) {
    const idle = reachable[i] ? behaviourOfType(n.type).idlePorts : undefined
    const idleConfig = idle ? g.config(i) : null
    if (idle && idleConfig) for (const d of idle(idleConfig)) out.push({ node: i, ...d, idle: true })
    const decl = branchesOf(n)
    if (!reachable[i] || !decl) continue
    if (stop()) break
    const config = g.config(i)
    if (!config) continue
    const b: BranchConfig = { type: n.type, config }
    const byRules = decl.deadPorts(groupsOf(b))
    const found = new Map(byRules.map((d) => [d.port, d.reason]))
    for (const d of byArrivals(g, i, b, shared)) if (!found.has(d.port)) found.set(d.port, d.reason)
    for (const p of g.ports[i]!) {
      const reason = found.get(p.id)
      if (reason) out.push({ node: i, port: p.id, reason })
    }
  }
  return out
}

function byArrivals(
  g: PortGraph,
  at: number,
  b: BranchConfig,
  shared: (variable: string) => boolean,
): Array<{ port: string; reason: string }> {
  const paths = groupsOf(b).flatMap((r) =>
    r.group.rules.flatMap((x) => [...operand(x.left).paths, ...operand(x.right ?? '').paths]),
  )
  if (paths.length === 0) return []
  const arrivals = arrivalsAt(g, at, shared)
  if (!arrivals || arrivals.length === 0 || !arrivals.every((a) => paths.every((p) => decided(a, p)))) return []
  const taken = new Map<string, Arrival[]>()
  for (const a of arrivals) {
    const port = portTaken(b, a.vars)
    taken.set(port, [...(taken.get(port) ?? []), a])
  }
  const label = (port: string) => g.ports[at]!.find((p) => p.id === port)?.label ?? port
  const byNode = new Map<number, string[]>()
  for (const a of arrivals)
    byNode.set(a.from, [...(byNode.get(a.from) ?? []), `${a.label} → ${label(portTaken(b, a.vars))}`])
  const summary = [...byNode]
    .map(([from, list]) => (from >= 0 ? `${g.nodes[from]!.name}: ` : '') + list.join(', '))
    .join('; ')
  return g.ports[at]!.filter((p) => !taken.has(p.id)).map((p) => ({
    port: p.id,
    reason: `every choice that leads here goes another way (${summary})`,
  }))
}

/**
 * Nodes that some path reaches, but only through dead branches: they never run. Each is cited with the dead branches
 * that lie on every path to it; when no single one does (two dead branches lead to it side by side), with the first
 * dead branch of each path. A dead branch deeper on one path only is never cited: another path reaches the node
 * without it.
 */
export function neverRun(
  g: PortGraph,
  reachable: Uint8Array,
  dead: readonly DeadBranch[],
): Array<{ node: number; via: DeadBranch[] }> {
  if (dead.length === 0) return []
  const blocked = new Set(dead.map((d) => `${d.node}\u0000${d.port}`))
  const live = walkFrom(g, (node, port) => blocked.has(`${node}\u0000${port}`)).seen
  // Per dead branch, what a run reaches without it: a node it does not reach has that branch on every path to it.
  const without = dead.map((d) => walkFrom(g, (node, port) => node === d.node && port === d.port).seen)
  // What each dead branch leads to, for the first dead branch of each path (its own node runs).
  const leadsTo = dead.map((d) =>
    live[d.node]
      ? downstream(
          g,
          g.out[d.node]!.filter((e) => e.port === d.port).map((e) => e.to),
        )
      : null,
  )
  const out: Array<{ node: number; via: DeadBranch[] }> = []
  g.nodes.forEach((_n, i) => {
    if (!reachable[i] || live[i]) return
    const onEvery = dead.filter((_d, k) => !without[k]![i])
    out.push({ node: i, via: onEvery.length ? onEvery : dead.filter((_d, k) => leadsTo[k]?.[i]) })
  })
  return out
}

/** The nodes reachable from `starts` (themselves included). */
function downstream(g: PortGraph, starts: number[]): Uint8Array {
  const seen = new Uint8Array(g.nodes.length)
  const stack = [...starts]
  while (stack.length) {
    const n = stack.pop()!
    if (seen[n]) continue
    seen[n] = 1
    for (const e of g.out[n]!) if (!seen[e.to]) stack.push(e.to)
  }
  return seen
}
