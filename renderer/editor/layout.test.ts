import { describe, expect, it } from 'vitest'
import { layoutPositions } from './layout'
import { portsOf } from './model'
import { branchingFlow } from './testing/docs'

describe('auto-layout', () => {
  it('lays the flow out left to right with branches in port order', async () => {
    const doc = branchingFlow()
    const pos = await layoutPositions(doc, portsOf, () => ({ width: 200, height: 100 }))
    const x = (id: string) => pos.get(id)!.x
    const y = (id: string) => pos.get(id)!.y
    expect(x('t')).toBeLessThan(x('b'))
    expect(x('b')).toBeLessThan(x('m'))
    expect(x('h')).toBeLessThan(x('e'))
    // 'yes' is the first button, so its branch (message_1) sits above the 'no' branch (http_call_1).
    expect(y('m')).toBeLessThan(y('h'))
  })
  it('moves only the selection and keeps its top-left corner', async () => {
    const doc = branchingFlow()
    doc.nodes = doc.nodes.map((n, i) => ({ ...n, position: { x: 1000 + i * 7, y: 500 - i * 3 } }))
    const pos = await layoutPositions(doc, portsOf, () => undefined, ['h', 'e'])
    expect([...pos.keys()].sort()).toEqual(['e', 'h'])
    const minX = Math.min(...[...pos.values()].map((p) => p.x))
    expect(minX).toBe(Math.min(doc.nodes[3]!.position.x, doc.nodes[4]!.position.x))
  })
})
