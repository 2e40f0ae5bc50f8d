import { describe, expect, it } from 'vitest'
import { branchingFlow } from '../editor/testing/docs'
import { NodeCache } from './adapter'

// React Flow and the memoised cards re-render a node only when the object handed to them changes.

describe('NodeCache', () => {
  it('hands back the same canvas node while its document node, selection and size are unchanged', () => {
    const doc = branchingFlow()
    const cache = new NodeCache()
    const first = cache.build(doc.nodes, new Set())
    const again = cache.build(doc.nodes, new Set())
    expect(again).toEqual(first)
    again.forEach((n, i) => expect(n).toBe(first[i]))
  })

  it('keeps the card data object when only the selection or measured size changes', () => {
    const doc = branchingFlow()
    const cache = new NodeCache()
    const [a] = cache.build(doc.nodes, new Set())
    const [selected] = cache.build(doc.nodes, new Set([doc.nodes[0]!.id]))
    expect(selected).not.toBe(a)
    expect(selected!.selected).toBe(true)
    expect(selected!.data).toBe(a!.data)
    cache.measured.set(doc.nodes[0]!.id, { width: 240, height: 90 })
    const [sized] = cache.build(doc.nodes, new Set())
    expect(sized!.measured).toEqual({ width: 240, height: 90 })
    expect(sized!.data).toBe(a!.data)
  })

  it('gives a moved or edited node new data, and only that node', () => {
    const doc = branchingFlow()
    const cache = new NodeCache()
    const before = cache.build(doc.nodes, new Set())
    const moved = doc.nodes.map((n, i) => (i === 1 ? { ...n, position: { x: 99, y: 7 } } : n))
    const after = cache.build(moved, new Set())
    expect(after[1]!.data).not.toBe(before[1]!.data)
    expect(after[1]!.position).toEqual({ x: 99, y: 7 })
    after.forEach((n, i) => i !== 1 && expect(n).toBe(before[i]))
  })
})
