import type { FlowEdge } from '../../shared/flow/document'
import type { Decor } from './decor'

// What the minimap draws, as plain data (tested without a canvas): one rectangle per node, coloured by what matters
// when looking for something in a big flow (problems first, then the test path, then the rest), and the test
// path's connections as lines. The frame is the flow's bounds, not the viewport, so panning never redraws it.

export interface Box {
  id: string
  x: number
  y: number
  width: number
  height: number
}

export type Tone = 'error' | 'warning' | 'current' | 'failed' | 'path' | 'unreached' | 'selected' | 'node'

export interface Scene {
  /** Flow coordinates of the drawn area. */
  bounds: { x: number; y: number; width: number; height: number }
  rects: Array<Box & { tone: Tone }>
  lines: Array<{ from: [number, number]; to: [number, number] }>
  counts: { nodes: number; errors: number; warnings: number; path: number }
}

const PAD = 40

export function minimapScene(
  boxes: readonly Box[],
  edges: readonly FlowEdge[],
  decor: Decor,
  selected: ReadonlySet<string>,
): Scene {
  if (boxes.length === 0)
    return {
      bounds: { x: 0, y: 0, width: 1, height: 1 },
      rects: [],
      lines: [],
      counts: { nodes: 0, errors: 0, warnings: 0, path: 0 },
    }
  const minX = Math.min(...boxes.map((b) => b.x)) - PAD
  const minY = Math.min(...boxes.map((b) => b.y)) - PAD
  const maxX = Math.max(...boxes.map((b) => b.x + b.width)) + PAD
  const maxY = Math.max(...boxes.map((b) => b.y + b.height)) + PAD
  const counts = { nodes: boxes.length, errors: 0, warnings: 0, path: 0 }
  const rects = boxes.map((b) => {
    const d = decor.nodes.get(b.id)
    let tone: Tone = 'node'
    if (d?.run === 'unreached') tone = 'unreached'
    if (d?.run === 'path' || d?.run === 'current' || d?.run === 'failed') {
      tone = d.run
      counts.path++
    }
    if (selected.has(b.id)) tone = 'selected'
    if (d?.warnings) {
      tone = 'warning'
      counts.warnings++
    }
    if (d?.errors) {
      tone = 'error'
      counts.errors++
    }
    return { ...b, tone }
  })
  // Problems are drawn last, so a neighbour never hides one.
  const order: Tone[] = ['unreached', 'node', 'path', 'selected', 'current', 'failed', 'warning', 'error']
  rects.sort((a, b) => order.indexOf(a.tone) - order.indexOf(b.tone))
  const byId = new Map(boxes.map((b) => [b.id, b]))
  const lines = edges.flatMap((e) => {
    const s = byId.get(e.source)
    const t = byId.get(e.target)
    if (!s || !t || decor.edges.get(e.id) !== 'path') return []
    return [
      {
        from: [s.x + s.width, s.y + s.height / 2] as [number, number],
        to: [t.x, t.y + t.height / 2] as [number, number],
      },
    ]
  })
  return { bounds: { x: minX, y: minY, width: maxX - minX, height: maxY - minY }, rects, lines, counts }
}

/** What the minimap says to a screen reader, and in its tooltip. */
export function describeScene(s: Scene): string {
  const parts = [`${s.counts.nodes} node(s)`]
  if (s.counts.errors) parts.push(`${s.counts.errors} with errors`)
  if (s.counts.warnings) parts.push(`${s.counts.warnings} with warnings`)
  if (s.counts.path) parts.push(`test path through ${s.counts.path}`)
  return `Minimap: ${parts.join(', ')}`
}
