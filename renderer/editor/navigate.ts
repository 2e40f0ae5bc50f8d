import type { FlowDocument } from '../../shared/flow/document'
import { cardLayout } from '../canvas/card-layout'

// Keyboard navigation between cards (Alt+arrow keys): from the selected card to the nearest card in that
// direction, judged by the cards' centres, preferring cards straight ahead over cards off to the side. With nothing
// selected, the first card in reading order (usually the trigger).

export type Direction = 'left' | 'right' | 'up' | 'down'

export function nextNode(doc: FlowDocument, fromId: string | null, dir: Direction): string | null {
  const centre = (id: string) => {
    const n = doc.nodes.find((x) => x.id === id)!
    const l = cardLayout(n)
    return { x: n.position.x + l.width / 2, y: n.position.y + l.height / 2 }
  }
  const from = fromId && doc.nodes.some((n) => n.id === fromId) ? fromId : null
  if (!from) {
    const first = [...doc.nodes].sort((a, b) => a.position.x - b.position.x || a.position.y - b.position.y)[0]
    return first?.id ?? null
  }
  const c = centre(from)
  let best: string | null = null
  let bestScore = Infinity
  for (const n of doc.nodes) {
    if (n.id === from) continue
    const p = centre(n.id)
    const dx = p.x - c.x
    const dy = p.y - c.y
    // Distance along the direction, and how far off to the side.
    const ahead = dir === 'right' ? dx : dir === 'left' ? -dx : dir === 'down' ? dy : -dy
    const side = dir === 'left' || dir === 'right' ? Math.abs(dy) : Math.abs(dx)
    if (ahead <= 1) continue
    const score = ahead + 2 * side
    if (score < bestScore) {
      bestScore = score
      best = n.id
    }
  }
  return best
}
