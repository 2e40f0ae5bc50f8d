import type { ReactFlowInstance } from '@xyflow/react'
import type { FlowNode } from '../../shared/flow/document'
import { cardLayout } from './card-layout'

type View = Pick<ReactFlowInstance, 'setCenter' | 'getZoom' | 'getViewport'>

/** Zooms to a card and centres it: from the Problems list and search, where the card may be anywhere. Close enough
 *  to read it (at least 80 %), never further out than the view already is. */
export function zoomToNode(rf: View, node: FlowNode): Promise<boolean> {
  const { width, height } = cardLayout(node)
  return rf.setCenter(node.position.x + width / 2, node.position.y + height / 2, { zoom: Math.max(rf.getZoom(), 0.8), duration: 200 })
}

/** Keeps a card in view at the current zoom, panning only when it is outside or at the edge: keyboard navigation. */
export function keepInView(rf: View, node: FlowNode, canvas: { width: number; height: number }): void {
  const { x, y, zoom } = rf.getViewport()
  const { width, height } = cardLayout(node)
  const left = node.position.x * zoom + x
  const top = node.position.y * zoom + y
  const margin = 40
  const inside = left >= margin && top >= margin && left + width * zoom <= canvas.width - margin && top + height * zoom <= canvas.height - margin
  if (!inside) void rf.setCenter(node.position.x + width / 2, node.position.y + height / 2, { zoom, duration: 150 })
}
