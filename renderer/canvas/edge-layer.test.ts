import { describe, expect, it } from 'vitest'
import { getBezierPath, Position } from '@xyflow/react'
import { node } from '../editor/testing/docs'
import { cardLayout } from './card-layout'
import { areaAround, contains, edgePaths, type PlacedNode } from './edge-layer'

const buttons = node('b', 'interactive_message', 'menu', {
  body: 'Pick one',
  buttons: [
    { id: 'yes', title: 'Yes' },
    { id: 'no', title: 'No' },
  ],
})
const placed = (id: string, x: number, y: number, n = node(id, 'message', id, { text: 'Hi' })): PlacedNode => ({
  id,
  position: { x, y },
  handles: cardLayout(n).handles,
})
const nodes = new Map(
  [placed('b', 0, 0, buttons), placed('m1', 400, 0), placed('m2', 400, 300), placed('far', 90_000, 0)].map((p) => [
    p.id,
    p,
  ]),
)
const edges = [
  { id: 'e1', source: 'b', sourcePort: 'yes', target: 'm1' },
  { id: 'e2', source: 'b', sourcePort: 'no', target: 'm2' },
  { id: 'e3', source: 'm1', sourcePort: 'out', target: 'far' },
]
const everywhere = { x: -1e6, y: -1e6, width: 2e6, height: 2e6 }

describe('the edge layer of a big flow zoomed out', () => {
  it('draws each connection as React Flow does, from the port handle to the input handle', () => {
    const paths = edgePaths((id) => nodes.get(id), edges.slice(0, 1), new Map(), new Set(), everywhere)
    const b = cardLayout(buttons).handles.find((h) => h.id === 'yes')!
    const m = nodes.get('m1')!.handles!.find((h) => h.type === 'target')!
    const [expected] = getBezierPath({
      sourceX: b.x + b.width!,
      sourceY: b.y + b.height! / 2,
      sourcePosition: Position.Right,
      targetX: 400 + m.x,
      targetY: m.y + m.height! / 2,
      targetPosition: Position.Left,
    })
    expect(paths.plain).toBe(expected)
  })

  it('groups connections by coverage, a selected one on its own, and skips those that cannot cross the area', () => {
    const state = new Map([['e2', 'covered' as const]])
    const area = { x: -100, y: -100, width: 1000, height: 1000 }
    const paths = edgePaths((id) => nodes.get(id), edges, state, new Set(['e1']), area)
    expect(paths.selected.match(/M/g)).toHaveLength(1)
    expect(paths.covered.match(/M/g)).toHaveLength(1)
    // e3 runs from x 640 to 90,000: its curve spans the area, so it is drawn; with the area moved right of the
    // flow's first column only e3 is left.
    expect(paths.plain.match(/M/g)).toHaveLength(1)
    const right = edgePaths((id) => nodes.get(id), edges, state, new Set(), { ...area, x: 50_000 })
    expect([right.plain, right.covered, right.selected]).toEqual([expect.stringMatching(/^M[^M]+$/), '', ''])
    const below = edgePaths((id) => nodes.get(id), edges, state, new Set(), { ...area, y: 5000 })
    expect(Object.values(below).join('')).toBe('')
  })

  it('leaves out a connection whose card or port is missing', () => {
    const gone = [{ id: 'x', source: 'b', sourcePort: 'maybe', target: 'm1' }]
    expect(Object.values(edgePaths((id) => nodes.get(id), gone, new Map(), new Set(), everywhere)).join('')).toBe('')
  })

  it('draws around the view and moves the area only once the view leaves it', () => {
    const view = { x: 100, y: 50, width: 800, height: 600 }
    const area = areaAround(view)
    expect(area).toEqual({ x: -700, y: -550, width: 2400, height: 1800 })
    expect(contains(area, { ...view, x: 900 })).toBe(true)
    expect(contains(area, { ...view, x: 1000 })).toBe(false)
  })
})
