import type { FlowDocument } from './document'
import { cyclicGroups } from './strongly-connected'

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
  // Calls to flows the catalogue lacks lead nowhere (call.unknown_flow reports them).
  const next = (id: string) => graph.callsOf(id).flatMap((c) => (graph.catalogue.get(c.flowId) ? [c.flowId] : []))
  return cyclicGroups(ids, next).map((g) => callPath(graph, g[0]!, g[0]!)!)
}
