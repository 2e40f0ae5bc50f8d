import { useEffect, useRef } from 'react'
import { useStoreApi } from '@xyflow/react'

/**
 * The dotted grid behind the cards. React Flow's own Background is an SVG pattern whose React component re-renders
 * at every frame of a pan. This one is a plain CSS background whose position and size are set from the viewport
 * store directly, so a pan renders no React component. It is deliberately NOT a composited layer (no will-change,
 * no 3D transform): a layer under the viewport made Chromium test every card, port and edge for overlap with it on
 * every frame (Layerize, 60% of a 2000-node pan's main-thread time in the canvas benchmark's profile, docs/canvas.md).
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
      }
      el.style.backgroundPosition = `${((x % step) + step) % step}px ${((y % step) + step) % step}px`
    }
    apply(store.getState().transform)
    return store.subscribe((s, prev) => s.transform !== prev.transform && apply(s.transform))
  }, [store, gap])
  return <div ref={ref} className="canvas-grid" aria-hidden="true" />
}
