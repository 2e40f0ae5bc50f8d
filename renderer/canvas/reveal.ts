import type { ReactFlowInstance } from '@xyflow/react'
import type { FlowNode } from '../../shared/flow/document'
import { cardLayout } from './card-layout'
import { isReadable, READABLE_ZOOM } from './zoom'

type View = Pick<ReactFlowInstance, 'setCenter' | 'getZoom' | 'getViewport'>

/** A pan that follows the run or the keyboard moves in a straight line. d3's default ("smooth", van Wijk's zoom)
 *  zooms out mid-way and back in: from a readable zoom that dips below it, so every card in view re-rendered twice,
 *  compact and full again (zoom.ts), on every step the view followed (the emulator bench's 500-node flow: all cards
 *  in view, twice per Step). Linear, the zoom goes straight from the old to the new one and a band changes at most
 *  once. */
const STRAIGHT = { interpolate: 'linear' } as const

/** The card last brought into view on purpose, so a side panel that opens right after (the Problems list opens
 *  the card's settings) centres it again in the smaller canvas instead of refitting (useRefitOnResize.ts). */
let intent: { x: number; y: number; zoom: number; at: number } | null = null
export const INTENT_MS = 1000
export function recentIntent(now = Date.now()) {
  return intent && now - intent.at < INTENT_MS ? intent : null
}

/** Zooms to a card and centres it: from the Problems list and search, where the card may be anywhere. Close enough
 *  to read it (at least READABLE_ZOOM, zoom.ts), never further out than the view already is. */
export function zoomToNode(rf: View, node: FlowNode): Promise<boolean> {
  const { width, height } = cardLayout(node)
  intent = {
    x: node.position.x + width / 2,
    y: node.position.y + height / 2,
    zoom: Math.max(rf.getZoom(), READABLE_ZOOM),
    at: Date.now(),
  }
  return rf.setCenter(intent.x, intent.y, { zoom: intent.zoom, duration: 200 })
}

/** Keeps a card in view at the current zoom, panning only when it is outside or at the edge: keyboard navigation. */
export function keepInView(rf: View, node: FlowNode, canvas: { width: number; height: number }): void {
  const { x, y, zoom } = rf.getViewport()
  const { width, height } = cardLayout(node)
  const left = node.position.x * zoom + x
  const top = node.position.y * zoom + y
  const margin = 40
  const inside =
    left >= margin &&
    top >= margin &&
    left + width * zoom <= canvas.width - margin &&
    top + height * zoom <= canvas.height - margin
  if (!inside)
    void rf.setCenter(node.position.x + width / 2, node.position.y + height / 2, { zoom, duration: 150, ...STRAIGHT })
}

/**
 * Follows a run's current step (useFollowRun.ts): the card is brought into the view at a readable zoom (at least
 * READABLE_ZOOM, never further out than the view already is) and centred, unless it is already inside the view,
 * clear of its edges, at such a zoom, in which case nothing moves (a run's steps close together do not shake the
 * view). Recorded as an intent, so a canvas resized right after (the emulator opening) centres it again.
 */
export function followNode(rf: View, node: FlowNode, canvas: { width: number; height: number }): boolean {
  const { x, y, zoom } = rf.getViewport()
  const { width, height } = cardLayout(node)
  const margin = 40
  const left = node.position.x * zoom + x
  const top = node.position.y * zoom + y
  const inside =
    isReadable(zoom) &&
    left >= margin &&
    top >= margin &&
    left + width * zoom <= canvas.width - margin &&
    top + height * zoom <= canvas.height - margin
  if (inside) return false
  intent = {
    x: node.position.x + width / 2,
    y: node.position.y + height / 2,
    zoom: Math.max(zoom, READABLE_ZOOM),
    at: Date.now(),
  }
  void rf.setCenter(intent.x, intent.y, { zoom: intent.zoom, duration: 150, ...STRAIGHT })
  return true
}
