// Static path analysis for validation (docs/flow-format.md, "Paths"): branches the rules make unreachable, the
// nodes behind them, and the helpers validate-refs and validate-graph use to name a path in their warnings.
import type { Problem } from '../../nodes/types'
import type { AvailableVariable } from '../variables'
import { deadBranches, neverRun, type DeadBranch } from './branches'
import { describePath, walkFrom, type PortGraph } from './port-graph'
import { branchesOf } from './decide'

export { buildPortGraph, walkFrom, describePath, type PortGraph, type Walk } from './port-graph'
export { unsetPathFinder, type UnsetPathFinder } from './unset'
export { deadBranches, neverRun, type DeadBranch } from './branches'
export { portTaken, groupsOf, branchesOf, type BranchConfig } from './decide'
export { arrivalsAt, type Arrival } from './scenarios'
export { windowProblems } from './window'

/** Whether more than one node sets a top-level variable (a choice saved where others also write is not decided). */
export function sharedVariables(vars: readonly AvailableVariable[]): (variable: string) => boolean {
  // Asked only for choice questions, so worked out on the first question.
  let producers: Map<string, Set<string>> | null = null
  return (variable) => {
    if (!producers) {
      producers = new Map()
      for (const v of vars) {
        if (!v.nodeId || v.nodeName === v.path.split('.')[0]) continue
        producers.set(v.path, (producers.get(v.path) ?? new Set()).add(v.nodeId))
      }
    }
    return (producers.get(variable)?.size ?? 0) > 1
  }
}

export function branchProblems(
  g: PortGraph,
  vars: readonly AvailableVariable[],
): { problems: Problem[]; dead: DeadBranch[] } {
  const reachable = walkFrom(g).seen
  const dead = deadBranches(g, reachable, sharedVariables(vars))
  // A port its node never takes by design (an offline Intent's failed) is worth a word only when something hangs on it.
  const said = dead.filter((d) => !d.idle || g.out[d.node]!.some((e) => e.port === d.port))
  const problems: Problem[] = said.map((d) => {
    const n = g.nodes[d.node]!
    const label = g.ports[d.node]!.find((p) => p.id === d.port)?.label ?? d.port
    const config = g.config(d.node)
    const field = config === undefined ? undefined : branchesOf(n)?.field?.(config, d.port)
    return {
      severity: 'warning',
      code: 'branch.unreachable',
      message: `'${n.name}' can never take '${label}': ${d.reason}.`,
      nodeId: n.id,
      ...(field ? { field } : {}),
      pointer: `/nodes/${d.node}${field ? `/config${field}` : ''}`,
    }
  })
  for (const { node, via } of neverRun(g, reachable, dead)) {
    const n = g.nodes[node]!
    const ways = via
      .map((d) => `${g.nodes[d.node]!.name} → ${g.ports[d.node]!.find((p) => p.id === d.port)?.label ?? d.port}`)
      .join(', ')
    problems.push({
      severity: 'warning',
      code: 'node.never_runs',
      message: `'${n.name}' never runs: every way to it passes a branch no run can take (${ways}).`,
      nodeId: n.id,
      pointer: `/nodes/${node}`,
    })
  }
  return { problems, dead }
}

/** The shortest path from the trigger to a node, for messages; null when no trigger reaches it. */
export function pathFinder(g: PortGraph): (nodeId: string) => string | null {
  let walk: ReturnType<typeof walkFrom> | null = null
  return (nodeId) => {
    const i = g.index.get(nodeId)
    walk ??= walkFrom(g)
    return i !== undefined && walk.seen[i] ? describePath(g, walk, i) : null
  }
}
