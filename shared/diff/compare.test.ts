import { describe, expect, it } from 'vitest'
import { buildFlow } from '../engine/testing/fixtures'
import type { FlowDocument } from '../flow/document'
import { example } from '../analysis/testing/examples'
import { renameNode } from '../analysis/rename'
import { compareFlows } from './compare'
import { summarize } from './summary'

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

describe('compareFlows on an example edited the way the studio edits it', () => {
  it('groups every reference the real rename rewrote under it, and the sample it moved is no change', () => {
    const a = example('order-status')
    const renamed = renameNode(a, 'n_lookup', 'shop_lookup')
    if (!renamed.ok) throw new Error('rename refused')
    expect(renamed.count).toBeGreaterThan(0)
    const c = compareFlows(a, renamed.document)
    expect(c.nodes.find((n) => n.id === 'n_lookup')).toMatchObject({ renamedFrom: 'order_lookup' })
    const rewritten = c.nodes.filter((n) => n.rewrittenBy === 'n_lookup').map((n) => n.name)
    expect(rewritten.length).toBeGreaterThan(0)
    expect(rewritten).toContain('order_found')
    expect(c.flow).toEqual([]) // samples.order_lookup moved to samples.shop_lookup with the rename
    expect(c.changes).toEqual([{ kind: 'node', id: 'n_lookup' }])
    expect(summarize(c)).toEqual([
      `Changed node shop_lookup: renamed from order_lookup (references rewritten in ${rewritten.join(', ')})`,
    ])
  })

  it('applies renames at once: two nodes that swapped names rewrite their readers without a change of their own', () => {
    const a = base()
    const b = structuredClone(a)
    node(b, 'ask').name = 'tmp'
    node(b, 'thanks').name = 'ask'
    node(b, 'tmp').name = 'thanks'
    // Both read {{ask.answer}}: the question is now called thanks.
    node(b, 'ask').config.text = 'Thanks, you said {{thanks.answer}}'
    node(b, 'bye').config.text = 'Bye {{thanks.answer}}, age {{age}}'
    const c = compareFlows(a, b)
    expect(c.nodes.find((n) => n.id === 'n_bye')).toMatchObject({ status: 'changed', rewrittenBy: 'n_ask' })
    expect(c.nodes.find((n) => n.id === 'n_thanks')).toMatchObject({ renamedFrom: 'thanks', name: 'ask' })
    expect(c.nodes.find((n) => n.id === 'n_ask')).toMatchObject({ renamedFrom: 'ask', name: 'thanks' })
  })

  it('a node removed and another added with the same name are a removal and an addition, not a rename', () => {
    const a = base()
    const b = structuredClone(a)
    b.nodes = b.nodes.filter((n) => n.id !== 'n_thanks')
    b.nodes.push({ id: 'n_new', type: 'message', name: 'thanks', position: { x: 9, y: 9 }, config: { text: 'Hi' } })
    b.edges = b.edges.map((e) =>
      e.source === 'n_thanks' ? { ...e, source: 'n_new' } : e.target === 'n_thanks' ? { ...e, target: 'n_new' } : e,
    )
    const c = compareFlows(a, b)
    expect(c.nodes.filter((n) => n.status !== 'unchanged').map((n) => [n.id, n.status, n.name])).toEqual([
      ['n_new', 'added', 'thanks'],
      ['n_thanks', 'removed', 'thanks'],
    ])
    expect(c.nodes.some((n) => n.renamedFrom || n.rewrittenBy)).toBe(false)
    // The removed node is drawn as a ghost where it was.
    expect(c.nodes.find((n) => n.id === 'n_thanks')!.position).toEqual(node(a, 'thanks').position)
    expect(c.edges.filter((e) => e.status !== 'unchanged').map((e) => [e.status, e.source, e.target])).toEqual([
      // Removed connections are listed where they stood, the added ones where they stand.
      ['removed', 'n_ask', 'n_thanks'],
      ['removed', 'n_thanks', 'n_bye'],
      ['added', 'n_ask', 'n_new'],
      ['added', 'n_new', 'n_bye'],
    ])
  })
})

