import { removeNodeTranslations } from '../../shared/flow/translations'
import type { FlowDocument, FlowEdge, FlowNode, Position } from '../../shared/flow/document'
import type { Port } from '../../shared/nodes/types'
import { startsFlow } from '../../shared/nodes/behaviour-of'

// Pure edits of a flow document. Each returns a new document and shares every untouched node and edge, so
// history snapshots stay cheap and memoised canvas nodes re-render only when their own node changed.

export type PortsOf = (node: FlowNode) => Port[]

export function newId(prefix: 'n' | 'e'): string {
  return `${prefix}_${globalThis.crypto.randomUUID().replace(/-/g, '').slice(0, 12)}`
}

export interface ConnectionRequest {
  source: string
  sourcePort: string
  target: string
}

export type ConnectionVerdict = { ok: true } | { ok: false; reason: string }

/** The canvas's connection rules: no edge into a Trigger, none onto itself, one edge per output port. */
export function checkConnection(doc: FlowDocument, req: ConnectionRequest, portsOf: PortsOf): ConnectionVerdict {
  const source = doc.nodes.find((n) => n.id === req.source)
  const target = doc.nodes.find((n) => n.id === req.target)
  if (!source || !target) return { ok: false, reason: 'Both ends must be nodes of this flow.' }
  if (source.id === target.id) return { ok: false, reason: 'A node cannot connect to itself.' }
  if (startsFlow(target.type)) return { ok: false, reason: 'A Trigger starts the flow; nothing can lead into it.' }
  const port = portsOf(source).find((p) => p.id === req.sourcePort)
  if (!port) return { ok: false, reason: `${source.name} has no output "${req.sourcePort}".` }
  if (doc.edges.some((e) => e.source === source.id && e.sourcePort === req.sourcePort)) {
    return { ok: false, reason: `Output "${port.label}" of ${source.name} is already connected.` }
  }
  return { ok: true }
}

export function connect(doc: FlowDocument, req: ConnectionRequest): FlowDocument {
  const edge: FlowEdge = { id: newId('e'), source: req.source, sourcePort: req.sourcePort, target: req.target }
  return { ...doc, edges: [...doc.edges, edge] }
}

export function addNodes(doc: FlowDocument, nodes: FlowNode[], edges: FlowEdge[] = []): FlowDocument {
  return { ...doc, nodes: [...doc.nodes, ...nodes], edges: [...doc.edges, ...edges] }
}

/** Removes nodes and edges; edges touching a removed node go with it. */
export function removeElements(
  doc: FlowDocument,
  nodeIds: Iterable<string>,
  edgeIds: Iterable<string> = [],
): FlowDocument {
  const nodes = new Set(nodeIds)
  const edges = new Set(edgeIds)
  if (nodes.size === 0 && edges.size === 0) return doc
  const removedNames = new Set(doc.nodes.filter((n) => nodes.has(n.id)).map((n) => n.name))
  const samples = Object.fromEntries(Object.entries(doc.samples).filter(([name]) => !removedNames.has(name)))
  // A deleted node's translations go with it (undo brings both back: the history holds whole documents).
  return removeNodeTranslations(
    {
      ...doc,
      nodes: doc.nodes.filter((n) => !nodes.has(n.id)),
      edges: doc.edges.filter((e) => !edges.has(e.id) && !nodes.has(e.source) && !nodes.has(e.target)),
      samples,
    },
    nodes,
  )
}

export function moveNodes(doc: FlowDocument, positions: ReadonlyMap<string, Position>): FlowDocument {
  if (positions.size === 0) return doc
  let changed = false
  const nodes = doc.nodes.map((n) => {
    const p = positions.get(n.id)
    if (!p || (p.x === n.position.x && p.y === n.position.y)) return n
    changed = true
    return { ...n, position: { x: p.x, y: p.y } }
  })
  // A click reports positions too; an unchanged document must stay the same object, or it becomes an undo step.
  return changed ? { ...doc, nodes } : doc
}

/** Replaces one node's config and drops edges from output ports the new config no longer has
 *  (a removed button takes its branch with it, in the same undo step). */
export function setConfig(
  doc: FlowDocument,
  nodeId: string,
  config: Record<string, unknown>,
  portsOf: PortsOf,
): FlowDocument {
  const node = doc.nodes.find((n) => n.id === nodeId)
  if (!node) return doc
  const updated: FlowNode = { ...node, config }
  const ports = new Set(portsOf(updated).map((p) => p.id))
  return {
    ...doc,
    nodes: doc.nodes.map((n) => (n.id === nodeId ? updated : n)),
    edges: doc.edges.filter((e) => e.source !== nodeId || ports.has(e.sourcePort)),
  }
}

/** The first output port of a node with no edge yet, for "add after the selected node". */
export function firstFreePort(doc: FlowDocument, node: FlowNode, portsOf: PortsOf): Port | undefined {
  const used = new Set(doc.edges.filter((e) => e.source === node.id).map((e) => e.sourcePort))
  return portsOf(node).find((p) => !used.has(p.id))
}
