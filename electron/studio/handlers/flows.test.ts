import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { FlowDocumentSchema } from '../../../shared/flow/document'
import { triggerDefinition, TriggerConfigSchema } from '../../../shared/nodes/trigger/definition'
import { createTempBackend, expectOk, type TempBackend } from '../testing/backend'

let t: TempBackend
let clock: number

beforeEach(() => {
  clock = 1_700_000_000_000
  t = createTempBackend({ now: () => (clock += 1000), log: () => {} })
})
afterEach(() => t.cleanup())

const call = async <T>(p: Promise<{ ok: true; value: T } | { ok: false; error: { code: string; message: string } }>) =>
  expectOk(await p)

describe('flows commands', () => {
  it('creates an inactive flow with one Trigger node named trigger_1', async () => {
    const flow = await call(t.backend.call('flows.create', {}))
    expect(flow.name).toBe('Untitled flow')
    expect(flow.active).toBe(false)
    expect(flow.revision).toBe(1)
    expect(flow.nodeCount).toBe(1)
    expect(flow.document.format).toBe('chatflow.flow/1')
    expect(flow.document.nodes).toHaveLength(1)
    expect(flow.document.nodes[0]).toMatchObject({ type: 'trigger', name: 'trigger_1' })
    expect(flow.id).toMatch(/^flw_/)
    expect(FlowDocumentSchema.safeParse(flow.document).success).toBe(true)
    const config = flow.document.nodes[0]?.config
    expect(TriggerConfigSchema.safeParse(config).success).toBe(true)
    expect(config).toEqual(triggerDefinition.defaults())
  })

  it('numbers untitled flows and accepts a given name, trimmed', async () => {
    await call(t.backend.call('flows.create', {}))
    const second = await call(t.backend.call('flows.create', undefined))
    const named = await call(t.backend.call('flows.create', { name: '  Order status  ' }))
    expect(second.name).toBe('Untitled flow 2')
    expect(named.name).toBe('Order status')
  })

  it('lists, searches case-insensitively and sorts by name or latest change', async () => {
    const a = await call(t.backend.call('flows.create', { name: 'beta support' }))
    await call(t.backend.call('flows.create', { name: 'Alpha orders' }))
    await call(t.backend.call('flows.create', { name: 'Gamma Support' }))
    await call(t.backend.call('flows.rename', { id: a.id, name: 'Beta support' }))
    const byName = await call(t.backend.call('flows.list', { sort: 'name' }))
    expect(byName.map((f) => f.name)).toEqual(['Alpha orders', 'Beta support', 'Gamma Support'])
    const byUpdate = await call(t.backend.call('flows.list', {}))
    expect(byUpdate.map((f) => f.name)).toEqual(['Beta support', 'Gamma Support', 'Alpha orders'])
    const found = await call(t.backend.call('flows.list', { search: 'SUPPORT', sort: 'name' }))
    expect(found.map((f) => f.name)).toEqual(['Beta support', 'Gamma Support'])
  })

  it('renames in the columns and the document, with a new revision', async () => {
    const flow = await call(t.backend.call('flows.create', {}))
    const renamed = await call(t.backend.call('flows.rename', { id: flow.id, name: 'Welcome' }))
    expect(renamed).toMatchObject({ name: 'Welcome', revision: 2 })
    expect(renamed.updatedAt).toBeGreaterThan(flow.updatedAt)
    const stored = await call(t.backend.call('flows.get', { id: flow.id }))
    expect(stored.document.name).toBe('Welcome')
  })

  it('activates and deactivates', async () => {
    const flow = await call(t.backend.call('flows.create', {}))
    expect(await call(t.backend.call('flows.setActive', { id: flow.id, active: true }))).toMatchObject({ active: true })
    expect((await call(t.backend.call('flows.get', { id: flow.id }))).document.active).toBe(true)
    expect(await call(t.backend.call('flows.setActive', { id: flow.id, active: false }))).toMatchObject({
      active: false,
    })
  })

  it('duplicates as an inactive copy with a new id and no webhook secret', async () => {
    const flow = await call(t.backend.call('flows.create', { name: 'Orders' }))
    await call(t.backend.call('flows.setActive', { id: flow.id, active: true }))
    const doc = (await call(t.backend.call('flows.get', { id: flow.id }))).document
    await call(t.backend.call('flows.save', { document: { ...doc, webhookSecretRef: 'secret_1' } }))
    const copy = await call(t.backend.call('flows.duplicate', { id: flow.id }))
    expect(copy.id).not.toBe(flow.id)
    expect(copy).toMatchObject({ name: 'Orders (copy)', active: false, revision: 1 })
    expect(copy.document.id).toBe(copy.id)
    expect(copy.document.webhookSecretRef).toBeNull()
    expect(copy.document.nodes).toEqual(doc.nodes)
  })

  it('saves a whole document, records revisions and refuses a stale expectedRevision', async () => {
    const flow = await call(t.backend.call('flows.create', {}))
    const moved = { ...flow.document, nodes: flow.document.nodes.map((n) => ({ ...n, position: { x: 40, y: 80 } })) }
    const saved = await call(t.backend.call('flows.save', { document: moved, expectedRevision: 1 }))
    expect(saved.revision).toBe(2)
    const stale = await t.backend.call('flows.save', { document: moved, expectedRevision: 1 })
    expect(stale).toMatchObject({ ok: false, error: { code: 'conflict' } })
    expect((await call(t.backend.call('flows.get', { id: flow.id }))).document.nodes[0]?.position).toEqual({
      x: 40,
      y: 80,
    })
  })

  it('deletes out of the list, restores with undo, and purges on the next start', async () => {
    const keep = await call(t.backend.call('flows.create', { name: 'Keep' }))
    const gone = await call(t.backend.call('flows.create', { name: 'Gone' }))
    await call(t.backend.call('flows.delete', { id: keep.id }))
    expect((await call(t.backend.call('flows.list', {}))).map((f) => f.name)).toEqual(['Gone'])
    expect(await t.backend.call('flows.get', { id: keep.id })).toMatchObject({ error: { code: 'not_found' } })
    const restored = await call(t.backend.call('flows.restore', { id: keep.id }))
    expect(restored.name).toBe('Keep')
    expect(await t.backend.call('flows.delete', { id: gone.id })).toMatchObject({ ok: true })
    expect(await t.backend.call('flows.delete', { id: gone.id })).toMatchObject({ error: { code: 'not_found' } })
    await t.reopen()
    expect((await call(t.backend.call('flows.list', {}))).map((f) => f.name)).toEqual(['Keep'])
    expect(await t.backend.call('flows.restore', { id: gone.id })).toMatchObject({ error: { code: 'not_found' } })
  })

  it('keeps flows across a restart', async () => {
    const flow = await call(t.backend.call('flows.create', { name: 'Persisted' }))
    await t.reopen()
    expect((await call(t.backend.call('flows.get', { id: flow.id }))).name).toBe('Persisted')
  })

  it('emits flows.changed for every change', async () => {
    const seen: string[] = []
    t.backend.on('flows.changed', (e) => seen.push(e.kind))
    const flow = await call(t.backend.call('flows.create', {}))
    await call(t.backend.call('flows.rename', { id: flow.id, name: 'X' }))
    await call(t.backend.call('flows.setActive', { id: flow.id, active: true }))
    await call(t.backend.call('flows.duplicate', { id: flow.id }))
    await call(t.backend.call('flows.save', { document: { ...flow.document, name: 'Y' } }))
    await call(t.backend.call('flows.delete', { id: flow.id }))
    await call(t.backend.call('flows.restore', { id: flow.id }))
    await t.backend.call('flows.rename', { id: 'flw_missing', name: 'Z' })
    expect(seen).toEqual(['created', 'renamed', 'activated', 'duplicated', 'saved', 'deleted', 'restored'])
  })
})
