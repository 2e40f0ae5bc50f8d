import { useEffect, useRef } from 'react'
import { useStoreApi } from '@xyflow/react'

/**
 * The dotted grid behind the cards. React Flow's own Background is an SVG pattern re-drawn at every frame of a pan
 * (at 1000 nodes that repaint cost a third of a pan frame in the canvas benchmark). This one is a layer of its own
 * that a pan only slides, by less than one grid step; only a zoom repaints it. Styles are set from the viewport
 * store directly, so a pan renders no React component.
 */
export function CanvasBackground({ gap }: { gap: number }) {
  const ref = useRef<HTMLDivElement>(null)
  const store = useStoreApi()
  useEffect(() => {
    let last = ''
    const apply = ([x, y, zoom]: [number, number, number]) => {
      const el = ref.current
      if (!el) return
      // Dots closer than 10 px are noise: show every fourth line instead.
      let step = gap * zoom
      while (step < 10) step *= 4
      const size = `${step}px ${step}px`
      if (size !== last) {
        last = size
        el.style.backgroundSize = size
        el.style.width = `calc(100% + ${2 * step}px)`
        el.style.height = `calc(100% + ${2 * step}px)`
      }
      const ox = (((x % step) + step) % step) - step
      const oy = (((y % step) + step) % step) - step
      el.style.transform = `translate3d(${ox}px, ${oy}px, 0)`
    }
    apply(store.getState().transform)
    return store.subscribe((s, prev) => s.transform !== prev.transform && apply(s.transform))
  }, [store, gap])
  return <div ref={ref} className="canvas-grid" aria-hidden="true" />
}
