import { describe, expect, it } from 'vitest'
import { branchingFlow } from '../editor/testing/docs'
import { EMPTY_OVERLAY } from '../emulator/overlay'
import { EdgeCache, NodeCache } from './adapter'
import { decorate, type Decor } from './decor'

// React Flow and the memoised cards re-render a node only when the object handed to them changes.

const none: Decor = { nodes: new Map(), edges: new Map() }
const noDrag = new Map()

describe('NodeCache', () => {
  it('hands back the same canvas node while its document node, selection and decor are unchanged', () => {
    const doc = branchingFlow()
    const cache = new NodeCache()
    const first = cache.build(doc.nodes, new Set(), none, noDrag)
    const again = cache.build(doc.nodes, new Set(), decorate(doc.nodes, {}, null), noDrag)
    again.forEach((n, i) => expect(n).toBe(first[i]))
  })

  it('keeps the card data object when only the selection changes', () => {
    const doc = branchingFlow()
    const cache = new NodeCache()
    const [a] = cache.build(doc.nodes, new Set(), none, noDrag)
    const [selected] = cache.build(doc.nodes, new Set([doc.nodes[0]!.id]), none, noDrag)
    expect(selected).not.toBe(a)
    expect(selected!.selected).toBe(true)
    expect(selected!.data).toBe(a!.data)
  })

  it("hands React Flow each card's size and handles, so nothing waits to be measured", () => {
    const doc = branchingFlow()
    const [, buttons] = new NodeCache().build(doc.nodes, new Set(), none, noDrag)
    expect(buttons!.measured).toEqual({ width: 240, height: expect.any(Number) })
    expect(buttons!.handles!.map((h) => [h.type, h.id])).toEqual([
      ['target', null],
      ['source', 'yes'],
      ['source', 'no'],
    ])
  })

  it('gives a moved or edited node new data, and only that node', () => {
    const doc = branchingFlow()
    const cache = new NodeCache()
    const before = cache.build(doc.nodes, new Set(), none, noDrag)
    const moved = doc.nodes.map((n, i) => (i === 1 ? { ...n, position: { x: 99, y: 7 } } : n))
    const after = cache.build(moved, new Set(), none, noDrag)
    expect(after[1]!.data).not.toBe(before[1]!.data)
    expect(after[1]!.position).toEqual({ x: 99, y: 7 })
    after.forEach((n, i) => i !== 1 && expect(n).toBe(before[i]))
  })

  it('places a node being dragged where the drag has it, not where the document does', () => {
    const doc = branchingFlow()
    const cache = new NodeCache()
    const before = cache.build(doc.nodes, new Set(), none, noDrag)
    const during = cache.build(doc.nodes, new Set(), none, new Map([['m', { x: 500, y: 40 }]]))
    const m = doc.nodes.findIndex((n) => n.id === 'm')
    expect(during[m]!.position).toEqual({ x: 500, y: 40 })
    expect(during[m]!.data).toBe(before[m]!.data)
  })

  it('gives a card new data when its problems or its part in the test run change, and no other card', () => {
    const doc = branchingFlow()
    const cache = new NodeCache()
    const before = cache.build(doc.nodes, new Set(), decorate(doc.nodes, { m: { error: 1, warning: 0 } }, null), noDrag)
    const same = cache.build(doc.nodes, new Set(), decorate(doc.nodes, { m: { error: 1, warning: 0 } }, null), noDrag)
    same.forEach((n, i) => expect(n).toBe(before[i]))
    const overlay = { ...EMPTY_OVERLAY, flowId: doc.id, pathNodeIds: ['t'] }
    const after = cache.build(
      doc.nodes,
      new Set(),
      decorate(doc.nodes, { m: { error: 2, warning: 0 } }, overlay),
      noDrag,
    )
    const changed = after.flatMap((n, i) => (n === before[i] ? [] : [n.id]))
    expect(changed.sort()).toEqual(['m', 't'])
    expect(after.find((n) => n.id === 'm')!.data.decor).toMatchObject({ errors: 2 })
    expect(after.find((n) => n.id === 't')!.data.decor).toMatchObject({ run: 'path' })
  })
})

describe('EdgeCache', () => {
  it('labels and classes an edge by its coverage, and keeps unchanged edges', () => {
    const doc = branchingFlow()
    const cache = new EdgeCache()
    const before = cache.build(doc.edges, new Set(), none)
    expect(before[0]!.ariaLabel).toBe('Connection out')
    const overlay = {
      ...EMPTY_OVERLAY,
      flowId: doc.id,
      coveredEdgeIds: ['e1'],
      uncoveredEdgeIds: ['e2'],
      pathEdgeIds: ['e3'],
    }
    const after = cache.build(doc.edges, new Set(), decorate(doc.nodes, {}, overlay))
    expect(after.map((e) => [e.className, e.ariaLabel])).toEqual([
      ['cov-covered', 'Connection out, covered'],
      ['cov-uncovered', 'Connection yes, not covered'],
      ['cov-path', 'Connection no, on the test path'],
      [undefined, 'Connection success'],
    ])
    expect(after[3]).toBe(before[3])
  })
})
