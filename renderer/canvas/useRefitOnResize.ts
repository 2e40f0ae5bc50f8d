import { useEffect } from 'react'
import { getViewportForBounds, useReactFlow, useStoreApi, type InternalNode, type Transform } from '@xyflow/react'
import { recentIntent } from './reveal'
import { FIT } from './useStartViewport'
import { isReadable, READABLE_ZOOM } from './zoom'

/**
 * When the canvas changes size (a side panel, the emulator or the Problems list opens or closes, or the window is
 * resized), what was in view stays in view: a flow seen whole is fitted whole again; otherwise the cards that were
 * in view are fitted into the new area, never closer than before. A readable view (READABLE_ZOOM, zoom.ts) is never
 * made unreadable, though: when what was in view no longer fits readably, the view keeps its top left corner (and a
 * selected card in view) and goes to that zoom, and the rest is reached by panning (with the emulator open the
 * canvas follows the run's current step, useFollowRun.ts). A card just brought into view on purpose (from the Problems list or search) is
 * centred again instead. Without this, opening the emulator hid most of the flow behind it; fitting it all into the
 * smaller canvas instead made the cards' text 3 to 4 px (issue 41).
 */
export function useRefitOnResize() {
  const store = useStoreApi()
  const rf = useReactFlow()
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | null = null
    return store.subscribe((s, prev) => {
      if (s.width === prev.width && s.height === prev.height) return
      // The first size is the initial fit's business; a zero size is a canvas being laid out.
      if (!prev.width || !prev.height || !s.width || !s.height) return
      const inView = nodesInView(s.nodeLookup.values(), prev.width, prev.height, prev.transform)
      const whole = inView.length === s.nodeLookup.size
      const zoom = prev.transform[2]
      // A view a hair under the readable zoom is a readable one that an animated fit left short (0.9076 seen after a
      // panel opened beside the emulator), not an overview the user chose: it is brought back to readable, never
      // refitted further out.
      const readable = isReadable(zoom) || zoom >= READABLE_ZOOM - 0.01
      // Several size changes in a row (a panel and the Problems list) make one fit, after the last.
      if (timer) clearTimeout(timer)
      timer = setTimeout(() => {
        timer = null
        const focus = recentIntent()
        if (focus) return void rf.setCenter(focus.x, focus.y, { zoom: focus.zoom, duration: 150 })
        const all = whole || inView.length === 0
        const ids = all ? [...store.getState().nodeLookup.keys()] : inView.map((n) => n.id)
        const maxZoom = all ? FIT.maxZoom : readable ? Math.max(zoom, READABLE_ZOOM) : zoom
        const { width, height } = store.getState()
        const bounds = rf.getNodesBounds(ids)
        const fit = getViewportForBounds(bounds, width, height, Math.min(zoom, 0.1), maxZoom, FIT.padding).zoom
        // A readable view stays readable; an overview (the user zoomed out, or Fit View) is refitted as it was.
        if (readable && !isReadable(fit)) {
          const [x, y] = prev.transform
          const floor = READABLE_ZOOM
          const kept = { x: (x * floor) / zoom, y: (y * floor) / zoom, zoom: floor }
          // A selected card that was in view stays in view (its settings just opened beside it, narrowing the canvas).
          const selected = inView.find((n) => n.selected)
          const next = selected ? withinView(kept, selected, width, height) : kept
          if (next.x !== x || next.y !== y || next.zoom !== zoom) void rf.setViewport(next, { duration: 150 })
          return
        }
        // React Flow's own fit can land a hair under the zoom computed here: a readable view never goes below it.
        const minZoom = readable ? READABLE_ZOOM : Math.min(zoom, 0.1)
        if (all) void rf.fitView({ maxZoom, minZoom, duration: 150 })
        else void rf.fitView({ nodes: ids.map((id) => ({ id })), maxZoom, minZoom, duration: 150 })
      }, 30)
    })
  }, [store, rf])
}

/** The viewport moved as little as it takes to show `node` whole, 40 px clear of the edges where it fits. */
export function withinView(
  v: { x: number; y: number; zoom: number },
  node: InternalNode,
  width: number,
  height: number,
): { x: number; y: number; zoom: number } {
  const margin = 40
  const shift = (start: number, size: number, view: number) => {
    if (start < margin) return margin - start
    if (start + size > view - margin) return Math.max(view - margin - (start + size), margin - start)
    return 0
  }
  const { x, y } = node.internals.positionAbsolute
  const w = (node.measured.width ?? 0) * v.zoom
  const h = (node.measured.height ?? 0) * v.zoom
  return {
    x: v.x + shift(x * v.zoom + v.x, w, width),
    y: v.y + shift(y * v.zoom + v.y, h, height),
    zoom: v.zoom,
  }
}

/** Nodes at least partly inside a `width` x `height` view under `transform`. */
export function nodesInView(
  nodes: Iterable<InternalNode>,
  width: number,
  height: number,
  [tx, ty, zoom]: Transform,
): InternalNode[] {
  const left = -tx / zoom
  const top = -ty / zoom
  const right = left + width / zoom
  const bottom = top + height / zoom
  const out: InternalNode[] = []
  for (const n of nodes) {
    const { x, y } = n.internals.positionAbsolute
    const w = n.measured.width ?? 0
    const h = n.measured.height ?? 0
    if (x < right && x + w > left && y < bottom && y + h > top) out.push(n)
  }
  return out
}
