import type { FlowDocument } from '../../shared/flow/document'
import { renameNode } from '../../shared/analysis/rename'

// The canvas benchmark's diff case (docs/canvas.md, "Comparing revisions"): a bench flow edited as a colleague's
// revision might be, spread over the whole flow: the text of every 40th node (a Message) changed, every 100th renamed (its
// references follow), every 150th removed with its connections, and as many new nodes added beside them.

export function editedFlow(before: FlowDocument): FlowDocument {
  let doc = structuredClone(before)
  doc.nodes.forEach((n, i) => {
    if (i > 0 && i % 40 === 0 && typeof n.config.text === 'string')
      n.config = { ...n.config, text: `${n.config.text} (edited in round ${i})` }
  })
  for (let i = 50; i < doc.nodes.length; i += 100) {
    const n = doc.nodes[i]
    if (!n || n.type === 'end') continue
    const r = renameNode(doc, n.id, `${n.name}_renamed`)
    if (r.ok) doc = r.document
  }
  const removed = new Set(doc.nodes.filter((_, i) => i > 0 && i % 150 === 75).map((n) => n.id))
  const added = doc.nodes
    .filter((n) => removed.has(n.id))
    .map((n) => ({
      ...structuredClone(n),
      id: `${n.id}_new`,
      name: `${n.name}_new`,
      position: { x: n.position.x + 40, y: n.position.y + 40 },
    }))
  doc = {
    ...doc,
    nodes: [...doc.nodes.filter((n) => !removed.has(n.id)), ...added],
    edges: doc.edges.filter((e) => !removed.has(e.source) && !removed.has(e.target)),
  }
  return doc
}
