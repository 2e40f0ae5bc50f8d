// What the builder knows about one node: the variables that can exist when it runs, and the checker built from
// exactly those, so completion, lint and the Variables tab never disagree.
import type { CheckContext } from '../../shared/expr'
import { lookupPath } from '../../shared/expr'
import { buildGraph, ancestorsOf } from '../../shared/flow/graph'
import { makeResolver, variablesAt, type AvailableVariable } from '../../shared/analysis'
import type { FlowDocument, FlowNode } from '../../shared/flow'
import type { FlowCatalogue } from '../../shared/flow/catalogue'

export interface NodeScope {
  vars: AvailableVariable[]
  check: CheckContext
  /** Nodes that can run before this one, in document order (their outputs are readable here). */
  earlier: FlowNode[]
}

/** `flows`: the flows the document calls (the editor store's), so a Call Flow node offers its callee's outputs. */
export function scopeAt(doc: FlowDocument, nodeId: string, flows?: FlowCatalogue | null): NodeScope {
  const graph = buildGraph(doc)
  const vars = variablesAt(doc, nodeId, graph, flows ?? undefined)
  const before = ancestorsOf(graph, nodeId)
  const earlier = doc.nodes.filter((n) => before.has(n.id))
  return { vars, check: checkContextFrom(doc, vars, earlier), earlier }
}

export function checkContextFrom(doc: FlowDocument, vars: AvailableVariable[], earlier: FlowNode[]): CheckContext {
  const resolve = makeResolver(doc, vars)
  const readable = new Set(earlier.map((n) => n.name))
  const nodeNames = new Set(doc.nodes.map((n) => n.name))
  return {
    resolve(path) {
      const root = path[0]!
      // makeResolver knows every node name; a node that cannot run before this one has no output here yet.
      if (!readable.has(root) && nodeNames.has(root) && !vars.some((v) => v.path.split('.')[0] === root))
        return 'unknown-root'
      const r = resolve(path)
      if (r.kind === 'ok') return 'ok'
      if (r.kind === 'unknown-root') return 'unknown-root'
      return { unknownFrom: r.index }
    },
    sampleValue(path) {
      if (!readable.has(path[0]!) || !Object.prototype.hasOwnProperty.call(doc.samples, path[0]!)) return undefined
      return lookupPath(doc.samples, path)
    },
  }
}

const scopes = new WeakMap<FlowDocument, { flows: FlowCatalogue | null; byNode: Map<string, NodeScope> }>()

/** scopeAt, computed once per flow document (and catalogue of callees) and node: every inline field of a panel shares it. */
export function scopeFor(doc: FlowDocument, nodeId: string, flows: FlowCatalogue | null = null): NodeScope {
  let cached = scopes.get(doc)
  if (!cached || cached.flows !== flows) scopes.set(doc, (cached = { flows, byNode: new Map() }))
  let scope = cached.byNode.get(nodeId)
  if (!scope) cached.byNode.set(nodeId, (scope = scopeAt(doc, nodeId, flows)))
  return scope
}
