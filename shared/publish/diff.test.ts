import { describe, expect, it } from 'vitest'
import { buildFlow } from '../engine/testing/fixtures'
import type { FlowDocument } from '../flow/document'
import { describeDiff, diffFlows, isEmptyDiff, settingChanges, stableJson } from './diff'

const base = (): FlowDocument =>
  buildFlow(
    [
      { type: 'trigger', name: 'trigger_1', config: { kind: 'keyword', keywords: ['hi'] } },
      { type: 'question', name: 'ask', config: { prompt: 'Your age?', saveTo: 'age' } },
      { type: 'message', name: 'thanks', config: { text: 'Thanks' } },
    ],
    [
      ['trigger_1', 'out', 'ask'],
      ['ask', 'out', 'thanks'],
    ],
    { id: 'f', name: 'Age', active: true },
  )

describe('diffFlows', () => {
  it('finds nothing between a flow and itself, or one only moved on the canvas', () => {
    const a = base()
    const moved = { ...a, nodes: a.nodes.map((n) => ({ ...n, position: { x: n.position.x + 50, y: 9 } })) }
    expect(isEmptyDiff(diffFlows(a, base()))).toBe(true)
    expect(isEmptyDiff(diffFlows(a, moved))).toBe(true)
    expect(describeDiff(diffFlows(a, moved))).toEqual([])
  })

  it('names nodes added, removed and changed, with the settings that changed and a rename', () => {
    const a = base()
    const b = structuredClone(a)
    b.nodes = b.nodes.filter((n) => n.name !== 'thanks')
    b.edges = b.edges.filter((e) => e.target !== 'n_thanks')
    const ask = b.nodes.find((n) => n.name === 'ask')!
    ask.name = 'ask_age'
    ask.config = { ...ask.config, prompt: 'How old are you?', retries: 5 }
    b.nodes.push({ id: 'n_bye', type: 'end', name: 'bye', position: { x: 0, y: 0 }, config: {} })
    b.edges.push({ id: 'e_new', source: 'n_ask', sourcePort: 'out', target: 'n_bye' })
    const d = diffFlows(a, b)
    expect(d.nodesAdded).toEqual([{ id: 'n_bye', name: 'bye', type: 'end' }])
    expect(d.nodesRemoved).toEqual([{ id: 'n_thanks', name: 'thanks', type: 'message' }])
    expect(d.nodesChanged).toHaveLength(1)
    expect(d.nodesChanged[0]).toMatchObject({ id: 'n_ask', name: 'ask_age', renamedFrom: 'ask' })
    expect(d.nodesChanged[0]!.settings).toContain('prompt: "Your age?" → "How old are you?"')
    expect(describeDiff(d)).toEqual([
      'Added node bye (end)',
      'Removed node thanks (message)',
      expect.stringMatching(
        /^Changed node ask_age: renamed from ask; prompt: "Your age\?" → "How old are you\?"; retries: /,
      ),
      'Added connection ask_age (out) → bye',
      'Removed connection ask (out) → thanks',
    ])
  })

  it('compares connections by source, port and target, not by edge id', () => {
    const a = base()
    const b = structuredClone(a)
    b.edges = b.edges.map((e, i) => ({ ...e, id: `renumbered_${i}` }))
    expect(isEmptyDiff(diffFlows(a, b))).toBe(true)
    b.edges[0] = { ...b.edges[0]!, sourcePort: 'failure' }
    expect(describeDiff(diffFlows(a, b))).toEqual([
      'Added connection trigger_1 (failure) → ask',
      'Removed connection trigger_1 (out) → ask',
    ])
  })

  it('reports a type change and flow settings: name, activation and sample responses', () => {
    const a = base()
    const b = structuredClone(a)
    b.nodes[2] = { ...b.nodes[2]!, type: 'end', config: {} }
    b.name = 'Age gate'
    b.active = false
    b.samples = { lookup: { ok: true } }
    const lines = describeDiff(diffFlows(a, b))
    expect(lines[0]).toMatch(/^Changed node thanks: type message → end; /)
    expect(lines.slice(1)).toEqual([
      'Flow name: "Age" → "Age gate"',
      'Flow deactivated',
      'Flow sample response lookup changed',
    ])
  })
})

describe('settingChanges and stableJson', () => {
  it('ignores key order, shows short scalars before and after, and summarises nested or long values', () => {
    expect(stableJson({ b: 1, a: { d: [1, { y: 2, x: 1 }], c: null } })).toBe(
      stableJson({ a: { c: null, d: [1, { x: 1, y: 2 }] }, b: 1 }),
    )
    expect(settingChanges({ a: { x: 1, y: 2 } }, { a: { y: 2, x: 1 } })).toEqual([])
    expect(settingChanges({ n: 1, s: 'a', gone: true }, { n: 2, s: 'a', added: 'x' })).toEqual([
      'added: (none) → "x"',
      'gone: true → (none)',
      'n: 1 → 2',
    ])
    expect(settingChanges({ rules: [1] }, { rules: [2] })).toEqual(['rules changed'])
    expect(settingChanges({ t: 'x'.repeat(61) }, { t: 'y' })).toEqual(['t changed'])
  })
})
