import { describe, expect, it } from 'vitest'
import { buildFlow } from '../engine/testing/fixtures'
import type { FlowDocument } from '../flow/document'
import { compareFlows } from './compare'

// Fixture pairs: one base flow and edits of it, each compared with the base.

const base = (): FlowDocument =>
  buildFlow(
    [
      { type: 'trigger', name: 'trigger_1', config: { kind: 'keyword', keywords: ['hi'] } },
      { type: 'question', name: 'ask', config: { prompt: 'Your age?', saveTo: 'age' } },
      { type: 'message', name: 'thanks', config: { text: 'Thanks, you said {{ask.answer}}' } },
      { type: 'message', name: 'bye', config: { text: 'Bye {{ask.answer}}, age {{age}}' } },
    ],
    [
      ['trigger_1', 'out', 'ask'],
      ['ask', 'out', 'thanks'],
      ['thanks', 'out', 'bye'],
    ],
    { id: 'f', name: 'Age', active: true },
  )

const node = (doc: FlowDocument, name: string) => doc.nodes.find((n) => n.name === name)!

describe('compareFlows', () => {
  it('finds a flow identical to itself and to a copy only moved on the canvas', () => {
    const a = base()
    const moved = structuredClone(a)
    moved.nodes.forEach((n, i) => (n.position = { x: 500 - i * 30, y: 7 * i }))
    for (const b of [a, moved]) {
      const c = compareFlows(a, b)
      expect(c.identical).toBe(true)
      expect(c.changes).toEqual([])
      expect(c.nodes.map((n) => n.status)).toEqual(['unchanged', 'unchanged', 'unchanged', 'unchanged'])
      expect(c.edges.map((e) => e.status)).toEqual(['unchanged', 'unchanged', 'unchanged'])
    }
    expect(compareFlows(a, moved).nodes[1]!.position).toEqual(moved.nodes[1]!.position)
  })

  it('shows a rename as a rename, with the nodes whose references it rewrote grouped under it', () => {
    const a = base()
    const b = structuredClone(a)
    node(b, 'ask').name = 'ask_age'
    node(b, 'thanks').config.text = 'Thanks, you said {{ask_age.answer}}'
    node(b, 'bye').config.text = 'Bye {{ask_age.answer}}, age {{age}}!'
    const c = compareFlows(a, b)
    const ask = c.nodes.find((n) => n.id === 'n_ask')!
    expect(ask).toMatchObject({ status: 'changed', name: 'ask_age', renamedFrom: 'ask', fields: [] })
    const thanks = c.nodes.find((n) => n.id === 'n_thanks')!
    expect(thanks).toMatchObject({ status: 'changed', rewrittenBy: 'n_ask' })
    expect(thanks.fields).toEqual([
      {
        path: 'config.text',
        label: 'Text',
        kind: 'text',
        before: 'Thanks, you said {{ask.answer}}',
        after: 'Thanks, you said {{ask_age.answer}}',
      },
    ])
    // bye changed more than the rename: a change of its own.
    const bye = c.nodes.find((n) => n.id === 'n_bye')!
    expect(bye.rewrittenBy).toBeUndefined()
    expect(c.changes).toEqual([
      { kind: 'node', id: 'n_ask' },
      { kind: 'node', id: 'n_bye' },
    ])
    expect(c.identical).toBe(false)
  })
})
