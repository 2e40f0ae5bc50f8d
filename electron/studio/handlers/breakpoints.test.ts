import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { BreakpointValue } from '../../../shared/api/commands/breakpoints'
import { askFlow, createTempBackend, expectOk, type TempBackend } from '../testing/backend'

let t: TempBackend
beforeEach(() => {
  t = createTempBackend({ log: () => {} })
})
afterEach(() => t.cleanup())

async function flowWithIds() {
  const { flowId } = await askFlow(t.backend)
  const doc = expectOk(await t.backend.call('flows.get', { id: flowId })).document
  const q = doc.nodes.find((n) => n.name === 'q')!
  const edge = doc.edges.find((e) => e.source === q.id)!
  return { flowId, doc, q, edge }
}

describe('breakpoints commands', () => {
  it('keeps a flow’s breakpoints in order, with conditions, across a restart', async () => {
    const { flowId, q, edge } = await flowWithIds()
    expect(expectOk(await t.backend.call('breakpoints.list', { flowId }))).toEqual([])
    const list: BreakpointValue[] = [
      { id: 'b2', at: { kind: 'edge', edgeId: edge.id }, enabled: true, condition: '{{ {{name}} == "Ann" }}' },
      { id: 'b1', at: { kind: 'node', nodeId: q.id }, enabled: false },
    ]
    expect(expectOk(await t.backend.call('breakpoints.set', { flowId, breakpoints: list }))).toEqual(list)
    const b = await t.reopen()
    expect(expectOk(await b.call('breakpoints.list', { flowId }))).toEqual(list)
    // Replacing the list drops what it no longer holds.
    expect(expectOk(await b.call('breakpoints.set', { flowId, breakpoints: [list[1]!] }))).toEqual([list[1]])
    expect(expectOk(await b.call('breakpoints.list', { flowId }))).toEqual([list[1]])
  })

  it('keeps breakpoints apart per flow and out of the flow’s document', async () => {
    const one = await flowWithIds()
    const other = expectOk(await t.backend.call('flows.duplicate', { id: one.flowId }))
    const before = expectOk(await t.backend.call('flows.get', { id: one.flowId }))
    const bp: BreakpointValue = { id: 'b', at: { kind: 'node', nodeId: one.q.id }, enabled: true }
    expectOk(await t.backend.call('breakpoints.set', { flowId: one.flowId, breakpoints: [bp] }))
    expect(expectOk(await t.backend.call('breakpoints.list', { flowId: other.id }))).toEqual([])
    const stored = expectOk(await t.backend.call('flows.get', { id: one.flowId }))
    expect(stored.document).toEqual(before.document)
    expect(stored.revision).toBe(before.revision)
  })

  it('refuses a node or connection the stored flow does not have, naming it, and keeps the list as it was', async () => {
    const { flowId, q } = await flowWithIds()
    const kept: BreakpointValue = { id: 'b1', at: { kind: 'node', nodeId: q.id }, enabled: true }
    expectOk(await t.backend.call('breakpoints.set', { flowId, breakpoints: [kept] }))
    const r = await t.backend.call('breakpoints.set', {
      flowId,
      breakpoints: [kept, { id: 'b2', at: { kind: 'edge', edgeId: 'e_gone' }, enabled: true }],
    })
    expect(r.ok).toBe(false)
    if (r.ok) return
    expect(r.error.code).toBe('breakpoint.target_unknown')
    expect(r.error.message).toContain('no connection with id e_gone')
    expect(r.error.issues).toEqual([{ path: ['breakpoints', 1, 'at'], message: expect.stringContaining('e_gone') }])
    expect(expectOk(await t.backend.call('breakpoints.list', { flowId }))).toEqual([kept])
  })

  it('keeps a condition written with the comparison outside the braces as the one expression it means', async () => {
    const { flowId, q } = await flowWithIds()
    const at = { kind: 'node' as const, nodeId: q.id }
    const set = await t.backend.call('breakpoints.set', {
      flowId,
      breakpoints: [{ id: 'b', at, enabled: true, condition: '{{cart_total}} > 100' }],
    })
    expect(expectOk(set)).toEqual([{ id: 'b', at, enabled: true, condition: '{{ {{cart_total}} > 100 }}' }])
  })

  it('refuses a condition that does not parse; a blank one is no condition', async () => {
    const { flowId, q } = await flowWithIds()
    const at = { kind: 'node' as const, nodeId: q.id }
    for (const condition of ['{{ {{cart_total}} >}}', '{{name', 'cart_total > 100', '{{nosuchfn(1)}}']) {
      const r = await t.backend.call('breakpoints.set', {
        flowId,
        breakpoints: [{ id: 'b', at, enabled: true, condition }],
      })
      expect(r.ok, condition).toBe(false)
      if (r.ok) continue
      expect(r.error.code, condition).toBe('breakpoint.condition_invalid')
      expect(r.error.issues?.[0]?.path).toEqual(['breakpoints', 0, 'condition'])
    }
    const blank = expectOk(
      await t.backend.call('breakpoints.set', {
        flowId,
        breakpoints: [{ id: 'b', at, enabled: true, condition: '  ' }],
      }),
    )
    expect(blank).toEqual([{ id: 'b', at, enabled: true }])
  })

  it('refuses two breakpoints with one id, and an unknown flow', async () => {
    const { flowId, q } = await flowWithIds()
    const bp: BreakpointValue = { id: 'b', at: { kind: 'node', nodeId: q.id }, enabled: true }
    const twice = await t.backend.call('breakpoints.set', { flowId, breakpoints: [bp, bp] })
    expect(twice.ok || twice.error.code).toBe('bad_request')
    const missing = await t.backend.call('breakpoints.list', { flowId: 'flw_nope' })
    expect(missing.ok || missing.error.code).toBe('not_found')
  })

  it('leaves out a breakpoint whose node was deleted from the flow', async () => {
    const { flowId, doc, q } = await flowWithIds()
    const bp: BreakpointValue = { id: 'b', at: { kind: 'node', nodeId: q.id }, enabled: true }
    expectOk(await t.backend.call('breakpoints.set', { flowId, breakpoints: [bp] }))
    const without = { ...doc, nodes: doc.nodes.filter((n) => n.id !== q.id), edges: [] }
    const saved = expectOk(await t.backend.call('flows.get', { id: flowId }))
    expectOk(await t.backend.call('flows.save', { document: without, expectedRevision: saved.revision }))
    expect(expectOk(await t.backend.call('breakpoints.list', { flowId }))).toEqual([])
  })
})
