import { describe, expect, it } from 'vitest'
import { branchingFlow } from '../editor/testing/docs'
import { EdgeCache, NodeCache } from './adapter'
import { breakpointMarks, decorate } from './decor'

describe('breakpoints on the canvas', () => {
  const doc = branchingFlow()
  const edge = doc.edges[0]!
  const marks = breakpointMarks([
    { at: { kind: 'node', nodeId: 'm' }, enabled: true },
    { at: { kind: 'node', nodeId: 'h' }, enabled: true, condition: '{{ {{x}} > 1 }}' },
    { at: { kind: 'node', nodeId: 'e' }, enabled: false },
    { at: { kind: 'edge', edgeId: edge.id }, enabled: true },
  ])

  it('marks each card with its breakpoint: on, conditional or off, and only those cards get a new data object', () => {
    const d = decorate(doc.nodes, {}, null, null, new Map(), marks)
    expect(d.nodes.get('m')?.breakpoint).toBe('on')
    expect(d.nodes.get('h')?.breakpoint).toBe('conditional')
    expect(d.nodes.get('e')?.breakpoint).toBe('off')
    expect(d.nodes.has('t')).toBe(false)
    const cache = new NodeCache()
    const before = cache.build(doc.nodes, new Set(), decorate(doc.nodes, {}, null), new Map())
    const after = cache.build(doc.nodes, new Set(), d, new Map())
    expect(after.filter((n, i) => n.data !== before[i]!.data).map((n) => n.id)).toEqual(['m', 'h', 'e'])
  })

  it('puts a dot on a connection with a breakpoint, said in its accessible name', () => {
    const d = decorate(doc.nodes, {}, null, null, new Map(), marks)
    const edges = new EdgeCache().build(doc.edges, new Set(), d)
    const marked = edges.find((e) => e.id === edge.id)!
    expect(marked.label).toBe('•')
    expect(marked.className).toContain('bp-on')
    expect(marked.ariaLabel).toMatch(/, breakpoint$/)
    expect(edges.filter((e) => e.label !== undefined).length).toBe(1)
  })
})
