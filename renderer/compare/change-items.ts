import type { FlowDocument } from '../../shared/flow/document'
import type { EdgeDiff, FieldDiff, FlowComparison, NodeDiff } from '../../shared/diff'
import { knownType } from '../../shared/nodes/node-types'
import { definitionOf, portsOf } from '../editor/model'

// The side list of a comparison (ChangeList.tsx): one row per change in the comparison's flow order, a rename with
// the nodes whose references it rewrote grouped under it. Pure, so the order and the words are tested alone.

export interface ChangeItem {
  /** The node's or edge's id, or 'flow:<path>' for a change of the flow's settings. */
  id: string
  kind: 'node' | 'edge' | 'flow'
  status: 'added' | 'removed' | 'changed'
  title: string
  /** Which fields, in words ('Text, Buttons'); empty when the title says it all. */
  detail: string
  /** The card the canvas centres for this row (an edge's source). */
  nodeId: string | null
  /** Nodes whose references this rename rewrote. */
  rewritten: ChangeItem[]
}

const typeLabel = (type: string) => {
  try {
    return definitionOf(knownType(type)).label
  } catch {
    return type
  }
}

function nodeItem(d: NodeDiff, rewritten: ChangeItem[] = []): ChangeItem {
  const fields = d.fields.map((f) => f.label).join(', ')
  const base = { id: d.id, kind: 'node' as const, nodeId: d.id, rewritten }
  if (d.status === 'added')
    return { ...base, status: 'added', title: `Added ${d.name} (${typeLabel(d.type)})`, detail: '' }
  if (d.status === 'removed')
    return { ...base, status: 'removed', title: `Removed ${d.name} (${typeLabel(d.type)})`, detail: '' }
  const title =
    d.renamedFrom !== undefined
      ? `Renamed ${d.renamedFrom} to ${d.name}`
      : d.rewrittenBy !== undefined
        ? `References rewritten in ${d.name}`
        : `Changed ${d.name}`
  const typeNote = d.typeFrom !== undefined ? `type ${typeLabel(d.typeFrom)} → ${typeLabel(d.type)}` : ''
  return { ...base, status: 'changed', title, detail: [typeNote, fields].filter(Boolean).join('; ') }
}

const flowItem = (f: FieldDiff): ChangeItem => ({
  id: `flow:${f.path}`,
  kind: 'flow',
  status: 'changed',
  title: `Flow: ${f.label}`,
  detail: '',
  nodeId: null,
  rewritten: [],
})

function edgeItem(e: EdgeDiff, name: (id: string) => string, port: (id: string, port: string) => string): ChangeItem {
  const verb = e.status === 'added' ? 'Connected' : 'Disconnected'
  return {
    id: e.id,
    kind: 'edge',
    status: e.status === 'added' ? 'added' : 'removed',
    title: `${verb} ${name(e.source)} → ${name(e.target)}`,
    detail: `output ${port(e.source, e.sourcePort)}`,
    nodeId: e.source,
    rewritten: [],
  }
}

export function changeItems(c: FlowComparison, before: FlowDocument, after: FlowDocument): ChangeItem[] {
  const nodes = new Map(c.nodes.map((d) => [d.id, d]))
  const edges = new Map(c.edges.map((e) => [e.id, e]))
  const names = new Map<string, string>()
  for (const n of before.nodes) names.set(n.id, n.name)
  for (const n of after.nodes) names.set(n.id, n.name)
  const name = (id: string) => names.get(id) ?? id
  const nodesById = new Map([...before.nodes, ...after.nodes].map((n) => [n.id, n]))
  const port = (id: string, portId: string) => {
    const n = nodesById.get(id)
    return (n && portsOf(n).find((p) => p.id === portId)?.label) || portId
  }
  const under = new Map<string, NodeDiff[]>()
  for (const d of c.nodes) {
    if (d.rewrittenBy === undefined || !nodes.has(d.rewrittenBy) || d.rewrittenBy === d.id) continue
    under.set(d.rewrittenBy, [...(under.get(d.rewrittenBy) ?? []), d])
  }
  const out: ChangeItem[] = []
  const seen = new Set<string>()
  for (const ref of c.changes) {
    const key = `${ref.kind}:${ref.id}`
    if (seen.has(key)) continue
    seen.add(key)
    if (ref.kind === 'node') {
      const d = nodes.get(ref.id)
      if (!d || d.status === 'unchanged') continue
      // Grouped under its rename: a row of its own only when it also changed by itself.
      if (d.rewrittenBy !== undefined && nodes.has(d.rewrittenBy) && d.rewrittenBy !== d.id && !ownChange(d)) continue
      out.push(
        nodeItem(
          d,
          (under.get(d.id) ?? []).map((r) => nodeItem(r)),
        ),
      )
    } else if (ref.kind === 'edge') {
      const e = edges.get(ref.id)
      if (e && e.status !== 'unchanged') out.push(edgeItem(e, name, port))
    } else {
      const f = c.flow.find((x) => x.path === ref.id)
      if (f) out.push(flowItem(f))
    }
  }
  // Flow settings the walk did not list (the contract lets `changes` name them as one entry).
  for (const f of c.flow) {
    if (!out.some((i) => i.id === `flow:${f.path}`)) out.push(flowItem(f))
  }
  return out
}

/** A node rewritten by a rename that was also changed in a field the rename did not touch, renamed or retyped. */
const ownChange = (d: NodeDiff) => d.renamedFrom !== undefined || d.typeFrom !== undefined

export function countByStatus(items: readonly ChangeItem[]): Record<ChangeItem['status'], number> {
  const n = { added: 0, removed: 0, changed: 0 }
  for (const i of items) n[i.status]++
  return n
}
