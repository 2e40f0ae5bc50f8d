import { describe, expect, it } from 'vitest'
import { checkConnection, removeElements, setConfig, firstFreePort, moveNodes } from './graph'
import { portsOf } from './model'
import { branchingFlow, node } from './testing/docs'

describe('connection rules', () => {
  const doc = branchingFlow()
  it('refuses an edge into a Trigger', () => {
    const v = checkConnection(doc, { source: 'm', sourcePort: 'out', target: 't' }, portsOf)
    expect(v).toEqual({ ok: false, reason: expect.stringContaining('Trigger') })
  })
  it('refuses a second edge from the same output port', () => {
    const v = checkConnection(doc, { source: 'b', sourcePort: 'yes', target: 'e' }, portsOf)
    expect(v.ok).toBe(false)
    if (!v.ok) expect(v.reason).toContain('already connected')
  })
  it('refuses a port the node does not have, and a self loop', () => {
    expect(checkConnection(doc, { source: 'b', sourcePort: 'maybe', target: 'e' }, portsOf).ok).toBe(false)
    expect(checkConnection(doc, { source: 'm', sourcePort: 'out', target: 'm' }, portsOf).ok).toBe(false)
  })
  it('accepts a free port into any non-trigger node', () => {
    expect(checkConnection(doc, { source: 'h', sourcePort: 'failure', target: 'm' }, portsOf)).toEqual({ ok: true })
    expect(checkConnection(doc, { source: 'm', sourcePort: 'out', target: 'e' }, portsOf)).toEqual({ ok: true })
  })
})

describe('document edits', () => {
  it('removing a node removes its edges and its sample, and shares untouched nodes', () => {
    const doc = { ...branchingFlow(), samples: { http_call_1: { status: 200 } } }
    const next = removeElements(doc, ['h'])
    expect(next.nodes.map((n) => n.id)).toEqual(['t', 'b', 'm', 'e'])
    expect(next.edges.map((e) => e.id)).toEqual(['e1', 'e2'])
    expect(next.samples).toEqual({})
    expect(next.nodes[0]).toBe(doc.nodes[0])
  })
  it('removing a button drops the edge of its port', () => {
    const doc = branchingFlow()
    const b = doc.nodes.find((n) => n.id === 'b')!
    const next = setConfig(doc, 'b', { ...b.config, buttons: [{ id: 'yes', title: 'Yes' }] }, portsOf)
    expect(next.edges.map((e) => e.id)).toEqual(['e1', 'e2', 'e4'])
  })
  it('finds the first free port and moves only nodes whose position changed', () => {
    const doc = branchingFlow()
    expect(
      firstFreePort(
        doc,
        doc.nodes.find((n) => n.id === 'h')!,
        portsOf,
      )?.id,
    ).toBe('failure')
    expect(firstFreePort(doc, node('x', 'end', 'end_2'), portsOf)).toBeUndefined()
    const moved = moveNodes(
      doc,
      new Map([
        ['m', { x: 5, y: 6 }],
        ['t', { x: 0, y: 0 }],
      ]),
    )
    expect(moved.nodes.find((n) => n.id === 'm')!.position).toEqual({ x: 5, y: 6 })
    expect(moved.nodes[0]).toBe(doc.nodes[0])
    expect(moveNodes(doc, new Map([['t', { x: 0, y: 0 }]]))).toBe(doc)
  })
})
