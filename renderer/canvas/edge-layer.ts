import { getBezierPath, Position, type NodeHandle, type XYPosition } from '@xyflow/react'
import type { FlowEdge } from '../../shared/flow/document'
import type { EdgeState } from './decor'

// Zoomed out on a big flow, the connections are drawn as one SVG path per look (renderer/canvas/EdgeLayer.tsx)
// instead of React Flow's edges, which are one <svg> element, one component and one store subscription each. The
// curves are React Flow's own (getBezierPath between the handle points React Flow computes from the same `handles`,
// card-layout.ts), so nothing moves when the canvas switches between the two at the zoom band's edge.

export interface Rect {
  x: number
  y: number
  width: number
  height: number
}

/** What the layer needs of a card: where it is and its handles (React Flow's node objects have both). */
export interface PlacedNode {
  id: string
  position: XYPosition
  handles?: NodeHandle[]
}

/** Looks, drawn in this order: a selected connection and the test path stay on top. */
export const EDGE_TONES = ['plain', 'uncovered', 'covered', 'removed', 'added', 'path', 'selected'] as const
export type EdgeTone = (typeof EDGE_TONES)[number]

/** Where React Flow starts (or ends) an edge on a handle: the middle of its outer side. */
function handlePoint(node: PlacedNode, type: 'source' | 'target', id: string | null): XYPosition | null {
  const h = node.handles?.find((x) => x.type === type && (type === 'target' || x.id === id))
  if (!h) return null
  const w = h.width ?? 0
  const x = node.position.x + h.x + (h.position === Position.Right ? w : 0)
  return { x, y: node.position.y + h.y + (h.height ?? 0) / 2 }
}

/** The view grown by its own size on every side: a pan redraws the layer only when it leaves this area. */
export const areaAround = (view: Rect): Rect => ({
  x: view.x - view.width,
  y: view.y - view.height,
  width: view.width * 3,
  height: view.height * 3,
})

export const contains = (outer: Rect, inner: Rect) =>
  inner.x >= outer.x &&
  inner.y >= outer.y &&
  inner.x + inner.width <= outer.x + outer.width &&
  inner.y + inner.height <= outer.y + outer.height

/**
 * The `d` of each look's path: every connection that may cross `area`, as React Flow would draw it. A bezier
 * between a right and a left handle stays between its end points' heights, and sideways within its control
 * offset (half the horizontal distance, or 25 · 0.25 · √distance when the target lies behind the source).
 */
export function edgePaths(
  place: (id: string) => PlacedNode | undefined,
  edges: readonly FlowEdge[],
  state: ReadonlyMap<string, EdgeState>,
  selected: ReadonlySet<string>,
  area: Rect,
): Record<EdgeTone, string> {
  const parts: Record<EdgeTone, string[]> = Object.fromEntries(EDGE_TONES.map((t) => [t, []])) as unknown as Record<
    EdgeTone,
    string[]
  >
  for (const e of edges) {
    const from = place(e.source)
    const to = place(e.target)
    const s = from && handlePoint(from, 'source', e.sourcePort)
    const t = to && handlePoint(to, 'target', null)
    if (!s || !t) continue
    const dx = Math.abs(t.x - s.x)
    const bulge = t.x >= s.x ? dx / 2 : 6.25 * Math.sqrt(dx)
    if (
      Math.max(s.x, t.x) + bulge < area.x ||
      Math.min(s.x, t.x) - bulge > area.x + area.width ||
      Math.min(s.y, t.y) > area.y + area.height ||
      Math.max(s.y, t.y) < area.y
    )
      continue
    const [d] = getBezierPath({
      sourceX: s.x,
      sourceY: s.y,
      sourcePosition: Position.Right,
      targetX: t.x,
      targetY: t.y,
      targetPosition: Position.Left,
    })
    parts[selected.has(e.id) ? 'selected' : (state.get(e.id) ?? 'plain')].push(d)
  }
  return Object.fromEntries(EDGE_TONES.map((tone) => [tone, parts[tone].join('')])) as Record<EdgeTone, string>
}
