import { describe, expect, it } from 'vitest'
import { buildFlow } from '../../../shared/engine/testing/fixtures'
import { compareFlows } from '../../../shared/diff'
import { formatComparison } from './diff-format'

// What `chatflow diff` prints under a line that could only say "changed": JSON leaves and long texts.

const flow = () =>
  buildFlow(
    [
      { type: 'trigger', name: 'trigger_1', config: { kind: 'keyword', keywords: ['hi'] } },
      { type: 'message', name: 'hello', config: { text: 'Hello' } },
    ],
    [['trigger_1', 'out', 'hello']],
  )

describe('formatComparison', () => {
  it('lists the JSON leaves that differ under a sample, by path, and at most twenty', () => {
    const a = flow()
    a.samples = { lookup: { result: { items: [{ id: 1 }, { id: 2 }], carrier: 'DHL' }, stale: true } }
    const b = structuredClone(a)
    b.samples = { lookup: { result: { items: [{ id: 1 }, { id: 3 }], carrier: 'DHL', eta: '2d' } } }
    expect(formatComparison(compareFlows(a, b))).toEqual([
      'Flow sample response lookup changed',
      '    ~ result.items[1].id: 2 → 3',
      '    + result.eta: "2d"',
      '    - stale: true',
    ])
    const many = structuredClone(a)
    many.samples = { lookup: Object.fromEntries(Array.from({ length: 25 }, (_, i) => [`k${i}`, i])) }
    const lines = formatComparison(compareFlows(a, many))
    expect(lines).toHaveLength(1 + 20 + 1)
    expect(lines.at(-1)).toBe('    … 7 more') // 25 added, the 2 old members removed
  })

  it('shows a short change on its line alone, and a long text as a word diff cut to some context', () => {
    const a = flow()
    const b = structuredClone(a)
    b.nodes[1]!.config.text = 'Hello there'
    expect(formatComparison(compareFlows(a, b))).toEqual(['Changed node hello: text: "Hello" → "Hello there"'])
    const long = 'Welcome to our shop. '.repeat(10)
    a.nodes[1]!.config.text = `${long}Reply STOP to end.\nThanks`
    b.nodes[1]!.config.text = `${long}Reply END to end.\nThanks`
    expect(formatComparison(compareFlows(a, b))).toEqual([
      'Changed node hello: text changed',
      '    text: …p. Welcome to our shop. Reply [-STOP-]{+END+} to end.↵Thanks', // 30 characters before,
    ])
  })
})
