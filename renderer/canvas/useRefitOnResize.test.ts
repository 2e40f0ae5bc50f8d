import { describe, expect, it } from 'vitest'
import type { InternalNode } from '@xyflow/react'
import { withinView } from './useRefitOnResize'

// A card whose settings just opened beside it narrows the canvas; the view, kept readable, moves as little as it
// takes to keep the card in view (useRefitOnResize.ts).
const node = (x: number, y: number) =>
  ({ internals: { positionAbsolute: { x, y } }, measured: { width: 240, height: 100 } }) as unknown as InternalNode

describe('withinView', () => {
  const zoom = 0.91
  it('leaves a view alone when the card is inside it, clear of the edges', () => {
    expect(withinView({ x: 0, y: 0, zoom }, node(100, 100), 800, 600)).toEqual({ x: 0, y: 0, zoom })
  })

  it('pans left just enough for a card cut off by the right edge, and down for one above the top', () => {
    const v = withinView({ x: 0, y: 0, zoom }, node(700, -50), 800, 600)
    expect(700 * zoom + v.x + 240 * zoom).toBeCloseTo(800 - 40, 6)
    expect(-50 * zoom + v.y).toBeCloseTo(40, 6)
    expect(v.zoom).toBe(zoom)
  })

  it('a card wider than the view keeps its left edge in view', () => {
    const v = withinView({ x: 0, y: 0, zoom: 2 }, node(300, 0), 400, 600)
    expect(300 * 2 + v.x).toBeCloseTo(40, 6)
  })
})
