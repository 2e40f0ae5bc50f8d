import { behaviourOfType } from '../nodes/behaviour-of'
import type { ChangeRef, EdgeDiff, FieldDiff, NodeDiff } from './types'

// The order a person reads changes in: the flow's own fields, then the graph as a conversation goes through it, from
// the trigger(s) breadth first over the connections of both sides (so a removed node is met where it was), each
// node followed by its changed connections; nodes the walk cannot reach follow, top to bottom and left to right on
// the canvas, each with what it leads to. A node whose only change is a rename's rewrite is left to its rename.

export function flowOrder(nodes: NodeDiff[], edges: EdgeDiff[], flow: FieldDiff[]): ChangeRef[] {
  const out: ChangeRef[] = flow.map((f) => ({ kind: 'flow', id: f.path }))
  const byId = new Map(nodes.map((n) => [n.id, n]))
  const outgoing = new Map<string, EdgeDiff[]>()
  for (const e of edges) {
    const list = outgoing.get(e.source)
    if (list) list.push(e)
    else outgoing.set(e.source, [e])
  }
  const visited = new Set<string>()
  const walk = (start: NodeDiff) => {
    if (visited.has(start.id)) return
    visited.add(start.id)
    const queue = [start]
    for (let i = 0; i < queue.length; i++) {
      const n = queue[i]!
      if (n.status !== 'unchanged' && !n.rewrittenBy) out.push({ kind: 'node', id: n.id })
      for (const e of outgoing.get(n.id) ?? []) {
        if (e.status !== 'unchanged') out.push({ kind: 'edge', id: e.id })
        const next = byId.get(e.target)
        if (next && !visited.has(next.id)) {
          visited.add(next.id)
          queue.push(next)
        }
      }
    }
  }
  // Conversations start at the nodes whose type says so (a Trigger), read from the node modules, never a type name.
  const byPosition = (a: NodeDiff, b: NodeDiff) => a.position.y - b.position.y || a.position.x - b.position.x
  for (const n of nodes) if (behaviourOfType(n.type).starts) walk(n)
  const rest = nodes.filter((n) => !visited.has(n.id)).sort(byPosition)
  for (const n of rest) walk(n)
  // Connections whose source is on neither side (a hand-edited file) still count.
  for (const e of edges) if (e.status !== 'unchanged' && !byId.has(e.source)) out.push({ kind: 'edge', id: e.id })
  return out
}
