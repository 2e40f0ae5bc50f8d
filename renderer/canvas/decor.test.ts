import { describe, expect, it } from 'vitest'
import { branchingFlow } from '../editor/testing/docs'
import { EMPTY_OVERLAY, portKey } from '../emulator/overlay'
import { decorate } from './decor'

describe('decorate', () => {
  const doc = branchingFlow()

  it('leaves undecorated cards out, so most of a big flow costs nothing', () => {
    expect(decorate(doc.nodes, {}, null).nodes.size).toBe(0)
  })

  it("ranks a card's run state: failed over current over path over unreached", () => {
    const overlay = {
      ...EMPTY_OVERLAY,
      flowId: doc.id,
      unreachedNodeIds: ['e', 'h'],
      pathNodeIds: ['t', 'b', 'h'],
      currentNodeId: 'b',
      failedNodeIds: ['h'],
    }
    const d = decorate(doc.nodes, {}, overlay)
    expect(Object.fromEntries([...d.nodes].map(([id, x]) => [id, x.run]))).toEqual({
      t: 'path',
      b: 'current',
      h: 'failed',
      e: 'unreached',
    })
  })

  it('marks ports by coverage and ignores ports of nodes no longer in the flow', () => {
    const overlay = {
      ...EMPTY_OVERLAY,
      flowId: doc.id,
      coveredPorts: [portKey('b', 'yes')],
      uncoveredPorts: [portKey('b', 'no'), portKey('gone', 'out')],
    }
    const d = decorate(doc.nodes, {}, overlay)
    expect(d.nodes.get('b')!.ports).toEqual({ yes: 'covered', no: 'uncovered' })
    expect(d.nodes.has('gone')).toBe(false)
  })

  it('gives equal decor equal keys and different decor different keys', () => {
    const a = decorate(doc.nodes, { m: { error: 1, warning: 2 } }, null).nodes.get('m')!
    const b = decorate(doc.nodes, { m: { error: 1, warning: 2 } }, null).nodes.get('m')!
    const c = decorate(doc.nodes, { m: { error: 2, warning: 1 } }, null).nodes.get('m')!
    expect(a.key).toBe(b.key)
    expect(a.key).not.toBe(c.key)
  })

  it('colours edges: the path over covered over uncovered', () => {
    const overlay = {
      ...EMPTY_OVERLAY,
      flowId: doc.id,
      uncoveredEdgeIds: ['e1', 'e2'],
      coveredEdgeIds: ['e2', 'e3'],
      pathEdgeIds: ['e3'],
    }
    expect(Object.fromEntries(decorate(doc.nodes, {}, overlay).edges)).toEqual({
      e1: 'uncovered',
      e2: 'covered',
      e3: 'path',
    })
  })
})
