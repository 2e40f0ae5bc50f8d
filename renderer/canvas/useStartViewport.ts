import { useLayoutEffect, useState, type RefObject } from 'react'
import { getViewportForBounds, useStoreApi, type Viewport } from '@xyflow/react'
import type { FlowCardNode } from './FlowNodeCard'

/** The canvas's zoom limits and how a fit frames the flow (React Flow's own fitView padding, written out). */
export const MIN_ZOOM = 0.1
export const FIT = { maxZoom: 1, padding: 0.1 }

/**
 * The viewport a canvas opens at: the flow fitted into the canvas element, where React Flow's `fitView` would put it
 * once it has measured the cards, computed from the cards' own sizes (card-layout.ts) before React Flow first renders
 * them. Without it, React Flow first rendered the flow at zoom 1, so the cards in the top left corner were built with
 * all their contents, then fitted it and rebuilt every card in the zoomed-out band (zoom.ts): at 1,000 nodes a tenth
 * of the open (docs/canvas.md, "Scale"). Null until the canvas element has been laid out (one layout pass, before
 * anything is painted); the store's transform is set with it, so the zoom band read on the first render is the one
 * the flow is seen in.
 */
export function useStartViewport(host: RefObject<HTMLElement | null>, nodes: readonly FlowCardNode[]): Viewport | null {
  const store = useStoreApi()
  const [start, setStart] = useState<Viewport | null>(null)
  useLayoutEffect(() => {
    const el = host.current
    if (start || !el) return
    const viewport = fitted(nodes, el.clientWidth, el.clientHeight)
    store.setState({ transform: [viewport.x, viewport.y, viewport.zoom] })
    setStart(viewport)
  }, [host, nodes, start, store])
  return start
}

/**
 * React Flow's fit of these cards into a width x height canvas; zoom 1 at the origin when there is nothing to fit.
 * The bounds are summed here rather than by React Flow's getNodesBounds, which wants the store's node lookup (there
 * is none before the first render) and warns on every call without it.
 */
export function fitted(nodes: readonly FlowCardNode[], width: number, height: number): Viewport {
  if (!nodes.length || !width || !height) return { x: 0, y: 0, zoom: 1 }
  let left = Infinity
  let top = Infinity
  let right = -Infinity
  let bottom = -Infinity
  for (const n of nodes) {
    left = Math.min(left, n.position.x)
    top = Math.min(top, n.position.y)
    right = Math.max(right, n.position.x + (n.measured?.width ?? 0))
    bottom = Math.max(bottom, n.position.y + (n.measured?.height ?? 0))
  }
  const bounds = { x: left, y: top, width: right - left, height: bottom - top }
  return getViewportForBounds(bounds, width, height, MIN_ZOOM, FIT.maxZoom, FIT.padding)
}
