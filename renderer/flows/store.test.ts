import path from 'node:path'
import Database from 'better-sqlite3'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createTempBackend, type TempBackend } from '../../electron/studio/testing/backend'
import { createApiClient } from '../api'
import { createFlowsStore, visibleFlows } from './store'

// The store against a real back end on a temporary SQLite file, called the way a host would carry the calls.
let t: TempBackend
let store: ReturnType<typeof createFlowsStore>

beforeEach(() => {
  t = createTempBackend({ log: () => {} })
  store = createFlowsStore(createApiClient({ call: (c, p) => t.backend.call(c, p), on: () => () => {} }))
})
afterEach(() => t.cleanup())

describe('flows store', () => {
  it('creates, renames, duplicates, activates, deletes and restores', async () => {
    await store.getState().load()
    expect(store.getState()).toMatchObject({ loaded: true, flows: [] })
    const flow = await store.getState().create()
    expect(flow?.name).toBe('Untitled flow')
    expect(await store.getState().rename(flow!.id, 'Orders')).toBe(true)
    await store.getState().duplicate(flow!.id)
    await store.getState().setActive(flow!.id, true)
    const byName = Object.fromEntries(store.getState().flows.map((f) => [f.name, f.active]))
    expect(byName).toEqual({ Orders: true, 'Orders (copy)': false })
    await store.getState().remove(flow!.id)
    expect(store.getState().flows.map((f) => f.name)).toEqual(['Orders (copy)'])
    await store.getState().restore(flow!.id)
    await store.getState().load()
    expect(store.getState().flows).toHaveLength(2)
  })

  it('shows the back end message when a call fails', async () => {
    expect(await store.getState().rename('flw_missing', 'X')).toBe(false)
    expect(store.getState().error).toMatch(/does not exist/)
  })

  it('says in place of the list why it could not load, and loads on the next try', async () => {
    await t.backend.close()
    await store.getState().load()
    expect(store.getState()).toMatchObject({ loaded: false, loadError: 'The studio back end has closed.' })
    await t.reopen()
    await store.getState().load()
    expect(store.getState()).toMatchObject({ loaded: true, loadError: null })
  })

  it('keeps a loaded list when a reload fails, and says it may be stale', async () => {
    await store.getState().create()
    await store.getState().load()
    await t.backend.close()
    await store.getState().load()
    expect(store.getState().flows).toHaveLength(1)
    expect(store.getState().error).toMatch(/could not be refreshed: The studio back end has closed/)
  })

  it('reports a saved sort order it cannot read instead of dropping it', async () => {
    await t.backend.close()
    const db = new Database(path.join(t.dataDir, 'studio.sqlite'))
    db.prepare("INSERT INTO settings (key, value, updated_at) VALUES ('flows.sort', '{', 0)").run()
    db.close()
    await t.reopen()
    await store.getState().load()
    expect(store.getState()).toMatchObject({ loaded: true, sort: 'updated' })
    expect(store.getState().error).toMatch(/saved sort order was not applied: .*"flows\.sort": it is not valid JSON/)
  })

  it('remembers the sort order', async () => {
    store.getState().setSort('name')
    await new Promise((r) => setTimeout(r, 20))
    const fresh = createFlowsStore(createApiClient({ call: (c, p) => t.backend.call(c, p), on: () => () => {} }))
    await fresh.getState().load()
    expect(fresh.getState().sort).toBe('name')
  })
})

describe('visibleFlows', () => {
  const f = (name: string, updatedAt: number) => ({
    id: name,
    name,
    active: false,
    nodeCount: 1,
    revision: 1,
    createdAt: 0,
    updatedAt,
  })
  const flows = [f('flow 10', 1), f('Flow 2', 3), f('other', 2)]

  it('sorts names naturally and changes newest first', () => {
    expect(visibleFlows(flows, '', 'name').map((x) => x.name)).toEqual(['Flow 2', 'flow 10', 'other'])
    expect(visibleFlows(flows, '', 'updated').map((x) => x.name)).toEqual(['Flow 2', 'other', 'flow 10'])
  })

  it('searches case-insensitively', () => {
    expect(visibleFlows(flows, ' FLOW ', 'name').map((x) => x.name)).toEqual(['Flow 2', 'flow 10'])
  })
})
