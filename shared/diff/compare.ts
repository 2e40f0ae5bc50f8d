import type { FlowDocument, FlowEdge, FlowNode } from '../flow/document'
import { flowSettings } from '../flow/settings'
import { field, fieldDiffs } from './fields'
import { isObject, sameJson, unionKeys } from './json'
import { flowOrder } from './order'
import { rewrittenBy } from './rewrites'
import type { EdgeDiff, FieldDiff, FlowComparison, NodeDiff } from './types'

// compareFlows: the one diff of two flow documents (docs/architecture.md, "Comparing versions"). Pure and linear in
// the size of the documents: each node's config is serialised once per side to find the unchanged ones, and only
// changed ones are walked field by field.

type Renames = Map<string, { to: string; id: string }>

export function compareFlows(before: FlowDocument, after: FlowDocument): FlowComparison {
  const was = new Map(before.nodes.map((n) => [n.id, n]))
  const now = new Set(after.nodes.map((n) => n.id))
  const renames: Renames = new Map()
  for (const n of after.nodes) {
    const old = was.get(n.id)
    if (old && old.name !== n.name) renames.set(old.name, { to: n.name, id: n.id })
  }
  const nodes: NodeDiff[] = after.nodes.map((n) => nodeDiff(was.get(n.id), n, renames))
  for (const old of before.nodes) {
    if (!now.has(old.id))
      nodes.push({ id: old.id, status: 'removed', name: old.name, type: old.type, fields: [], position: old.position })
  }
  const edges = edgeDiffs(before.edges, after.edges)
  const flow = flowFields(before, after, renames)
  const changes = flowOrder(nodes, edges, flow)
  return { nodes, edges, flow, changes, identical: changes.length === 0 }
}

function nodeDiff(old: FlowNode | undefined, n: FlowNode, renames: Renames): NodeDiff {
  const base = { id: n.id, name: n.name, type: n.type, position: n.position }
  if (!old) return { ...base, status: 'added', fields: [] }
  const fields: FieldDiff[] = []
  if ((old.typeVersion ?? 1) !== (n.typeVersion ?? 1))
    fields.push(field(['typeVersion'], old.typeVersion, n.typeVersion))
  fieldDiffs(old.config, n.config, ['config'], fields)
  const diff: NodeDiff = { ...base, status: 'unchanged', fields }
  if (old.name !== n.name) diff.renamedFrom = old.name
  if (old.type !== n.type) diff.typeFrom = old.type
  if (diff.renamedFrom || diff.typeFrom || fields.length) diff.status = 'changed'
  if (diff.status === 'changed' && !diff.renamedFrom && !diff.typeFrom && renames.size) {
    const by = rewrittenBy(old.config, n.config, renames)
    if (by) diff.rewrittenBy = by
  }
  return diff
}

const edgeKey = (e: FlowEdge) => `${e.source}\u0000${e.sourcePort}\u0000${e.target}`

function edgeDiffs(before: FlowEdge[], after: FlowEdge[]): EdgeDiff[] {
  const was = new Set(before.map(edgeKey))
  const now = new Set(after.map(edgeKey))
  const ids = new Set(after.map((e) => e.id))
  // A removed connection is listed where it stood: after the last connection before it that the after side kept.
  const slotted = new Map<string, FlowEdge[]>()
  let anchor = ''
  for (const e of before) {
    const k = edgeKey(e)
    if (now.has(k)) anchor = k
    // Its id may be one the after side gives another connection: ids stay unique in the list.
    else slotted.set(anchor, [...(slotted.get(anchor) ?? []), ids.has(e.id) ? { ...e, id: `${e.id}~before` } : e])
  }
  const seen = new Set<string>()
  const out: EdgeDiff[] = []
  const add = (e: FlowEdge, status: EdgeDiff['status']) => {
    const k = edgeKey(e)
    if (seen.has(k)) return // a duplicate connection draws and runs as one
    seen.add(k)
    out.push({ id: e.id, status, source: e.source, sourcePort: e.sourcePort, target: e.target })
    if (status !== 'removed') for (const r of slotted.get(k) ?? []) add(r, 'removed')
  }
  for (const r of slotted.get('') ?? []) add(r, 'removed')
  for (const e of after) add(e, was.has(edgeKey(e)) ? 'unchanged' : 'added')
  return out
}

// The document's own fields, except what identifies it (format, id) and what nodes and edges say.
const NOT_FLOW_FIELDS = new Set(['format', 'id', 'nodes', 'edges'])
const FLOW_LABELS: Record<string, string> = {
  name: 'Flow name',
  active: 'Active',
  webhookSecretRef: 'Webhook secret',
  intentional: 'Warnings kept on purpose',
}

function flowFields(before: FlowDocument, after: FlowDocument, renames: Renames): FieldDiff[] {
  const out: FieldDiff[] = []
  const b = before as unknown as Record<string, unknown>
  const a = after as unknown as Record<string, unknown>
  for (const key of unionKeys(b, a)) {
    if (NOT_FLOW_FIELDS.has(key)) continue
    if (key === 'samples') out.push(...sampleFields(before.samples ?? {}, after.samples ?? {}, renames))
    // A document without settings reads with the legacy ones: only a difference in what they mean is a change.
    else if (key === 'settings') fieldDiffs(flowSettings(before), flowSettings(after), ['settings'], out)
    else {
      const from = out.length
      fieldDiffs(b[key], a[key], [key], out)
      const label = FLOW_LABELS[key]
      if (label) for (const f of out.slice(from)) if (f.path === key) f.label = label
    }
  }
  return out
}

/** Sample responses are keyed by node name; a rename moves its sample (shared/analysis/rename.ts), no change. */
function sampleFields(before: Record<string, unknown>, after: Record<string, unknown>, renames: Renames): FieldDiff[] {
  const moved: Record<string, unknown> = {}
  for (const [k, v] of Object.entries(before)) {
    const to = renames.get(k)?.to
    moved[to !== undefined && !(to in before) ? to : k] = v
  }
  const out: FieldDiff[] = []
  for (const k of unionKeys(moved, after)) {
    if (sameJson(moved[k], after[k])) continue
    const f = field(['samples', k], moved[k], after[k])
    f.label = `Sample response of ${k}`
    if (isObject(f.before) || isObject(f.after) || Array.isArray(f.before) || Array.isArray(f.after)) f.kind = 'json'
    out.push(f)
  }
  return out
}
