import { useEffect } from 'react'
import { useReactFlow, useStoreApi, type InternalNode, type Transform } from '@xyflow/react'
import { recentIntent } from './reveal'

/**
 * When the canvas changes size (a side panel, the emulator or the Problems list opens or closes, or the window is
 * resized), what was in view stays in view: a flow seen whole is fitted whole again; otherwise the cards that were
 * in view are fitted into the new area, never closer than before. A card just brought into view on purpose (from
 * the Problems list or search) is centred again instead. Without this, opening the emulator hid most of the flow
 * behind it.
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
      // Several size changes in a row (a panel and the Problems list) make one fit, after the last.
      if (timer) clearTimeout(timer)
      timer = setTimeout(() => {
        timer = null
        const focus = recentIntent()
        if (focus) void rf.setCenter(focus.x, focus.y, { zoom: focus.zoom, duration: 150 })
        else if (whole || inView.length === 0) void rf.fitView({ maxZoom: 1, duration: 150 })
        else
          void rf.fitView({
            nodes: inView.map((n) => ({ id: n.id })),
            maxZoom: zoom,
            minZoom: Math.min(zoom, 0.1),
            duration: 150,
          })
      }, 30)
    })
  }, [store, rf])
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
