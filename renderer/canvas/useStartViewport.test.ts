import { describe, expect, it } from 'vitest'
import { getNodesBounds, getViewportForBounds } from '@xyflow/react'
import { branchingFlow } from '../editor/testing/docs'
import { NodeCache } from './adapter'
import { fitted, FIT, MIN_ZOOM, OPEN_MARGIN, startViewport } from './useStartViewport'
import { CARD_MIN_FONT_PX, READABLE_ZOOM, zoomBand } from './zoom'

// `fitted` is the viewport React Flow's fitView reaches after measuring the cards (a flow that fits readably opens
// there); `startViewport` is where a flow opens, computed before React Flow's first render.

const cards = (spread = 1) => {
  const doc = branchingFlow()
  const nodes = doc.nodes.map((n, i) => ({
    ...n,
    position: { x: n.position.x * spread + i * 7, y: n.position.y * spread },
  }))
  return new NodeCache().build(nodes, new Set(), { nodes: new Map(), edges: new Map() }, new Map())
}

describe('fitted', () => {
  it.each([
    ['close enough for zoom 1', 1, 1400, 900],
    ['far apart, zoomed out', 12, 1200, 700],
    ['beyond the smallest zoom', 200, 800, 600],
  ])('places the cards where React Flow fits them: %s', (_, spread, width, height) => {
    const nodes = cards(spread)
    const bounds = getNodesBounds(nodes, { nodeOrigin: [0, 0] })
    const expected = getViewportForBounds(bounds, width, height, MIN_ZOOM, FIT.maxZoom, FIT.padding)
    const got = fitted(nodes, width, height)
    expect(got.zoom).toBeCloseTo(expected.zoom, 9)
    expect(got.x).toBeCloseTo(expected.x, 6)
    expect(got.y).toBeCloseTo(expected.y, 6)
    expect(got.zoom).toBeGreaterThanOrEqual(MIN_ZOOM)
    expect(got.zoom).toBeLessThanOrEqual(FIT.maxZoom)
  })

  it('starts at zoom 1 at the origin with nothing to fit or no room yet', () => {
    expect(fitted([], 1200, 800)).toEqual({ x: 0, y: 0, zoom: 1 })
    expect(fitted(cards(), 0, 0)).toEqual({ x: 0, y: 0, zoom: 1 })
  })
})

describe('startViewport (issue 41: a flow opens readable)', () => {
  const chain = (count: number, dx = 340, dy = 0, triggerAt = 0) => {
    const nodes = Array.from({ length: count }, (_, i) => ({
      id: `n${i}`,
      type: (i === triggerAt ? 'trigger' : 'message') as 'trigger' | 'message',
      name: i === triggerAt ? 'trigger_1' : `step_${i}`,
      position: { x: i * dx, y: i * dy },
      config: {},
    }))
    return new NodeCache().build(nodes, new Set(), { nodes: new Map(), edges: new Map() }, new Map())
  }
  const onScreen = (v: { x: number; y: number; zoom: number }, n: { position: { x: number; y: number } }) => ({
    left: n.position.x * v.zoom + v.x,
    top: n.position.y * v.zoom + v.y,
  })

  it('a flow that fits readably opens fitted, as Fit View shows it', () => {
    const nodes = cards()
    expect(startViewport(nodes, 1400, 900)).toEqual(fitted(nodes, 1400, 900))
    expect(startViewport(nodes, 1400, 900).zoom).toBeGreaterThanOrEqual(READABLE_ZOOM)
  })

  it('a long chain opens at the readable zoom with the Trigger at the left edge, vertically centred on the flow', () => {
    const nodes = chain(12)
    expect(fitted(nodes, 1000, 700).zoom).toBeLessThan(READABLE_ZOOM)
    const v = startViewport(nodes, 1000, 700)
    expect(v.zoom).toBe(READABLE_ZOOM)
    const t = onScreen(v, nodes[0]!)
    expect(t.left).toBeCloseTo(OPEN_MARGIN, 6)
    const h = nodes[0]!.measured!.height!
    expect(t.top + (h * v.zoom) / 2).toBeCloseTo(350, 6)
  })

  it('a Trigger in the middle of the flow is centred; a Trigger at the far end sits at that edge; always in view', () => {
    for (const [triggerAt, where] of [
      [6, 'centre'],
      [11, 'right'],
    ] as const) {
      const nodes = chain(12, 340, 120, triggerAt)
      const v = startViewport(nodes, 1000, 700)
      const t = onScreen(v, nodes[triggerAt]!)
      const w = nodes[triggerAt]!.measured!.width! * v.zoom
      const h = nodes[triggerAt]!.measured!.height! * v.zoom
      expect(t.left).toBeGreaterThanOrEqual(0)
      expect(t.top).toBeGreaterThanOrEqual(0)
      expect(t.left + w).toBeLessThanOrEqual(1000)
      expect(t.top + h).toBeLessThanOrEqual(700)
      if (where === 'centre') expect(t.left + w / 2).toBeCloseTo(500, 6)
      else expect(t.left + w).toBeCloseTo(1000 - OPEN_MARGIN, 6)
    }
  })

  it('a flow without a Trigger frames its first card; nothing to show or no room opens at zoom 1', () => {
    const nodes = chain(12, 340, 0, -1)
    const v = startViewport(nodes, 1000, 700)
    expect(v.zoom).toBe(READABLE_ZOOM)
    expect(onScreen(v, nodes[0]!).left).toBeCloseTo(OPEN_MARGIN, 6)
    expect(startViewport([], 1000, 700)).toEqual({ x: 0, y: 0, zoom: 1 })
    expect(startViewport(nodes, 0, 0)).toEqual({ x: 0, y: 0, zoom: 1 })
  })

  it('the readable zoom draws the smallest card text at 10 px or more', () => {
    expect(CARD_MIN_FONT_PX * READABLE_ZOOM).toBeGreaterThanOrEqual(10)
    expect(zoomBand(READABLE_ZOOM)).toBe('near')
    expect(zoomBand(READABLE_ZOOM - 0.01)).toBe('compact')
  })
})

describe('zoom bands', () => {
  it("a zoom a hair under the readable one (d3-zoom's rounding) is still near, not compact", () => {
    expect(zoomBand(READABLE_ZOOM - 1e-9)).toBe('near')
    expect(zoomBand(READABLE_ZOOM - 0.001)).toBe('compact')
  })
})
