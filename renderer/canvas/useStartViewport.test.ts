import { describe, expect, it } from 'vitest'
import { getNodesBounds, getViewportForBounds } from '@xyflow/react'
import { branchingFlow } from '../editor/testing/docs'
import { NodeCache } from './adapter'
import { fitted, FIT, MIN_ZOOM } from './useStartViewport'

// The canvas opens at the viewport React Flow's fitView would reach after measuring the cards, so the fit that
// follows React Flow's first measuring changes nothing.

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
