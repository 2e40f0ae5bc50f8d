import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { BroadcastSpecInput } from '../../shared/broadcast'
import { buildFlow } from '../../shared/engine/testing/fixtures'
import { createTempBackend, expectOk, type TempBackend } from '../../electron/studio/testing/backend'
import { createApiClient } from '../api'
import { createBroadcastsStore } from './store'

// The Broadcasts screen's store against a real back end on a temporary SQLite file, called the way a host carries the
// calls. The broadcast is scheduled for 2099, so nothing in it races the clock.

const T0 = Date.UTC(2026, 10, 29, 4, 0)
let t: TempBackend
let store: ReturnType<typeof createBroadcastsStore>

beforeEach(() => {
  t = createTempBackend({ log: () => {}, now: () => T0 })
  store = createBroadcastsStore('studio', createApiClient({ call: (c, p) => t.backend.call(c, p), on: () => () => {} }))
})
afterEach(() => t.cleanup())

async function scheduled(): Promise<string> {
  const created = expectOk(await t.backend.call('flows.create', {}))
  const doc = buildFlow(
    [
      { type: 'trigger', name: 'trigger_1', config: { kind: 'manual' } },
      { type: 'template_message', name: 'promo', config: { templateName: 'autumn_sale', category: 'MARKETING' } },
      { type: 'end', name: 'done' },
    ],
    [
      ['trigger_1', 'out', 'promo'],
      ['promo', 'out', 'done'],
    ],
    { id: created.id, name: created.name },
  )
  expectOk(await t.backend.call('flows.save', { document: doc }))
  const contacts = ['+447700900001', '+447700900002', '+447700900003'].map((phone, i) => ({
    phone,
    name: `Customer ${i + 1}`,
    fields: {},
  }))
  const spec: BroadcastSpecInput = {
    name: 'New year',
    flowId: created.id,
    audience: { kind: 'contacts', contacts },
    schedule: { kind: 'at', local: '2099-01-01T10:00', zone: 'Europe/London' },
  }
  return expectOk(await t.backend.call('broadcasts.create', { target: 'studio', spec })).broadcast.id
}

describe('broadcasts store', () => {
  it('lists, even when the screen opened no broadcast while the list was being read', async () => {
    const id = await scheduled()
    const listed = store.getState().loadList()
    await store.getState().openBroadcast(null)
    await listed
    expect(store.getState().list?.map((b) => b.id)).toEqual([id])
  })

  it('opens a broadcast with its results, filters them, and pauses, resumes, cancels and exports it', async () => {
    const id = await scheduled()
    await store.getState().openBroadcast(id)
    expect(store.getState()).toMatchObject({ open: { id, status: 'scheduled' }, next: null })
    expect(store.getState().recipients.map((r) => [r.phone, r.state])).toEqual([
      ['+447700900001', 'pending'],
      ['+447700900002', 'pending'],
      ['+447700900003', 'pending'],
    ])
    await store.getState().setFilter('sent')
    expect(store.getState().recipients).toEqual([])
    await store.getState().act('pause')
    expect(store.getState().open?.status).toBe('paused')
    await store.getState().act('resume')
    expect(store.getState().open?.status).toBe('scheduled')
    await store.getState().act('cancel')
    expect(store.getState().open?.status).toBe('cancelled')
    await store.getState().setFilter('cancelled')
    expect(store.getState().recipients).toHaveLength(3)
    // A refusal is kept for the screen to show beside the buttons.
    await store.getState().act('resume')
    expect(store.getState().actionError).toBeTruthy()
    const csv = await store.getState().resultsCsv()
    expect(csv?.text.split('\n')[0]).toMatch(/^\uFEFF?phone,name,status/)
    expect(csv?.text).toContain('+447700900003')
  })

  it('says why a server’s broadcasts cannot be read', async () => {
    await scheduled()
    await store.getState().loadList()
    await store.getState().setTarget('srv_missing')
    expect(store.getState().list).toBeNull()
    expect(store.getState().listError).toBeTruthy()
  })
})
