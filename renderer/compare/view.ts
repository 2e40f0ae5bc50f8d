import type { FlowDocument, FlowEdge, FlowNode } from '../../shared/flow/document'
import type { FlowComparison, NodeDiff } from '../../shared/diff'

// What the canvas draws while comparing (renderer/canvas/FlowCanvas.tsx): the newer document's nodes and edges, plus
// a ghost of every removed node at its old position and every removed connection between cards still drawn, and a
// mark per node and edge. Unchanged nodes keep their document objects, so the canvas's caches (adapter.ts) hand
// React Flow the same card objects as without the comparison and only marked cards render again.

export type DiffMark = 'added' | 'removed' | 'changed'

export interface NodeMark {
  status: DiffMark
  /** What a screen reader hears and the card's tooltip says: "changed: Text, Buttons", "renamed from ask_1". */
  note: string
}

export interface CompareView {
  nodes: FlowNode[]
  edges: FlowEdge[]
  marks: ReadonlyMap<string, NodeMark>
  edgeMarks: ReadonlyMap<string, 'added' | 'removed'>
}

/** Prefix of a removed connection's id on the canvas: its id may be reused by a connection of the newer side. */
export const GHOST_EDGE = 'ghost:'

export function noteOf(d: NodeDiff): string {
  if (d.status === 'added') return 'added'
  if (d.status === 'removed') return 'removed'
  // A node whose only change is a rename's rewrite (the contract's `rewrittenBy`) says so, not which fields.
  if (d.rewrittenBy !== undefined) return 'references rewritten by a rename'
  const parts: string[] = []
  if (d.renamedFrom !== undefined) parts.push(`renamed from ${d.renamedFrom}`)
  if (d.typeFrom !== undefined) parts.push(`type was ${d.typeFrom}`)
  const fields = d.fields.map((f) => f.label)
  if (fields.length) parts.push(`changed: ${fields.join(', ')}`)
  return parts.join('; ') || 'changed'
}

export function compareView(c: FlowComparison, before: FlowDocument, after: FlowDocument): CompareView {
  const marks = new Map<string, NodeMark>()
  const ghosts: FlowNode[] = []
  const beforeNodes = new Map(before.nodes.map((n) => [n.id, n]))
  for (const d of c.nodes) {
    if (d.status === 'unchanged') continue
    marks.set(d.id, { status: d.status, note: noteOf(d) })
    if (d.status === 'removed') {
      const old = beforeNodes.get(d.id)
      if (old) ghosts.push(old)
    }
  }
  const drawn = new Set(after.nodes.map((n) => n.id))
  for (const g of ghosts) drawn.add(g.id)
  const edgeMarks = new Map<string, 'added' | 'removed'>()
  const removed: FlowEdge[] = []
  const afterEdgeIds = new Map(after.edges.map((e) => [edgeKey(e), e.id]))
  const beforeEdges = new Map(before.edges.map((e) => [edgeKey(e), e]))
  for (const e of c.edges) {
    if (e.status === 'added') {
      const id = afterEdgeIds.get(edgeKey(e))
      if (id) edgeMarks.set(id, 'added')
    } else if (e.status === 'removed') {
      const old = beforeEdges.get(edgeKey(e))
      if (!old || !drawn.has(old.source) || !drawn.has(old.target)) continue
      const id = GHOST_EDGE + old.id
      removed.push({ ...old, id })
      edgeMarks.set(id, 'removed')
    }
  }
  return {
    nodes: ghosts.length ? [...after.nodes, ...ghosts] : after.nodes,
    edges: removed.length ? [...after.edges, ...removed] : after.edges,
    marks,
    edgeMarks,
  }
}

const edgeKey = (e: { source: string; sourcePort: string; target: string }) =>
  `${e.source}\u0000${e.sourcePort}\u0000${e.target}`
