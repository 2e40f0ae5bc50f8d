import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { FlowDocument } from '../../../shared/flow/document'
import { createTempBackend, expectOk, type TempBackend } from '../testing/backend'
import { describeChange } from './revisions'

let t: TempBackend
let clock: number

beforeEach(() => {
  clock = 1_700_000_000_000
  t = createTempBackend({ now: () => (clock += 1000), log: () => {} })
})
afterEach(() => t.cleanup())

const call = async <T>(p: Promise<{ ok: true; value: T } | { ok: false; error: { code: string; message: string } }>) =>
  expectOk(await p)

function withMessage(doc: FlowDocument, name: string): FlowDocument {
  return {
    ...doc,
    nodes: [
      ...doc.nodes,
      { id: `n_${name}`, type: 'message', name, position: { x: 300, y: 0 }, config: { text: 'Hi', previewUrl: false } },
    ],
  }
}

describe('revisions commands', () => {
  it('lists every save newest first with its time and what changed, on a real database', async () => {
    const flow = await call(t.backend.call('flows.create', { name: 'Orders' }))
    const d2 = withMessage(flow.document, 'message_1')
    await call(t.backend.call('flows.save', { document: d2 }))
    const d3 = { ...d2, nodes: d2.nodes.map((n) => (n.name === 'message_1' ? { ...n, name: 'greeting' } : n)) }
    await call(t.backend.call('flows.save', { document: d3 }))

    const list = await call(t.backend.call('revisions.list', { flowId: flow.id }))
    expect(list.map((r) => r.revision)).toEqual([3, 2, 1])
    expect(list[0]).toMatchObject({ reason: 'save', nodeCount: 2, summary: 'Renamed message_1 → greeting' })
    expect(list[1]!.summary).toBe('Added message_1')
    expect(list[2]!.summary).toBe('Created with 1 node')
    expect(list[0]!.createdAt).toBeGreaterThan(list[1]!.createdAt)
  })

  it('pages back with before and limit, still describing the oldest row of the page', async () => {
    const flow = await call(t.backend.call('flows.create', {}))
    let doc = flow.document
    for (let i = 1; i <= 4; i++) {
      doc = withMessage(doc, `message_${i}`)
      await call(t.backend.call('flows.save', { document: doc }))
    }
    const page = await call(t.backend.call('revisions.list', { flowId: flow.id, limit: 2, before: 4 }))
    expect(page.map((r) => r.revision)).toEqual([3, 2])
    expect(page[1]!.summary).toBe('Added message_1')
  })

  it('returns the document of an older revision after a restart, and refuses unknown flows and revisions', async () => {
    const flow = await call(t.backend.call('flows.create', {}))
    await call(t.backend.call('flows.save', { document: withMessage(flow.document, 'message_1') }))
    await t.reopen()
    const r1 = await call(t.backend.call('revisions.get', { flowId: flow.id, revision: 1 }))
    expect(r1.document.nodes.map((n) => n.name)).toEqual(['trigger_1'])
    const missing = await t.backend.call('revisions.get', { flowId: flow.id, revision: 9 })
    expect(missing.ok || missing.error.code).toBe('not_found')
    const noFlow = await t.backend.call('revisions.list', { flowId: 'flw_nope' })
    expect(noFlow.ok || noFlow.error.code).toBe('not_found')
  })
})

describe('describeChange', () => {
  it('names moves, edits, connections and the flow itself', () => {
    const base: FlowDocument = {
      format: 'chatflow.flow/1',
      id: 'f',
      name: 'A',
      active: false,
      samples: {},
      webhookSecretRef: null,
      nodes: [
        { id: 'a', type: 'trigger', name: 'trigger_1', position: { x: 0, y: 0 }, config: {} },
        { id: 'b', type: 'message', name: 'message_1', position: { x: 0, y: 0 }, config: { text: 'x' } },
      ],
      edges: [],
    }
    const next: FlowDocument = {
      ...base,
      active: true,
      nodes: [
        { ...base.nodes[0]!, position: { x: 5, y: 0 } },
        { ...base.nodes[1]!, config: { text: 'y' } },
      ],
      edges: [{ id: 'e', source: 'a', sourcePort: 'out', target: 'b' }],
    }
    expect(describeChange(base, next)).toBe('Edited message_1; moved 1 node; 1 connection added; activated')
    expect(describeChange(base, base)).toBe('No changes')
  })

  it('reads the comparison: a rename with the references it rewrote is the rename, key order is no edit', () => {
    const base: FlowDocument = {
      format: 'chatflow.flow/1',
      id: 'f',
      name: 'A',
      active: false,
      samples: { ask: { answer: 'x' } },
      webhookSecretRef: null,
      nodes: [
        { id: 'a', type: 'question', name: 'ask', position: { x: 0, y: 0 }, config: { prompt: 'Age?', saveTo: 'age' } },
        {
          id: 'b',
          type: 'message',
          name: 'reply',
          position: { x: 0, y: 0 },
          config: { text: 'You said {{ask.answer}}' },
        },
      ],
      edges: [],
    }
    const renamed: FlowDocument = {
      ...base,
      samples: { ask_age: { answer: 'x' } },
      nodes: [
        { ...base.nodes[0]!, name: 'ask_age', config: { saveTo: 'age', prompt: 'Age?' } },
        { ...base.nodes[1]!, config: { text: 'You said {{ask_age.answer}}' } },
      ],
    }
    expect(describeChange(base, renamed)).toBe('Renamed ask → ask_age')
    expect(
      describeChange(base, { ...base, settings: { locale: 'en-US', timeZone: 'UTC', defaultCountry: null } }),
    ).toBe('1 flow setting changed')
  })
})
