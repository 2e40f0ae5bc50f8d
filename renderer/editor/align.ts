import type { FlowNode, Position } from '../../shared/flow/document'
import { cardLayout } from '../canvas/card-layout'

// Align and distribute the selected cards, by their real boxes (card-layout.ts). Returns only positions that
// change; the store applies them as one undo step.

export type AlignMode =
  'left' | 'center' | 'right' | 'top' | 'middle' | 'bottom' | 'distribute-horizontally' | 'distribute-vertically'

export const ALIGN_LABELS: Record<AlignMode, string> = {
  left: 'Align left edges',
  center: 'Align centres (vertical line)',
  right: 'Align right edges',
  top: 'Align top edges',
  middle: 'Align middles (horizontal line)',
  bottom: 'Align bottom edges',
  'distribute-horizontally': 'Distribute horizontally',
  'distribute-vertically': 'Distribute vertically',
}

interface Box {
  id: string
  x: number
  y: number
  w: number
  h: number
}

export function alignPositions(nodes: readonly FlowNode[], mode: AlignMode): Map<string, Position> {
  const boxes: Box[] = nodes.map((n) => ({
    id: n.id,
    x: n.position.x,
    y: n.position.y,
    w: cardLayout(n).width,
    h: cardLayout(n).height,
  }))
  const out = new Map<string, Position>()
  if (boxes.length < 2) return out
  const set = (b: Box, x: number, y: number) => {
    const p = { x: Math.round(x), y: Math.round(y) }
    if (p.x !== b.x || p.y !== b.y) out.set(b.id, p)
  }
  const minX = Math.min(...boxes.map((b) => b.x))
  const maxX = Math.max(...boxes.map((b) => b.x + b.w))
  const minY = Math.min(...boxes.map((b) => b.y))
  const maxY = Math.max(...boxes.map((b) => b.y + b.h))
  switch (mode) {
    case 'left':
      boxes.forEach((b) => set(b, minX, b.y))
      break
    case 'right':
      boxes.forEach((b) => set(b, maxX - b.w, b.y))
      break
    case 'center':
      boxes.forEach((b) => set(b, (minX + maxX) / 2 - b.w / 2, b.y))
      break
    case 'top':
      boxes.forEach((b) => set(b, b.x, minY))
      break
    case 'bottom':
      boxes.forEach((b) => set(b, b.x, maxY - b.h))
      break
    case 'middle':
      boxes.forEach((b) => set(b, b.x, (minY + maxY) / 2 - b.h / 2))
      break
    case 'distribute-horizontally':
    case 'distribute-vertically': {
      // Equal gaps between neighbours, the outermost two staying where they are.
      const horizontal = mode === 'distribute-horizontally'
      const sorted = [...boxes].sort((a, b) => (horizontal ? a.x - b.x : a.y - b.y))
      const span = horizontal ? maxX - minX : maxY - minY
      const used = sorted.reduce((s, b) => s + (horizontal ? b.w : b.h), 0)
      const gap = (span - used) / (sorted.length - 1)
      let at = horizontal ? minX : minY
      for (const b of sorted) {
        if (horizontal) set(b, at, b.y)
        else set(b, b.x, at)
        at += (horizontal ? b.w : b.h) + gap
      }
      break
    }
  }
  return out
}
