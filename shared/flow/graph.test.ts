import { describe, expect, it } from 'vitest'
import type { FlowDocument } from './document'
import { ancestorsOf, buildGraph, cycles, runsBeforeIndex } from './graph'

function doc(edges: [string, string][]): FlowDocument {
  const ids = [...new Set(edges.flat())]
  return {
    format: 'chatflow.flow/1',
    id: 'f',
    name: 'f',
    active: false,
    samples: {},
    webhookSecretRef: null,
    nodes: ids.map((id) => ({ id, type: 'message', name: id, position: { x: 0, y: 0 }, config: {} })),
    edges: edges.map(([s, t], i) => ({ id: `e${i}`, source: s, sourcePort: 'out', target: t })),
  }
}

describe('graph', () => {
  it.each([
    [
      'a chain has no cycle',
      [
        ['a', 'b'],
        ['b', 'c'],
      ],
      [],
    ],
    ['a self loop', [['a', 'a']], [['a']]],
    [
      'two separate loops',
      [
        ['a', 'b'],
        ['b', 'a'],
        ['c', 'd'],
        ['d', 'e'],
        ['e', 'c'],
      ],
      [
        ['a', 'b'],
        ['c', 'd', 'e'],
      ],
    ],
  ] as [string, [string, string][], string[][]][])('%s', (_t, edges, expected) => {
    expect(cycles(buildGraph(doc(edges))).map((c) => [...c].sort())).toEqual(expected)
  })

  it('ignores nodes the filter drops (validation drops waiting nodes)', () => {
    expect(
      cycles(
        buildGraph(
          doc([
            ['a', 'b'],
            ['b', 'a'],
          ]),
        ),
        (id) => id !== 'b',
      ),
    ).toEqual([])
  })

  it('survives a very long chain with a loop at the end', () => {
    const edges: [string, string][] = Array.from({ length: 20000 }, (_, i) => [`n${i}`, `n${i + 1}`])
    edges.push(['n20000', 'n19999'])
    expect(cycles(buildGraph(doc(edges)))).toHaveLength(1)
  })

  it('runs-before: reachable over at least one edge, itself only on a cycle, unknown ids never', () => {
    const before = runsBeforeIndex(
      buildGraph(
        doc([
          ['a', 'b'],
          ['b', 'c'],
          ['c', 'b'],
          ['a', 'd'],
        ]),
      ),
    )
    expect([before('a', 'b'), before('a', 'c'), before('a', 'd'), before('b', 'c'), before('c', 'b')]).toEqual([
      true,
      true,
      true,
      true,
      true,
    ])
    expect([before('b', 'a'), before('d', 'a'), before('d', 'b'), before('b', 'd')]).toEqual([
      false,
      false,
      false,
      false,
    ])
    expect([before('a', 'a'), before('b', 'b'), before('d', 'd')]).toEqual([false, true, false])
    expect([before('x', 'a'), before('a', 'x')]).toEqual([false, false])
  })

  it('ancestors are the nodes that can run before, itself only on a cycle', () => {
    const g = buildGraph(
      doc([
        ['a', 'b'],
        ['b', 'c'],
        ['c', 'b'],
      ]),
    )
    expect([...ancestorsOf(g, 'b')].sort()).toEqual(['a', 'b', 'c'])
    expect([...ancestorsOf(g, 'a')]).toEqual([])
  })
})
