import fs from 'node:fs'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createTempBackend, expectOk, type TempBackend } from '../../electron/studio/testing/backend'
import { createApiClient } from '../api'
import { createEmulatorStore } from './session-store'

// The emulator's store against a real back end on a temporary SQLite file. Issue 32: a Step's request leaves in the
// same turn as F10, before the busy flag is drawn (React draws a store change in a microtask; the back end used to
// wait for that render), unless the draft has to be written first.
let t: TempBackend
let sent: string[]
const client = () =>
  createApiClient({
    call: (command, payload) => {
      sent.push(command)
      return t.backend.call(command, payload)
    },
    on: () => () => {},
  })

beforeEach(() => {
  t = createTempBackend({ log: () => {} })
  sent = []
})
afterEach(() => t.cleanup())

async function pausedAtIsAdult(flush: () => Promise<unknown> | null) {
  const file = path.resolve(import.meta.dirname, '../../resources/examples/age-gate.flow.json')
  const doc = JSON.parse(fs.readFileSync(file, 'utf8'))
  const created = expectOk(await t.backend.call('flows.create', { name: String(doc.name) }))
  expectOk(await t.backend.call('flows.save', { document: { ...doc, id: created.id }, expectedRevision: 1 }))
  const isAdult = doc.nodes.find((n: { name: string }) => n.name === 'is_adult').id
  const bp = { id: 'b', at: { kind: 'node' as const, nodeId: isAdult }, enabled: true }
  expectOk(await t.backend.call('breakpoints.set', { flowId: created.id, breakpoints: [bp] }))
  const store = createEmulatorStore(created.id, { flush, mocks: () => ({}), api: client() })
  await store.getState().init()
  await store.getState().start({ kind: 'keyword', text: 'wine' })
  await store.getState().send({ type: 'text', text: '40' })
  expect(store.getState().session?.debug?.paused?.nodeId).toBe(isAdult)
  return store
}

describe('emulator store: a step', () => {
  it('sends its request at once when nothing waits to be written, and is busy until the answer', async () => {
    const store = await pausedAtIsAdult(() => null)
    sent = []
    const stepping = store.getState().debugGo('step')
    // Synchronously, in the same turn: no microtask (and so no render) has run yet.
    expect(sent).toEqual(['debug.step'])
    expect(store.getState().busy).toBe(true)
    await stepping
    expect(store.getState().busy).toBe(false)
    expect(store.getState().session?.debug?.paused).toMatchObject({ reason: 'step' })
  })

  it('writes the draft first when there is one, then sends', async () => {
    let release!: () => void
    const written = new Promise<void>((r) => (release = r))
    let draft = false // an edit not yet saved, from here on
    const store = await pausedAtIsAdult(() => (draft ? written : null))
    draft = true
    sent = []
    const stepping = store.getState().debugGo('step')
    expect(store.getState().busy).toBe(true)
    await Promise.resolve()
    expect(sent).toEqual([])
    release()
    await stepping
    expect(sent[0]).toBe('debug.step')
  })

  it('keeps the objects of what a step left unchanged', async () => {
    const store = await pausedAtIsAdult(() => null)
    const before = store.getState().session!
    await store.getState().debugGo('step')
    const after = store.getState().session!
    expect(after).not.toBe(before)
    expect(after.messages).toBe(before.messages)
    expect(after.contact).toBe(before.contact)
  })
})
