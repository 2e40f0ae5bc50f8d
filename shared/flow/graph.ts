import type { FlowDocument } from './document'

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
  const index = new Map<string, number>()
  const low = new Map<string, number>()
  const onStack = new Set<string>()
  const stack: string[] = []
  const out: string[][] = []
  let counter = 0
  const succ = (id: string) => (graph.next.get(id) ?? []).filter(keep)
  for (const root of graph.next.keys()) {
    if (!keep(root) || index.has(root)) continue
    const work: { id: string; i: number }[] = [{ id: root, i: 0 }]
    index.set(root, counter)
    low.set(root, counter++)
    stack.push(root)
    onStack.add(root)
    while (work.length) {
      const top = work[work.length - 1]!
      const children = succ(top.id)
      if (top.i < children.length) {
        const c = children[top.i++]!
        if (!index.has(c)) {
          index.set(c, counter)
          low.set(c, counter++)
          stack.push(c)
          onStack.add(c)
          work.push({ id: c, i: 0 })
        } else if (onStack.has(c)) low.set(top.id, Math.min(low.get(top.id)!, index.get(c)!))
        continue
      }
      work.pop()
      const parent = work[work.length - 1]
      if (parent) low.set(parent.id, Math.min(low.get(parent.id)!, low.get(top.id)!))
      if (low.get(top.id) === index.get(top.id)) {
        const comp: string[] = []
        let x: string
        do {
          x = stack.pop()!
          onStack.delete(x)
          comp.push(x)
        } while (x !== top.id)
        if (comp.length > 1 || succ(top.id).includes(top.id)) out.push(comp.reverse())
      }
    }
  }
  return out
}
