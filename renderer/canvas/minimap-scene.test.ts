import { describe, expect, it } from 'vitest'
import { branchingFlow } from '../editor/testing/docs'
import { EMPTY_OVERLAY } from '../emulator/overlay'
import { decorate } from './decor'
import { describeScene, minimapScene, type Box } from './minimap-scene'

const doc = branchingFlow()
const boxes: Box[] = doc.nodes.map((n, i) => ({ id: n.id, x: i * 300, y: (i % 2) * 200, width: 240, height: 100 }))

describe('minimap scene', () => {
  it('frames the whole flow and draws problems on top of everything else', () => {
    const decor = decorate(doc.nodes, { h: { error: 1, warning: 0 }, m: { error: 0, warning: 2 } }, null)
    const s = minimapScene(boxes, doc.edges, decor, new Set(['t']))
    expect(s.bounds).toEqual({ x: -40, y: -40, width: 4 * 300 + 240 + 80, height: 200 + 100 + 80 })
    expect(s.rects.map((r) => [r.id, r.tone])).toEqual([
      ['b', 'node'],
      ['e', 'node'],
      ['t', 'selected'],
      ['m', 'warning'],
      ['h', 'error'],
    ])
    expect(describeScene(s)).toBe('Minimap: 5 node(s), 1 with errors, 1 with warnings')
  })

  it('draws the test path: its nodes in path colours and its connections as lines from port side to input side', () => {
    const overlay = {
      ...EMPTY_OVERLAY,
      flowId: doc.id,
      pathNodeIds: ['t', 'b', 'h'],
      currentNodeId: 'h',
      pathEdgeIds: ['e1', 'e3'],
      unreachedNodeIds: ['m', 'e'],
    }
    const s = minimapScene(boxes, doc.edges, decorate(doc.nodes, {}, overlay), new Set())
    expect(Object.fromEntries(s.rects.map((r) => [r.id, r.tone]))).toEqual({
      t: 'path',
      b: 'path',
      h: 'current',
      m: 'unreached',
      e: 'unreached',
    })
    expect(s.lines).toEqual([
      { from: [240, 50], to: [300, 250] },
      { from: [540, 250], to: [900, 250] },
    ])
    expect(describeScene(s)).toBe('Minimap: 5 node(s), test path through 3')
  })

  it('draws an empty flow as nothing', () => {
    expect(minimapScene([], [], decorate([], {}, null), new Set()).rects).toEqual([])
  })
})
