import type { FieldDiff, FlowComparison, NodeDiff } from './types'

// The comparison in lines, for the Publish dialog and `chatflow diff`: nodes added, removed and changed (renames
// with the nodes whose references they rewrote), connections added and removed (by node names), then the flow's
// own fields. Each group is in flow order.

const SHORT = 60

function shown(v: unknown): string | null {
  if (v === undefined) return '(none)'
  if (v === null || typeof v === 'number' || typeof v === 'boolean') return String(v)
  if (typeof v === 'string') return v.length <= SHORT && !v.includes('\n') ? JSON.stringify(v) : null
  return null
}

/** "field: before → after", or "field changed" for long, multi-line or nested values. */
export function describeField(f: FieldDiff, name = f.path.replace(/^config\./, '')): string {
  const a = shown(f.before)
  const b = shown(f.after)
  return a !== null && b !== null ? `${name}: ${a} → ${b}` : `${name} changed`
}

export function summarize(c: FlowComparison): string[] {
  const rank = new Map<string, number>()
  c.changes.forEach((ch, i) => rank.set(`${ch.kind}:${ch.id}`, i))
  const inOrder = <T extends { id: string }>(kind: string, list: T[]) =>
    list
      .filter((x) => rank.has(`${kind}:${x.id}`))
      .sort((x, y) => rank.get(`${kind}:${x.id}`)! - rank.get(`${kind}:${y.id}`)!)
  const nodes = inOrder('node', c.nodes)
  const edges = inOrder('edge', c.edges)
  const byId = new Map(c.nodes.map((n) => [n.id, n]))
  const nameAfter = (id: string) => byId.get(id)?.name ?? id
  const nameBefore = (id: string) => byId.get(id)?.renamedFrom ?? nameAfter(id)
  const rewrote = (n: NodeDiff) => c.nodes.filter((m) => m.rewrittenBy === n.id).map((m) => m.name)
  const edge = (source: string, port: string, target: string) => `${source} (${port}) → ${target}`
  return [
    ...nodes.filter((n) => n.status === 'added').map((n) => `Added node ${n.name} (${n.type})`),
    ...nodes.filter((n) => n.status === 'removed').map((n) => `Removed node ${n.name} (${n.type})`),
    ...nodes
      .filter((n) => n.status === 'changed')
      .map((n) => {
        const others = rewrote(n)
        const parts = [
          ...(n.renamedFrom
            ? [`renamed from ${n.renamedFrom}${others.length ? ` (references rewritten in ${others.join(', ')})` : ''}`]
            : []),
          ...(n.typeFrom ? [`type ${n.typeFrom} → ${n.type}`] : []),
          ...n.fields.map((f) => describeField(f)),
        ]
        return `Changed node ${n.name}: ${parts.join('; ')}`
      }),
    ...edges
      .filter((e) => e.status === 'added')
      .map((e) => `Added connection ${edge(nameAfter(e.source), e.sourcePort, nameAfter(e.target))}`),
    ...edges
      .filter((e) => e.status === 'removed')
      .map((e) => `Removed connection ${edge(nameBefore(e.source), e.sourcePort, nameBefore(e.target))}`),
    ...c.flow.map((f) => `Flow ${flowLine(f)}`),
  ]
}

function flowLine(f: FieldDiff): string {
  if (f.path === 'active' && typeof f.after === 'boolean') return f.after ? 'activated' : 'deactivated'
  if (f.path.startsWith('samples.')) return describeField(f, `sample response ${f.path.slice('samples.'.length)}`)
  return describeField(f)
}
