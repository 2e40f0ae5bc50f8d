import type { FlowDocument } from '../../shared/flow/document'
import { summaryOf } from './model'

/** Ids of nodes whose name, summary or any config text (messages, URLs, the variables they use) contains the
 *  query, case-insensitively, in canvas reading order (top to bottom, then left to right). */
export function searchNodes(doc: FlowDocument, query: string): string[] {
  const q = query.trim().toLowerCase()
  if (!q) return []
  return doc.nodes
    .filter(
      (n) =>
        n.name.toLowerCase().includes(q) || summaryOf(n).toLowerCase().includes(q) || configText(n.config).includes(q),
    )
    .sort((a, b) => a.position.y - b.position.y || a.position.x - b.position.x)
    .map((n) => n.id)
}

function configText(config: unknown): string {
  const out: string[] = []
  const walk = (v: unknown) => {
    if (typeof v === 'string') out.push(v.toLowerCase())
    else if (Array.isArray(v)) v.forEach(walk)
    else if (v && typeof v === 'object') Object.values(v).forEach(walk)
  }
  walk(config)
  return out.join('\n')
}
