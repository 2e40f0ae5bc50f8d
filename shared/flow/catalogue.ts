import type { FlowDocument } from './document'

// The flows of a studio (or of the files given to the CLI) as analysis sees them: which flow calls which, who calls a
// flow, and the cycles no run may take. The model knows no node type, so which node calls which flow is handed in
// (`CallsOf`; shared/analysis/calls.ts binds it to the node types' `calls` declaration, as migrateNodeVersions takes
// its catalogue of versions).

export interface FlowCatalogue {
  get(flowId: string): FlowDocument | undefined
  all(): Iterable<FlowDocument>
}

/** One call a flow makes: the node that makes it and the flow it names (which may not exist). */
export interface FlowCall {
  nodeId: string
  nodeName: string
  flowId: string
}

export type CallsOf = (doc: FlowDocument) => readonly FlowCall[]

/** A catalogue of these documents; a later one with the same id wins (the document being edited over its stored copy). */
export function catalogueOf(docs: Iterable<FlowDocument>): FlowCatalogue {
  const byId = new Map<string, FlowDocument>()
  for (const d of docs) byId.set(d.id, d)
  return { get: (id) => byId.get(id), all: () => byId.values() }
}

/** The catalogue with `doc` in place of its stored copy: analysis of a flow being edited sees its edits. */
export function withFlow(catalogue: FlowCatalogue, doc: FlowDocument): FlowCatalogue {
  if (catalogue.get(doc.id) === doc) return catalogue
  return {
    get: (id) => (id === doc.id ? doc : catalogue.get(id)),
    *all() {
      yield doc
      for (const d of catalogue.all()) if (d.id !== doc.id) yield d
    },
  }
}

export interface CallGraph {
  catalogue: FlowCatalogue
  /** The calls a flow of the catalogue makes, in document order ([] for a flow it does not hold). */
  callsOf(flowId: string): readonly FlowCall[]
}

/** The call graph, worked out per flow when first asked: validating one flow reads only the flows it reaches. */
export function callGraph(catalogue: FlowCatalogue, callsOf: CallsOf): CallGraph {
  const cache = new Map<string, readonly FlowCall[]>()
  return {
    catalogue,
    callsOf(flowId) {
      let calls = cache.get(flowId)
      if (!calls) {
        const doc = catalogue.get(flowId)
        calls = doc ? callsOf(doc) : []
        cache.set(flowId, calls)
      }
      return calls
    },
  }
}

/** Every flow that calls `flowId` (itself included when it calls itself), with the nodes that make the calls. */
export function callersOf(graph: CallGraph, flowId: string): Array<{ flow: FlowDocument; calls: FlowCall[] }> {
  const out: Array<{ flow: FlowDocument; calls: FlowCall[] }> = []
  for (const flow of graph.catalogue.all()) {
    const calls = graph.callsOf(flow.id).filter((c) => c.flowId === flowId)
    if (calls.length) out.push({ flow, calls })
  }
  return out
}

/** Every flow `flowId` calls, directly or through others (itself only when a cycle leads back to it). */
export function calleesOf(graph: CallGraph, flowId: string): Set<string> {
  const seen = new Set<string>()
  const stack = graph.callsOf(flowId).map((c) => c.flowId)
  while (stack.length) {
    const id = stack.pop()!
    if (seen.has(id)) continue
    seen.add(id)
    for (const c of graph.callsOf(id)) if (!seen.has(c.flowId)) stack.push(c.flowId)
  }
  return seen
}

/**
 * The shortest way from flow `from` back to flow `to` through calls, as the flow ids visited (`from` first, `to`
 * last), or null. With from = to it is the shortest cycle through the flow: [a, b, a].
 */
export function callPath(graph: CallGraph, from: string, to: string): string[] | null {
  const prev = new Map<string, string | null>([[from, null]])
  const queue = [from]
  for (let head = 0; head < queue.length; head++) {
    const at = queue[head]!
    for (const c of graph.callsOf(at)) {
      if (c.flowId === to) {
        const path = [to]
        for (let p: string | null = at; p !== null; p = prev.get(p)!) path.push(p)
        return path.reverse()
      }
      if (prev.has(c.flowId)) continue
      prev.set(c.flowId, at)
      queue.push(c.flowId)
    }
  }
  return null
}

/**
 * The cycles of the call graph among the catalogue's flows: one per group of flows that call each other round
 * (strongly connected), as the flow ids of its shortest cycle through the group's first flow, closed ([a, b, a]).
 */
export function findCycles(graph: CallGraph): string[][] {
  const ids = [...graph.catalogue.all()].map((d) => d.id)
  const index = new Map<string, number>()
  const low = new Map<string, number>()
  const onStack = new Set<string>()
  const stack: string[] = []
  const groups: string[][] = []
  let next = 0
  // Tarjan's algorithm, iterative so a long chain of calls cannot overflow the stack.
  for (const root of ids) {
    if (index.has(root)) continue
    const work: Array<{ id: string; edge: number }> = [{ id: root, edge: 0 }]
    index.set(root, next)
    low.set(root, next++)
    stack.push(root)
    onStack.add(root)
    while (work.length) {
      const top = work[work.length - 1]!
      const calls = graph.callsOf(top.id)
      if (top.edge < calls.length) {
        const to = calls[top.edge++]!.flowId
        if (!graph.catalogue.get(to)) continue
        if (!index.has(to)) {
          index.set(to, next)
          low.set(to, next++)
          stack.push(to)
          onStack.add(to)
          work.push({ id: to, edge: 0 })
        } else if (onStack.has(to)) low.set(top.id, Math.min(low.get(top.id)!, index.get(to)!))
        continue
      }
      work.pop()
      const parent = work[work.length - 1]
      if (parent) low.set(parent.id, Math.min(low.get(parent.id)!, low.get(top.id)!))
      if (low.get(top.id) !== index.get(top.id)) continue
      const group: string[] = []
      let id: string
      do {
        id = stack.pop()!
        onStack.delete(id)
        group.push(id)
      } while (id !== top.id)
      const selfCall = graph.callsOf(top.id).some((c) => c.flowId === top.id)
      if (group.length > 1 || selfCall) groups.push(group.reverse())
    }
  }
  return groups.map((g) => callPath(graph, g[0]!, g[0]!)!)
}
