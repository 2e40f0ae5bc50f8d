// The call graph as export, import and publishing carry it (over the calls the node types declare, ./calls.ts):
// which flows a document calls, every flow reached through calls, and a document whose calls are pointed at other
// ids (an import that stores a callee as a copy under a new id).
import { setAt } from '../flow/pointer'
import type { FlowDocument } from '../flow/document'
import { boundCalls } from './calls'

/** The ids of the flows a document calls, each once, in node order. A node whose config does not parse calls none. */
export function calleesOf(doc: FlowDocument): string[] {
  return [...new Set(boundCalls(doc).flatMap((c) => (c.flowId.trim() ? [c.flowId] : [])))]
}

export interface Dependencies {
  /** Every flow the roots call, transitively, each once, roots left out, ordered by id. */
  docs: FlowDocument[]
  /** Calls of a flow `get` does not know: the caller's id and the id it calls. */
  missing: Array<{ callerId: string; flowId: string }>
}

/** What the roots call, transitively: a bundle's `dependencies`, what a publish sends with its flow. */
export function dependenciesOf(roots: FlowDocument[], get: (flowId: string) => FlowDocument | undefined): Dependencies {
  const rootIds = new Set(roots.map((r) => r.id))
  const found = new Map<string, FlowDocument>()
  const missing: Dependencies['missing'] = []
  const queue = [...roots]
  for (let doc = queue.shift(); doc; doc = queue.shift())
    for (const id of calleesOf(doc)) {
      if (rootIds.has(id) || found.has(id)) continue
      const callee = get(id)
      if (!callee) {
        if (!missing.some((m) => m.callerId === doc!.id && m.flowId === id))
          missing.push({ callerId: doc.id, flowId: id })
        continue
      }
      found.set(id, callee)
      queue.push(callee)
    }
  return { docs: [...found.values()].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)), missing }
}

/** The document with every call to a key of `to` pointed at its value; the same object when none changes. */
export function rewireCalls(doc: FlowDocument, to: ReadonlyMap<string, string>): FlowDocument {
  const moves = new Map(
    boundCalls(doc).flatMap((c) => {
      const target = to.get(c.flowId)
      return target && target !== c.flowId ? [[c.index, { field: c.decl.flowField, target }] as const] : []
    }),
  )
  if (!moves.size) return doc
  const nodes = doc.nodes.map((n, i) => {
    const move = moves.get(i)
    return move ? { ...n, config: setAt(n.config, move.field, move.target) as Record<string, unknown> } : n
  })
  return { ...doc, nodes }
}

/**
 * The documents ordered so that each comes after every one of them it calls (calls to flows outside the list are
 * left aside), or the first cycle found, as the ids round it (its first id repeated at the end).
 */
export function calleesFirst(
  docs: FlowDocument[],
): { ok: true; order: FlowDocument[] } | { ok: false; cycle: string[] } {
  const byId = new Map(docs.map((d) => [d.id, d]))
  const done = new Set<string>()
  const order: FlowDocument[] = []
  const path: string[] = []
  const visit = (id: string): string[] | null => {
    if (done.has(id)) return null
    const at = path.indexOf(id)
    if (at >= 0) return [...path.slice(at), id]
    path.push(id)
    for (const callee of calleesOf(byId.get(id)!))
      if (byId.has(callee)) {
        const cycle = visit(callee)
        if (cycle) return cycle
      }
    path.pop()
    done.add(id)
    order.push(byId.get(id)!)
    return null
  }
  for (const d of docs) {
    const cycle = visit(d.id)
    if (cycle) return { ok: false, cycle }
  }
  return { ok: true, order }
}
