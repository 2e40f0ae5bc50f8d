import type { Problem } from './problem'
import type { FlowDocument } from './document'

// Warnings a flow keeps on purpose. A shipped example may exist to show one (the appointment flow shows path
// analysis finding a branch no run can take), but a newcomer reads a warning on an example as something broken.
// The document's `intentional` list names each such warning by code and node, with the reason; validation turns the
// warning into a note carrying that reason, which the Problems list draws apart and nothing counts as a problem. A
// marker that matches no warning any more is itself a warning, so a fixed flow does not keep a stale excuse.

export function applyIntentional(doc: FlowDocument, problems: Problem[]): Problem[] {
  const markers = doc.intentional ?? []
  if (!markers.length) return problems
  const used = new Set<number>()
  const out = problems.map((p) => {
    if (p.severity !== 'warning' || !p.nodeId) return p
    const i = markers.findIndex((m) => m.code === p.code && m.nodeId === p.nodeId)
    if (i < 0) return p
    used.add(i)
    return { ...p, severity: 'note' as const, why: markers[i]!.why }
  })
  markers.forEach((m, i) => {
    if (used.has(i)) return
    const node = doc.nodes.find((n) => n.id === m.nodeId)
    out.push({
      severity: 'warning',
      code: 'intentional.stale',
      message: node
        ? `The flow marks a '${m.code}' warning on '${node.name}' as intentional, but there is no such warning any more. Remove the marker.`
        : `The flow marks a '${m.code}' warning as intentional on node '${m.nodeId}', which does not exist. Remove the marker.`,
      ...(node ? { nodeId: node.id } : {}),
      pointer: `/intentional/${i}`,
    })
  })
  return out
}
