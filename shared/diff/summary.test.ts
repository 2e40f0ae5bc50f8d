import { describe, expect, it } from 'vitest'
import { buildFlow } from '../engine/testing/fixtures'
import type { FlowDocument } from '../flow/document'
import { compareFlows } from './compare'
import { describeField, summarize } from './summary'

// The lines the Publish dialog and `chatflow diff` print. These were the tests of the Publish dialog's own diff
// (shared/publish/diff.ts), which the comparison replaced: the same pairs give the same lines.

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

describe('summarize', () => {
  it('finds nothing between a flow and itself, or one only moved on the canvas', () => {
    const a = base()
    const moved = { ...a, nodes: a.nodes.map((n) => ({ ...n, position: { x: n.position.x + 50, y: 9 } })) }
    expect(compareFlows(a, base()).identical).toBe(true)
    expect(compareFlows(a, moved).identical).toBe(true)
    expect(summarize(compareFlows(a, moved))).toEqual([])
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
    const c = compareFlows(a, b)
    expect(c.nodes.filter((n) => n.status === 'added').map((n) => [n.id, n.name, n.type])).toEqual([
      ['n_bye', 'bye', 'end'],
    ])
    expect(c.nodes.filter((n) => n.status === 'removed').map((n) => [n.id, n.name, n.type])).toEqual([
      ['n_thanks', 'thanks', 'message'],
    ])
    expect(c.nodes.filter((n) => n.status === 'changed')).toHaveLength(1)
    expect(c.nodes.find((n) => n.status === 'changed')).toMatchObject({
      id: 'n_ask',
      name: 'ask_age',
      renamedFrom: 'ask',
    })
    expect(summarize(c)).toEqual([
      'Added node bye (end)',
      'Removed node thanks (message)',
      'Changed node ask_age: renamed from ask; prompt: "Your age?" → "How old are you?"; retries: (none) → 5',
      'Added connection ask_age (out) → bye',
      'Removed connection ask (out) → thanks',
    ])
  })

  it('compares connections by source, port and target, not by edge id', () => {
    const a = base()
    const b = structuredClone(a)
    b.edges = b.edges.map((e, i) => ({ ...e, id: `renumbered_${i}` }))
    expect(compareFlows(a, b).identical).toBe(true)
    b.edges[0] = { ...b.edges[0]!, sourcePort: 'failure' }
    expect(summarize(compareFlows(a, b))).toEqual([
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
    const lines = summarize(compareFlows(a, b))
    expect(lines[0]).toMatch(/^Changed node thanks: type message → end; text: "Thanks" → \(none\)/)
    expect(lines.slice(1)).toEqual([
      'Flow name: "Age" → "Age gate"',
      'Flow deactivated',
      'Flow sample response lookup changed',
    ])
  })
})

describe('describeField', () => {
  it('shows short values before and after, and says a nested, long or multi-line value changed', () => {
    const f = (before: unknown, after: unknown) => ({
      path: 'config.x',
      label: 'X',
      kind: 'value' as const,
      before,
      after,
    })
    expect(describeField(f(1, 2))).toBe('x: 1 → 2')
    expect(describeField(f(undefined, 'a'))).toBe('x: (none) → "a"')
    expect(describeField(f(true, undefined))).toBe('x: true → (none)')
    expect(describeField(f([1], [2]))).toBe('x changed')
    expect(describeField(f('x'.repeat(61), 'y'))).toBe('x changed')
    expect(describeField(f('two\nlines', 'y'))).toBe('x changed')
  })
})