describe('fields', () => {
  it('walks lists of the same length item by item, and a list that grew is one JSON field', () => {
    const a = buildFlow(
      [
        {
          type: 'interactive_message',
          name: 'menu',
          config: {
            mode: 'buttons',
            body: 'Pick one',
            buttons: [
              { id: 'b1', title: 'Yes' },
              { id: 'b2', title: 'No' },
            ],
          },
        },
      ],
      [],
    )
    const b = structuredClone(a)
    const buttons = b.nodes[0]!.config.buttons as Array<{ id: string; title: string }>
    buttons[1]!.title = 'Not now'
    b.nodes[0]!.config.body = 'Pick one, please'
    expect(compareFlows(a, b).nodes[0]!.fields).toEqual([
      { path: 'config.body', label: 'Body', kind: 'text', before: 'Pick one', after: 'Pick one, please' },
      { path: 'config.buttons[1].title', label: 'Buttons 2 › Title', kind: 'text', before: 'No', after: 'Not now' },
    ])
    const c = structuredClone(a)
    ;(c.nodes[0]!.config.buttons as unknown[]).push({ id: 'b3', title: 'Later' })
    expect(compareFlows(a, c).nodes[0]!.fields).toEqual([
      {
        path: 'config.buttons',
        label: 'Buttons',
        kind: 'json',
        before: a.nodes[0]!.config.buttons,
        after: c.nodes[0]!.config.buttons,
      },
    ])
  })

  it('gives numbers, booleans and enums as values, key order is no change, and a type change names both types', () => {
    const a = base()
    const b = structuredClone(a)
    const ask = node(b, 'ask')
    ask.config = Object.fromEntries(Object.entries(ask.config).reverse()) // same settings, other key order
    ask.config.maxAttempts = 5
    ask.config.answerType = 'number'
    const thanks = node(b, 'thanks')
    thanks.type = 'end'
    thanks.config = {}
    const c = compareFlows(a, b)
    const fields = c.nodes.find((n) => n.id === 'n_ask')!.fields
    expect(fields.map((f) => [f.path, f.kind, f.before, f.after])).toEqual(
      expect.arrayContaining([
        ['config.maxAttempts', 'value', node(a, 'ask').config.maxAttempts, 5],
        ['config.answerType', 'value', node(a, 'ask').config.answerType, 'number'],
      ]),
    )
    expect(fields).toHaveLength(2)
    expect(c.nodes.find((n) => n.id === 'n_thanks')).toMatchObject({
      status: 'changed',
      type: 'end',
      typeFrom: 'message',
    })
    expect(c.nodes.find((n) => n.id === 'n_thanks')!.fields[0]).toMatchObject({
      path: 'config.text',
      kind: 'text',
      before: 'Thanks, you said {{ask.answer}}',
      after: undefined,
    })
  })

  it("compares the flow's own fields: name, active, settings as they read, samples as JSON, any other field", () => {
    const a = base()
    const b = structuredClone(a)
    b.name = 'Age gate'
    b.active = false
    // The legacy settings written out are what a document without settings reads as: no change.
    b.settings = { locale: 'en-GB', timeZone: 'UTC', defaultCountry: null }
    expect(compareFlows(a, b).flow.map((f) => f.path)).toEqual(['name', 'active'])
    b.settings = { locale: 'en-GB', timeZone: 'Europe/London', defaultCountry: null }
    b.samples = { ask: { answer: 'x' }, lookup: 3 }
    ;(b as Record<string, unknown>).interface = { inputs: [{ name: 'order' }] }
    const c = compareFlows(a, b)
    expect(c.flow.map((f) => [f.path, f.label, f.kind])).toEqual([
      ['name', 'Flow name', 'text'],
      ['active', 'Active', 'value'],
      ['samples.ask', 'Sample response of ask', 'json'],
      ['samples.lookup', 'Sample response of lookup', 'value'],
      ['settings.timeZone', 'Settings › Time zone', 'text'],
      ['interface', 'Interface', 'json'],
    ])
    expect(c.changes.slice(0, 3)).toEqual([
      { kind: 'flow', id: 'name' },
      { kind: 'flow', id: 'active' },
      { kind: 'flow', id: 'samples.ask' },
    ])
  })
})

describe('connections and flow order', () => {
  it('matches connections by source, port and target, whatever their ids', () => {
    const a = base()
    const b = structuredClone(a)
    b.edges = b.edges.map((e, i) => ({ ...e, id: `renumbered_${i}` }))
    expect(compareFlows(a, b).identical).toBe(true)
    b.edges[0] = { ...b.edges[0]!, sourcePort: 'failure', id: 'e_1' } // reuses an id the before side has
    const c = compareFlows(a, b)
    const changed = c.edges.filter((e) => e.status !== 'unchanged')
    expect(changed.map((e) => [e.status, e.sourcePort])).toEqual([
      ['removed', 'out'],
      ['added', 'failure'],
    ])
    expect(new Set(c.edges.map((e) => e.id)).size).toBe(c.edges.length)
  })

  it('lists changes from the trigger breadth first, a removed node where it was, then unreached nodes top to bottom', () => {
    const a = buildFlow(
      [
        { type: 'trigger', name: 'trigger_1', config: { kind: 'keyword', keywords: ['hi'] } },
        { type: 'condition', name: 'check', config: {} },
        { type: 'message', name: 'yes', config: { text: 'Yes' } },
        { type: 'message', name: 'no', config: { text: 'No' } },
        { type: 'message', name: 'after_yes', config: { text: 'More' } },
        { type: 'message', name: 'island_low', config: { text: 'Low' } },
        { type: 'message', name: 'island_high', config: { text: 'High' } },
      ],
      [
        ['trigger_1', 'out', 'check'],
        ['check', 'true', 'yes'],
        ['check', 'false', 'no'],
        ['yes', 'out', 'after_yes'],
      ],
    )
    node(a, 'island_high').position = { x: 0, y: -500 }
    const b = structuredClone(a)
    for (const name of ['after_yes', 'no', 'island_low', 'island_high']) node(b, name).config.text = 'Changed'
    b.nodes = b.nodes.filter((n) => n.id !== 'n_yes')
    b.edges = b.edges.filter((e) => e.source !== 'n_yes' && e.target !== 'n_yes')
    const c = compareFlows(a, b)
    expect(c.changes).toEqual([
      { kind: 'edge', id: 'e_1' }, // check → yes removed, met at check
      { kind: 'node', id: 'n_yes' },
      { kind: 'edge', id: 'e_3' }, // yes → after_yes removed, right after yes
      { kind: 'node', id: 'n_no' },
      { kind: 'node', id: 'n_after_yes' },
      { kind: 'node', id: 'n_island_high' },
      { kind: 'node', id: 'n_island_low' },
    ])
    expect(summarize(c)).toEqual([
      'Removed node yes (message)',
      'Changed node no: text: "No" → "Changed"',
      'Changed node after_yes: text: "More" → "Changed"',
      'Changed node island_high: text: "High" → "Changed"',
      'Changed node island_low: text: "Low" → "Changed"',
      'Removed connection check (true) → yes',
      'Removed connection yes (out) → after_yes',
    ])
  })
})
