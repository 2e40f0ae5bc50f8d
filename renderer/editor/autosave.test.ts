import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createTempBackend, expectOk, type TempBackend } from '../../electron/studio/testing/backend'
import { startAutosave, type SaveFn } from './autosave'
import { createEditorStore } from './store'

let t: TempBackend
beforeEach(() => {
  t = createTempBackend({ log: () => {} })
})
afterEach(() => t.cleanup())

const saveWith =
  (calls: (number | undefined)[] = []): SaveFn =>
  async (document, expectedRevision) => {
    calls.push(expectedRevision)
    return t.backend.call('flows.save', { document, expectedRevision })
  }
const wait = (ms: number) => new Promise((r) => setTimeout(r, ms))

describe('autosave', () => {
  it('saves a burst of edits once, within the delay, to the real database', async () => {
    const flow = expectOk(await t.backend.call('flows.create', { name: 'Autosave' }))
    const store = createEditorStore(flow.document)
    const calls: (number | undefined)[] = []
    const saver = startAutosave(store, saveWith(calls), flow.revision, 50)
    store.getState().addNode('message', { x: 0, y: 0 })
    store.getState().addNode('end', { x: 0, y: 100 })
    expect(saver.status().state).toBe('pending')
    await wait(300)
    expect(calls).toEqual([1])
    expect(saver.status()).toEqual({ state: 'saved', revision: 2 })
    const stored = expectOk(await t.backend.call('flows.get', { id: flow.id }))
    expect(stored.document.nodes.map((n) => n.name)).toEqual(['trigger_1', 'message_1', 'end_1'])
    saver.stop()
  })

  it('saves edits made during a save in the next one, and flush writes at once', async () => {
    const flow = expectOk(await t.backend.call('flows.create', {}))
    const store = createEditorStore(flow.document)
    const calls: (number | undefined)[] = []
    const saver = startAutosave(store, saveWith(calls), flow.revision, 10_000)
    store.getState().addNode('message', { x: 0, y: 0 })
    const first = saver.flush()
    store.getState().addNode('question', { x: 0, y: 0 })
    await first
    await saver.flush()
    expect(calls).toEqual([1, 2])
    const stored = expectOk(await t.backend.call('flows.get', { id: flow.id }))
    expect(stored.document.nodes).toHaveLength(3)
    expect(saver.status()).toEqual({ state: 'saved', revision: 3 })
    saver.stop()
  })

  it('is settled only while nothing waits to be written: not after an edit, nor while its save is in flight', async () => {
    const flow = expectOk(await t.backend.call('flows.create', {}))
    const store = createEditorStore(flow.document)
    const saver = startAutosave(store, saveWith(), flow.revision, 10_000)
    expect(saver.settled()).toBe(true)
    store.getState().addNode('message', { x: 0, y: 0 })
    expect(saver.settled()).toBe(false)
    const saving = saver.flush()
    expect(saver.settled()).toBe(false)
    await saving
    expect(saver.settled()).toBe(true)
    // A failed save leaves the edit unwritten.
    expectOk(await t.backend.call('flows.rename', { id: flow.id, name: 'Renamed elsewhere' }))
    store.getState().addNode('end', { x: 0, y: 0 })
    await saver.flush()
    expect(saver.status().state).toBe('error')
    expect(saver.settled()).toBe(false)
    saver.stop()
  })

  it('reports a conflict when the flow changed elsewhere instead of overwriting it', async () => {
    const flow = expectOk(await t.backend.call('flows.create', {}))
    const store = createEditorStore(flow.document)
    const saver = startAutosave(store, saveWith(), flow.revision, 10_000)
    expectOk(await t.backend.call('flows.rename', { id: flow.id, name: 'Renamed elsewhere' }))
    store.getState().addNode('message', { x: 0, y: 0 })
    await saver.flush()
    const s = saver.status()
    expect(s.state === 'error' && s.error.code).toBe('conflict')
    const stored = expectOk(await t.backend.call('flows.get', { id: flow.id }))
    expect(stored.name).toBe('Renamed elsewhere')
    expect(stored.document.nodes).toHaveLength(1)
    // The user keeps their version: it is written over the newer one, and saving goes on from there.
    await saver.overwrite()
    expect(saver.status()).toEqual({ state: 'saved', revision: 3 })
    store.getState().addNode('end', { x: 0, y: 0 })
    await saver.flush()
    const kept = expectOk(await t.backend.call('flows.get', { id: flow.id }))
    expect(kept.document.nodes.map((n) => n.name)).toEqual(['trigger_1', 'message_1', 'end_1'])
    expect(kept.revision).toBe(4)
    saver.stop()
  })
})
