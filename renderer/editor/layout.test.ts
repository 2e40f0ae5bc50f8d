import { describe, expect, it } from 'vitest'
import { cardLayout } from '../canvas/card-layout'
import { layoutPositions } from './layout'
import { branchingFlow, flow, node } from './testing/docs'
import type { FlowDocument, Position } from '../../shared/flow/document'

const boxes = (doc: FlowDocument, pos: Map<string, Position>) =>
  doc.nodes.map((n) => ({ id: n.id, ...pos.get(n.id)!, width: cardLayout(n).width, height: cardLayout(n).height }))
const overlap = (a: { x: number; y: number; width: number; height: number }, b: typeof a) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height

describe('auto-layout', () => {
  it('lays the flow out left to right, with branches in port order and no card over another', async () => {
    const doc = branchingFlow()
    const pos = await layoutPositions(doc)
    const x = (id: string) => pos.get(id)!.x
    const y = (id: string) => pos.get(id)!.y
    expect(x('t')).toBeLessThan(x('b'))
    expect(x('b')).toBeLessThan(x('m'))
    expect(x('h')).toBeLessThan(x('e'))
    // 'yes' is the first button, so its branch (message_1) sits above the 'no' branch (http_call_1).
    expect(y('m')).toBeLessThan(y('h'))
    const b = boxes(doc, pos)
    for (const [i, p] of b.entries())
      for (const q of b.slice(i + 1)) expect(overlap(p, q), `${p.id} / ${q.id}`).toBe(false)
  })

  it("places a chain's cards so each edge runs level, from the port's handle to the next card's input", async () => {
    const doc = flow(
      [
        node('t', 'trigger', 'trigger_1', { keywords: ['hi'] }),
        node('m', 'message', 'message_1', { text: 'Hi' }),
        node('e', 'end', 'end_1'),
      ],
      [
        { id: 'e1', source: 't', sourcePort: 'out', target: 'm' },
        { id: 'e2', source: 'm', sourcePort: 'out', target: 'e' },
      ],
    )
    const pos = await layoutPositions(doc)
    for (const e of doc.edges) {
      const from = doc.nodes.find((n) => n.id === e.source)!
      const to = doc.nodes.find((n) => n.id === e.target)!
      const portY = pos.get(from.id)!.y + cardLayout(from).ports.find((s) => s.port.id === e.sourcePort)!.y
      const inputY = pos.get(to.id)!.y + cardLayout(to).inputY!
      expect(Math.abs(portY - inputY), e.id).toBeLessThanOrEqual(1)
    }
  })

  it('moves only the selection and keeps its top-left corner', async () => {
    const doc = branchingFlow()
    doc.nodes = doc.nodes.map((n, i) => ({ ...n, position: { x: 1000 + i * 7, y: 500 - i * 3 } }))
    const pos = await layoutPositions(doc, ['h', 'e'])
    expect([...pos.keys()].sort()).toEqual(['e', 'h'])
    const minX = Math.min(...[...pos.values()].map((p) => p.x))
    expect(minX).toBe(Math.min(doc.nodes[3]!.position.x, doc.nodes[4]!.position.x))
  })
})
