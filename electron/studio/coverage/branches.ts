import type { FlowDocument } from '../../../shared/flow/document'
import type { BranchCoverage } from '../../../shared/api/commands/emulator'
import { NODE_DEFINITIONS } from '../../../shared/nodes/registry'
import type { Port } from '../../../shared/nodes/types'
import { isNodeType } from '../../../shared/nodes/node-types'
import { branchPorts } from '../../../shared/engine/conversation/coverage'

// A branch is one output port of one node: the unit a tester has to take at least once. An unconnected port is
// still a branch (taking it ends the run there, which is behaviour worth testing), so it counts too; a port the node
// type proves idle for its config, with nothing connected, does not (branchPorts).

/** The output ports of a node as its definition gives them for its config; [] when the config does not parse. */
export function portsOf(node: FlowDocument['nodes'][number]): Port[] {
  if (!isNodeType(node.type)) return []
  const def = NODE_DEFINITIONS[node.type]
  const parsed = def.configSchema.safeParse(node.config)
  return parsed.success ? def.ports(parsed.data) : []
}

export const portKey = (nodeId: string, port: string): string => `${nodeId}\u0000${port}`

/** Every branch of the flow, marked covered when `taken` holds its (node, port) key. */
export function branchesOf(flow: FlowDocument, taken: ReadonlySet<string>): BranchCoverage[] {
  const edgeOf = new Map<string, string>()
  for (const e of flow.edges) {
    const key = portKey(e.source, e.sourcePort)
    if (!edgeOf.has(key)) edgeOf.set(key, e.id)
  }
  const out: BranchCoverage[] = []
  for (const node of flow.nodes) {
    for (const port of branchPorts(flow, node)) {
      const key = portKey(node.id, port.id)
      out.push({
        nodeId: node.id,
        nodeName: node.name,
        port: port.id,
        portLabel: port.label,
        edgeId: edgeOf.get(key) ?? null,
        covered: taken.has(key),
      })
    }
  }
  return out
}

/** Percent rounded down, so 100 means every branch was taken. A flow without branches is fully covered. */
export function percentOf(covered: number, total: number): number {
  return total === 0 ? 100 : Math.floor((covered * 100) / total)
}

/**
 * What makes old runs meaningless for coverage: the set of nodes (id and type), their ports and the edges.
 * Text, conditions, positions and names may change without resetting coverage (docs/coverage.md).
 */
export function structureKey(flow: FlowDocument): string {
  const nodes = flow.nodes
    .map(
      (n) =>
        `${n.id}:${n.type}:${portsOf(n)
          .map((p) => p.id)
          .join(',')}`,
    )
    .sort()
  const edges = flow.edges.map((e) => `${e.source}/${e.sourcePort}>${e.target}`).sort()
  return JSON.stringify([nodes, edges])
}
