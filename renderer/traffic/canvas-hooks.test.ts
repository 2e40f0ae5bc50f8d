import { describe, expect, it } from 'vitest'
import type { TrafficReport } from '../../shared/api/commands/traffic'
import { EdgeCache, NodeCache } from '../canvas/adapter'
import { decorate } from '../canvas/decor'
import { branchingFlow } from '../editor/testing/docs'
import { trafficMarks } from './marks'

// The Traffic overlay's hooks in the canvas: decorate() hands each card its figures (a new decor key, so the card
// re-renders only when they change) and the edge cache draws each connection's thickness, colour band, label and name.

const doc = branchingFlow()
const [first, second] = doc.edges

function report(runs: number): TrafficReport {
  return {
    flowId: doc.id,
    from: '2026-01-01',
    to: '2026-01-31',
    version: null,
    versions: [1],
    runs: { started: 10, ended: 10, failed: 0, expired: 0, abandoned: 0, waiting: 0, turns: 10, turnsPerRun: 1 },
    nodes: [first!.source].map((nodeId) => ({
      nodeId,
      reached: 10,
      ended: 0,
      failed: 0,
      expired: 0,
      abandoned: 0,
      waiting: 0,
      stopped: 0,
      answers: 0,
      medianAnswerMs: null,
    })),
    edges: [{ from: first!.source, port: first!.sourcePort, to: first!.target, runs, share: runs / 10 }],
  }
}

describe('traffic on the canvas', () => {
  it('gives every card its figures, and a new key only when they change', () => {
    const plain = decorate(doc.nodes, {}, null)
    const on = decorate(
      doc.nodes,
      {},
      null,
      null,
      new Map(),
      undefined,
      new Map(),
      trafficMarks(doc, report(8), null, null),
    )
    const id = first!.source
    expect(plain.nodes.get(id)).toBeUndefined()
    expect(on.nodes.get(id)!.traffic!.description).toBe('10 reached; none stopped here')
    const same = decorate(
      doc.nodes,
      {},
      null,
      null,
      new Map(),
      undefined,
      new Map(),
      trafficMarks(doc, report(8), null, null),
    )
    expect(same.nodes.get(id)!.key).toBe(on.nodes.get(id)!.key)
    const goal = decorate(
      doc.nodes,
      {},
      null,
      null,
      new Map(),
      undefined,
      new Map(),
      trafficMarks(doc, report(8), null, id),
    )
    expect(goal.nodes.get(id)!.key).not.toBe(on.nodes.get(id)!.key)
    const cache = new NodeCache()
    const [a] = cache.build(doc.nodes, new Set(), on, new Map())
    const [b] = cache.build(doc.nodes, new Set(), goal, new Map())
    expect(b!.data).not.toBe(a!.data)
    expect(b!.data.decor.traffic!.goal).toBe(true)
  })

  it('draws each connection by its share, with its numbers as label and name', () => {
    const cache = new EdgeCache()
    const decor = (runs: number) =>
      decorate(doc.nodes, {}, null, null, new Map(), undefined, new Map(), trafficMarks(doc, report(runs), null, null))
    const [taken, untaken] = cache.build(doc.edges, new Set(), decor(8))
    expect(taken).toMatchObject({
      className: 'traffic traffic-4',
      style: { strokeWidth: 6.7 },
      label: '8 runs, 80 %',
      ariaLabel: `Connection ${first!.sourcePort}, 8 runs, 80 % of the runs that reached its source`,
    })
    expect(untaken).toMatchObject({
      className: 'traffic traffic-none',
      style: { strokeWidth: 1.5 },
      label: '0 runs, 0 %',
    })
    expect(untaken!.id).toBe(second!.id)
    const [again] = cache.build(doc.edges, new Set(), decor(8))
    expect(again).toBe(taken)
    const [fewer] = cache.build(doc.edges, new Set(), decor(1))
    expect(fewer).toMatchObject({ className: 'traffic traffic-1', label: '1 run, 10 %' })
    const [off] = new EdgeCache().build(doc.edges, new Set(), decorate(doc.nodes, {}, null))
    expect(off!.className).toBeUndefined()
    expect(off!.label).toBeUndefined()
  })
})
