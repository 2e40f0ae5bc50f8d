import { useLayoutEffect, useState, type RefObject } from 'react'
import { getViewportForBounds, useStoreApi, type Viewport } from '@xyflow/react'
import type { FlowCardNode } from './FlowNodeCard'
import { READABLE_ZOOM } from './zoom'
import { startsFlow } from '../../shared/nodes/behaviour-of'

/** The canvas's zoom limits and how a fit frames the flow (React Flow's own fitView padding, written out). */
export const MIN_ZOOM = 0.1
export const FIT = { maxZoom: 1, padding: 0.1 }
/** Room left between the view's edge and the cards when a flow opens larger than the view, in screen px. */
export const OPEN_MARGIN = 32

/**
 * The viewport a canvas opens at (startViewport), computed from the cards' own sizes (card-layout.ts) before React
 * Flow first renders them. Computing it first matters for speed: when React Flow first rendered the flow at zoom 1
 * and only then moved the view, every card was built twice, once in each zoom band (zoom.ts): at 1,000 nodes a
 * tenth of the open (docs/canvas.md, "Scale"). Null until the canvas element has been laid out (one layout pass,
 * before anything is painted); the store's transform is set with it, so the zoom band read on the first render is
 * the one the flow is seen in.
 */
export function useStartViewport(host: RefObject<HTMLElement | null>, nodes: readonly FlowCardNode[]): Viewport | null {
  const store = useStoreApi()
  const [start, setStart] = useState<Viewport | null>(null)
  useLayoutEffect(() => {
    const el = host.current
    if (start || !el) return
    const viewport = startViewport(nodes, el.clientWidth, el.clientHeight)
    store.setState({ transform: [viewport.x, viewport.y, viewport.zoom] })
    setStart(viewport)
  }, [host, nodes, start, store])
  return start
}

interface Box {
  x: number
  y: number
  width: number
  height: number
}

/**
 * Where a flow opens: the whole flow fitted (as "Fit View" shows it) when its cards can be read that way (zoom at
 * least READABLE_ZOOM: every card text at least 10 px on screen); otherwise at READABLE_ZOOM with the Trigger in view
 * and as much of the flow around it as fits: the view is centred on the Trigger, then slid back inside the flow's
 * bounds on each axis so no side shows empty canvas while cards lie beyond the other (a left-to-right flow opens
 * with its Trigger near the left edge). The rest is reached by panning, the minimap and Fit View (issue 41).
 */
export function startViewport(nodes: readonly FlowCardNode[], width: number, height: number): Viewport {
  const whole = fitted(nodes, width, height)
  if (!nodes.length || !width || !height || whole.zoom >= READABLE_ZOOM) return whole
  const bounds = boundsOf(nodes)
  const anchor = boxOf(nodes.find((n) => startsFlow(n.data.node.type)) ?? nodes[0]!)
  const zoom = READABLE_ZOOM
  const margin = OPEN_MARGIN / zoom
  const place = (start: number, size: number, anchorStart: number, anchorSize: number, view: number) => {
    const lo = start - margin
    const hi = start + size + margin - view
    if (hi <= lo) return (lo + hi) / 2 // the flow is smaller than the view on this axis: centre it
    return Math.min(Math.max(anchorStart + anchorSize / 2 - view / 2, lo), hi)
  }
  const left = place(bounds.x, bounds.width, anchor.x, anchor.width, width / zoom)
  const top = place(bounds.y, bounds.height, anchor.y, anchor.height, height / zoom)
  return { x: -left * zoom, y: -top * zoom, zoom }
}

const boxOf = (n: FlowCardNode): Box => ({
  x: n.position.x,
  y: n.position.y,
  width: n.measured?.width ?? 0,
  height: n.measured?.height ?? 0,
})

/**
 * The bounds of the cards, summed here rather than by React Flow's getNodesBounds, which wants the store's node
 * lookup (there is none before the first render) and warns on every call without it.
 */
function boundsOf(nodes: readonly FlowCardNode[]): Box {
  let left = Infinity
  let top = Infinity
  let right = -Infinity
  let bottom = -Infinity
  for (const n of nodes) {
    const b = boxOf(n)
    left = Math.min(left, b.x)
    top = Math.min(top, b.y)
    right = Math.max(right, b.x + b.width)
    bottom = Math.max(bottom, b.y + b.height)
  }
  return { x: left, y: top, width: right - left, height: bottom - top }
}

/** React Flow's fit of these cards into a width x height canvas; zoom 1 at the origin when there is nothing to fit. */
export function fitted(nodes: readonly FlowCardNode[], width: number, height: number): Viewport {
  if (!nodes.length || !width || !height) return { x: 0, y: 0, zoom: 1 }
  return getViewportForBounds(boundsOf(nodes), width, height, MIN_ZOOM, FIT.maxZoom, FIT.padding)
}
