import type { FlowDocument } from './document'
import { cyclicGroups } from './strongly-connected'

// Graph questions validation and the variable list ask: who follows whom, what is reachable, where loops are.

export interface FlowGraph {
  /** Node id → ids of nodes its edges lead to (edges to unknown nodes left out). */
  next: Map<string, string[]>
  prev: Map<string, string[]>
}

export function buildGraph(doc: FlowDocument): FlowGraph {
  const ids = new Set(doc.nodes.map((n) => n.id))
  const next = new Map<string, string[]>()
  const prev = new Map<string, string[]>()
  for (const id of ids) {
    next.set(id, [])
    prev.set(id, [])
  }
  for (const e of doc.edges) {
    if (!ids.has(e.source) || !ids.has(e.target)) continue
    next.get(e.source)!.push(e.target)
    prev.get(e.target)!.push(e.source)
  }
  return { next, prev }
}

/** Ids reachable from `from` by following `links`, the start nodes included. */
export function reach(from: Iterable<string>, links: Map<string, string[]>): Set<string> {
  const seen = new Set<string>()
  const stack = [...from]
  while (stack.length) {
    const id = stack.pop()!
    if (seen.has(id)) continue
    seen.add(id)
    for (const n of links.get(id) ?? []) if (!seen.has(n)) stack.push(n)
  }
  return seen
}

/**
 * "Can `producer` run before `reader`?": the reader is reachable from the producer over at least one edge. Answered
 * from the producer's side with one walk per producer, remembered as a byte per node, so a flow with P producers
 * and N nodes costs P×N bytes instead of P sets of strings (the sets made a 1000-node flow's validation take
 * most of a second, mainly in the garbage collector).
 */
export function runsBeforeIndex(graph: FlowGraph): (producer: string, reader: string) => boolean {
  const ids = [...graph.next.keys()]
  const at = new Map(ids.map((id, i) => [id, i]))
  const next = ids.map((id) => (graph.next.get(id) ?? []).map((t) => at.get(t)!))
  const after = new Map<number, Uint8Array>()
  const walk = (from: number) => {
    const seen = new Uint8Array(ids.length)
    const stack = [...next[from]!]
    while (stack.length) {
      const i = stack.pop()!
      if (seen[i]) continue
      seen[i] = 1
      for (const n of next[i]!) if (!seen[n]) stack.push(n)
    }
    return seen
  }
  return (producer, reader) => {
    const p = at.get(producer)
    const r = at.get(reader)
    if (p === undefined || r === undefined) return false
    let seen = after.get(p)
    if (!seen) after.set(p, (seen = walk(p)))
    return seen[r] === 1
  }
}

/** Nodes that can run before `id` on some path: its strict ancestors (itself only when it sits on a cycle). */
export function ancestorsOf(graph: FlowGraph, id: string): Set<string> {
  return reach(graph.prev.get(id) ?? [], graph.prev)
}

/**
 * Strongly connected components that contain a cycle (Tarjan, iterative to survive long chains), restricted to the
 * nodes `keep` allows. Validation drops waiting nodes first, so what is left are loops that never pause.
 */
export function cycles(graph: FlowGraph, keep: (id: string) => boolean = () => true): string[][] {
  const roots = [...graph.next.keys()].filter(keep)
  return cyclicGroups(roots, (id) => (graph.next.get(id) ?? []).filter(keep))
}
