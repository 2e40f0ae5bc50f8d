import type { FlowDocument } from '../../shared/flow/document'
import { ancestorsOf, buildGraph, reach } from '../../shared/flow/graph'
import { buildReferenceIndex } from '../../shared/analysis/references'
import { GLOBAL_ROOTS, nodeVariables } from '../../shared/analysis/variables'

// A test started at a node skips the trigger and everything before that node, so a variable read from there on
// exists only if a node between the start and the reader produces it, or the tester presets it. This is the
// warning the start panel shows before such a start.

export interface UnsetVariable {
  /** The variable's top-level name (`order_id`, `ask_age`). */
  name: string
  /** Where it is read, in document order: node name and field label. */
  usedIn: Array<{ nodeName: string; label: string }>
}

export function unsetVariablesFrom(
  doc: FlowDocument,
  startNodeId: string,
  presets: Record<string, unknown>,
): UnsetVariable[] {
  const graph = buildGraph(doc)
  const downstream = reach([startNodeId], graph.next)
  const producers = new Map<string, Set<string>>()
  for (const node of doc.nodes) {
    for (const v of nodeVariables(doc, node)) {
      const root = v.path.split('.')[0]!
      producers.set(root, (producers.get(root) ?? new Set()).add(node.id))
    }
  }
  const out = new Map<string, UnsetVariable>()
  for (const ref of buildReferenceIndex(doc)) {
    const root = ref.path[0]
    if (!root || !downstream.has(ref.nodeId) || GLOBAL_ROOTS.has(root) || Object.hasOwn(presets, root)) continue
    const from = producers.get(root)
    // A name no node produces is validation's problem (an unknown variable), not the start's.
    if (!from) continue
    const before = ancestorsOf(graph, ref.nodeId)
    if ([...from].some((id) => downstream.has(id) && before.has(id))) continue
    const entry = out.get(root) ?? { name: root, usedIn: [] }
    if (!entry.usedIn.some((u) => u.nodeName === ref.nodeName && u.label === ref.label))
      entry.usedIn.push({ nodeName: ref.nodeName, label: ref.label })
    out.set(root, entry)
  }
  return [...out.values()]
}
