import type { FlowDocument, FlowEdge, FlowNode } from '../flow/document'

// What changed between two versions of a flow, for the Publish dialog: nodes added, removed and changed (by id,
// so a rename is a change, not a removal and an addition), connections added and removed (by source, port and
// target, shown with node names), and the flow's own settings. Positions on the canvas are not behaviour and are
// left out. Pure: the studio computes it against the last document it published to a server.

export interface NodeRef {
  id: string
  name: string
  type: string
}

export interface NodeChange extends NodeRef {
  /** The name in the published version, when it was renamed. */
  renamedFrom?: string
  /** Its type in the published version, when it changed. */
  typeFrom?: string
  /** Settings that differ, each as "field: before → after" (or "field changed" for long or nested values). */
  settings: string[]
}

export interface EdgeRef {
  from: string
  port: string
  to: string
}

export interface FlowDiff {
  nodesAdded: NodeRef[]
  nodesRemoved: NodeRef[]
  nodesChanged: NodeChange[]
  edgesAdded: EdgeRef[]
  edgesRemoved: EdgeRef[]
  /** Flow-level settings: name, active, sample responses. */
  settings: string[]
}

/** JSON with object keys sorted, so two equal values compare equal whatever their key order. */
export function stableJson(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(stableJson).join(',')}]`
  if (v && typeof v === 'object') {
    const o = v as Record<string, unknown>
    return `{${Object.keys(o)
      .filter((k) => o[k] !== undefined)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${stableJson(o[k])}`)
      .join(',')}}`
  }
  return JSON.stringify(v) ?? 'null'
}

const SHORT = 60

function shown(v: unknown): string | null {
  if (v === undefined) return '(none)'
  if (v === null || typeof v === 'number' || typeof v === 'boolean') return String(v)
  if (typeof v === 'string') return v.length <= SHORT ? JSON.stringify(v) : null
  return null
}

/** "field: before → after" for each top-level field that differs; nested or long values just say they changed. */
export function settingChanges(before: Record<string, unknown>, after: Record<string, unknown>): string[] {
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].sort()
  const out: string[] = []
  for (const k of keys) {
    if (stableJson(before[k]) === stableJson(after[k])) continue
    const a = shown(before[k])
    const b = shown(after[k])
    out.push(a !== null && b !== null ? `${k}: ${a} → ${b}` : `${k} changed`)
  }
  return out
}

const ref = (n: FlowNode): NodeRef => ({ id: n.id, name: n.name, type: n.type })
const edgeKey = (e: FlowEdge) => `${e.source}\u0000${e.sourcePort}\u0000${e.target}`

function edgeRefs(edges: FlowEdge[], skip: Set<string>, names: Map<string, string>): EdgeRef[] {
  return edges
    .filter((e) => !skip.has(edgeKey(e)))
    .map((e) => ({ from: names.get(e.source) ?? e.source, port: e.sourcePort, to: names.get(e.target) ?? e.target }))
}

export function diffFlows(before: FlowDocument, after: FlowDocument): FlowDiff {
  const was = new Map(before.nodes.map((n) => [n.id, n]))
  const now = new Map(after.nodes.map((n) => [n.id, n]))
  const nodesChanged: NodeChange[] = []
  for (const n of after.nodes) {
    const old = was.get(n.id)
    if (!old) continue
    const change: NodeChange = { ...ref(n), settings: settingChanges(old.config, n.config) }
    if (old.name !== n.name) change.renamedFrom = old.name
    if (old.type !== n.type) change.typeFrom = old.type
    if (change.renamedFrom || change.typeFrom || change.settings.length) nodesChanged.push(change)
  }
  const names = new Map([...before.nodes, ...after.nodes].map((n) => [n.id, n.name]))
  const oldNames = new Map(before.nodes.map((n) => [n.id, n.name]))
  const beforeEdges = new Set(before.edges.map(edgeKey))
  const afterEdges = new Set(after.edges.map(edgeKey))
  const settings: string[] = []
  if (before.name !== after.name) settings.push(`name: ${JSON.stringify(before.name)} → ${JSON.stringify(after.name)}`)
  if (before.active !== after.active) settings.push(after.active ? 'activated' : 'deactivated')
  for (const s of settingChanges(before.samples ?? {}, after.samples ?? {})) settings.push(`sample response ${s}`)
  return {
    nodesAdded: after.nodes.filter((n) => !was.has(n.id)).map(ref),
    nodesRemoved: before.nodes.filter((n) => !now.has(n.id)).map(ref),
    nodesChanged,
    edgesAdded: edgeRefs(after.edges, beforeEdges, names),
    edgesRemoved: edgeRefs(before.edges, afterEdges, oldNames),
    settings,
  }
}

export function isEmptyDiff(d: FlowDiff): boolean {
  return (
    !d.nodesAdded.length &&
    !d.nodesRemoved.length &&
    !d.nodesChanged.length &&
    !d.edgesAdded.length &&
    !d.edgesRemoved.length &&
    !d.settings.length
  )
}

/** One readable line per change, in a fixed order: nodes added, removed, changed, connections, flow settings. */
export function describeDiff(d: FlowDiff): string[] {
  const edge = (e: EdgeRef) => `${e.from} (${e.port}) → ${e.to}`
  return [
    ...d.nodesAdded.map((n) => `Added node ${n.name} (${n.type})`),
    ...d.nodesRemoved.map((n) => `Removed node ${n.name} (${n.type})`),
    ...d.nodesChanged.map((n) => {
      const parts = [
        ...(n.renamedFrom ? [`renamed from ${n.renamedFrom}`] : []),
        ...(n.typeFrom ? [`type ${n.typeFrom} → ${n.type}`] : []),
        ...n.settings,
      ]
      return `Changed node ${n.name}: ${parts.join('; ')}`
    }),
    ...d.edgesAdded.map((e) => `Added connection ${edge(e)}`),
    ...d.edgesRemoved.map((e) => `Removed connection ${edge(e)}`),
    ...d.settings.map((s) => `Flow ${s}`),
  ]
}
