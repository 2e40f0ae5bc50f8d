import { useEffect, useMemo, useRef } from 'react'
import { Panel, useReactFlow, useStoreApi } from '@xyflow/react'
import type { FlowEdge, FlowNode } from '../../shared/flow/document'
import { cardLayout } from './card-layout'
import type { Decor } from './decor'
import { describeScene, minimapScene, type Box, type Scene, type Tone } from './minimap-scene'

const WIDTH = 200
const HEIGHT = 140
const TONES: Tone[] = ['node', 'unreached', 'path', 'selected', 'current', 'failed', 'warning', 'error']

interface Props {
  /** The document's nodes: a drag moves cards inside React Flow only, so the map follows on the drop instead of
   *  rebuilding its scene on every frame of the drag (8 % of a 5,000-node drag's main thread in the profile). */
  nodes: readonly FlowNode[]
  edges: readonly FlowEdge[]
  decor: Decor
  selected: ReadonlySet<string>
  /** Redraws in the colours of a theme switched while the editor is open. */
  theme: string
}

/**
 * A map of the whole flow in the corner: nodes with problems in red and amber, the test run's path in blue, and the
 * part of the flow in view as a frame. Press or drag on it to move the view there; the wheel zooms. Drawn on a
 * canvas when the flow changes, never when the view moves (only the frame moves then).
 */
export function FlowMiniMap({ nodes, edges, decor, selected, theme }: Props) {
  const rf = useReactFlow()
  const store = useStoreApi()
  const canvas = useRef<HTMLCanvasElement>(null)
  const frame = useRef<HTMLDivElement>(null)
  const scene = useMemo(() => {
    const boxes: Box[] = nodes.map((n) => {
      const { width, height } = cardLayout(n)
      return { id: n.id, x: n.position.x, y: n.position.y, width, height }
    })
    return minimapScene(boxes, edges, decor, selected)
  }, [nodes, edges, decor, selected])
  const fit = useMemo(() => fitOf(scene), [scene])

  // Colours are read from the theme's variables on the root, once per theme: reading the computed style of an element
  // inside the canvas while its cards mount forced a style pass of the whole canvas (0.4 s of a 1000-node open in
  // the benchmark's profile).
  const colours = useRef<{ theme: string; tones: Colours } | null>(null)
  useEffect(() => {
    // One drawing per frame however many measurements arrive in it.
    const id = requestAnimationFrame(() => {
      const el = canvas.current
      if (!el) return
      if (colours.current?.theme !== theme) colours.current = { theme, tones: tonesOf(document.documentElement) }
      draw(el, scene, fit, colours.current.tones)
    })
    return () => cancelAnimationFrame(id)
  }, [scene, fit, theme])

  useEffect(() => {
    const place = () => {
      const { transform, width, height } = store.getState()
      const [x, y, zoom] = transform
      const el = frame.current
      if (!el) return
      const left = (-x / zoom - scene.bounds.x) * fit.scale + fit.dx
      const top = (-y / zoom - scene.bounds.y) * fit.scale + fit.dy
      el.style.transform = `translate(${left}px, ${top}px)`
      el.style.width = `${(width / zoom) * fit.scale}px`
      el.style.height = `${(height / zoom) * fit.scale}px`
    }
    place()
    return store.subscribe(
      (s, prev) => (s.transform !== prev.transform || s.width !== prev.width || s.height !== prev.height) && place(),
    )
  }, [store, scene, fit])

  const moveTo = (e: React.PointerEvent<HTMLDivElement>) => {
    const box = e.currentTarget.getBoundingClientRect()
    const fx = scene.bounds.x + (e.clientX - box.left - fit.dx) / fit.scale
    const fy = scene.bounds.y + (e.clientY - box.top - fit.dy) / fit.scale
    void rf.setCenter(fx, fy, { zoom: rf.getZoom() })
  }
  const label = describeScene(scene)
  return (
    <Panel position="bottom-right" className="minimap">
      <div
        role="img"
        aria-label={label}
        title={`${label}. Press or drag to move the view; the wheel zooms.`}
        className="minimap-body"
        style={{ width: WIDTH, height: HEIGHT }}
        onPointerDown={(e) => {
          e.currentTarget.setPointerCapture(e.pointerId)
          moveTo(e)
        }}
        onPointerMove={(e) => e.buttons === 1 && e.currentTarget.hasPointerCapture(e.pointerId) && moveTo(e)}
        onWheel={(e) => void (e.deltaY < 0 ? rf.zoomIn({ duration: 0 }) : rf.zoomOut({ duration: 0 }))}
      >
        <canvas ref={canvas} width={WIDTH} height={HEIGHT} style={{ width: WIDTH, height: HEIGHT }} />
        <div ref={frame} className="minimap-frame" />
      </div>
    </Panel>
  )
}

function fitOf(scene: Scene) {
  const scale = Math.min(WIDTH / scene.bounds.width, HEIGHT / scene.bounds.height)
  return { scale, dx: (WIDTH - scene.bounds.width * scale) / 2, dy: (HEIGHT - scene.bounds.height * scale) / 2 }
}

type Colours = Record<Tone, string>

function tonesOf(el: HTMLElement): Colours {
  const css = getComputedStyle(el)
  return Object.fromEntries(TONES.map((t) => [t, css.getPropertyValue(`--minimap-${t}`).trim() || '#888'])) as Colours
}

function draw(el: HTMLCanvasElement, scene: Scene, fit: ReturnType<typeof fitOf>, colour: Colours) {
  const ratio = window.devicePixelRatio || 1
  if (el.width !== WIDTH * ratio) {
    el.width = WIDTH * ratio
    el.height = HEIGHT * ratio
  }
  const ctx = el.getContext('2d')
  if (!ctx) return
  ctx.setTransform(ratio, 0, 0, ratio, 0, 0)
  ctx.clearRect(0, 0, WIDTH, HEIGHT)
  const at = (x: number, y: number): [number, number] => [
    (x - scene.bounds.x) * fit.scale + fit.dx,
    (y - scene.bounds.y) * fit.scale + fit.dy,
  ]
  ctx.strokeStyle = colour.path
  ctx.lineWidth = 1.5
  ctx.beginPath()
  for (const l of scene.lines) {
    ctx.moveTo(...at(...l.from))
    ctx.lineTo(...at(...l.to))
  }
  ctx.stroke()
  for (const r of scene.rects) {
    const [x, y] = at(r.x, r.y)
    ctx.fillStyle = colour[r.tone]
    // A node never shrinks below 2 px, so a problem stays visible on a map of thousands.
    ctx.fillRect(x, y, Math.max(2, r.width * fit.scale), Math.max(2, r.height * fit.scale))
  }
}
