// A waiting run by hand from the Flow Logs: Cancel run ends it as cancelled; Wake now is refused for a run that does
// not wait on time. Real back end, real SQLite file, runs written by the real engine through the emulator.
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { buildFlow } from '../../../shared/engine/testing/fixtures'
import type { Backend } from '../backend'
import { askFlow, createTempBackend, expectOk, type TempBackend } from '../testing/backend'

let temp: TempBackend
let api: Backend
let now: number

beforeEach(() => {
  now = Date.UTC(2026, 0, 1, 9)
  temp = createTempBackend({ now: () => now })
  api = temp.backend
})
afterEach(() => temp.cleanup())

describe('cancelling a waiting run by hand', () => {
  it('ends it as cancelled, runs nothing, tells open views, and the next answer is not taken by it', async () => {
    const t = await askFlow(api, { started: true })
    const events: Array<[string, unknown]> = []
    api.onAny((event, payload) => events.push([event, payload]))
    now += 60_000
    const row = expectOk(await api.call('logs.cancel', { runId: t.runId }))
    expect(row).toMatchObject({ id: t.runId, status: 'ended', endReason: 'cancelled', endedAt: now, wakeAt: null })
    expect(events).toContainEqual([
      'emulator.updated',
      { flowId: t.flowId, contactId: t.contactId, runId: t.runId, source: 'wake' },
    ])
    const log = expectOk(await api.call('logs.run', { runId: t.runId }))
    expect(log.messages.filter((m) => m.direction === 'out')).toHaveLength(1) // the question only

    // The customer's answer is not taken by the cancelled run.
    const after = expectOk(await api.call('emulator.send', { ...t, event: { type: 'text', text: 'Asha' } }))
    expect(after.action).toBe('ignored')

    const again = await api.call('logs.cancel', { runId: t.runId })
    expect(!again.ok && again.error).toMatchObject({ code: 'not_waiting', message: expect.stringMatching(/ended/) })
  })

  it('refuses an unknown run, and requests with fields it does not know', async () => {
    const missing = await api.call('logs.cancel', { runId: 'r_nope' })
    expect(!missing.ok && missing.error.code).toBe('not_found')
    const t = await askFlow(api, { started: true })
    for (const command of ['logs.cancel', 'logs.wake'] as const) {
      const r = await api.call(command, { runId: t.runId, force: true } as never)
      expect(!r.ok && r.error.code).toBe('bad_request')
    }
    expect(expectOk(await api.call('logs.run', { runId: t.runId })).run.status).toBe('paused')
  })
})

describe('waking a run by hand', () => {
  it('wakes a run waiting on time now, before it is due: it goes on at the time it is woken, and only once', async () => {
    const created = expectOk(await api.call('flows.create', { name: 'Later' }))
    const document = buildFlow(
      [
        { type: 'trigger', name: 'trigger_1', config: { kind: 'keyword', keywords: ['later'] } },
        { type: 'wait', name: 'pause', config: { mode: 'duration', duration: '1d' } },
        { type: 'message', name: 'back', config: { text: 'Back again' } },
      ],
      [
        ['trigger_1', 'out', 'pause'],
        ['pause', 'out', 'back'],
      ],
      { id: created.id, name: 'Later', active: true },
    )
    expectOk(await api.call('flows.save', { document, expectedRevision: created.revision }))
    const contact = expectOk(await api.call('emulator.contact', {}))
    const t = { flowId: created.id, contactId: contact.id }
    const started = expectOk(await api.call('emulator.start', { ...t, trigger: { kind: 'keyword', text: 'later' } }))
    const runId = started.session.run!.id
    const waiting = expectOk(await api.call('logs.list', { flowId: t.flowId, filter: { waiting: 'time' } })).runs
    expect(waiting.map((r) => [r.id, r.wakeAt])).toEqual([[runId, now + 86_400_000]])

    now += 60_000
    const row = expectOk(await api.call('logs.wake', { runId }))
    expect(row).toMatchObject({ status: 'ended', endReason: 'completed', wakeAt: null, endedAt: now })
    const log = expectOk(await api.call('logs.run', { runId }))
    expect(log.messages.at(-1)).toMatchObject({ direction: 'out', createdAt: now })
    expect(log.trace.find((e) => e.nodeName === 'pause' && e.phase === 'resume')?.port).toBe('out')
    expect(expectOk(await api.call('logs.list', { flowId: t.flowId, filter: { waiting: 'time' } })).runs).toEqual([])

    const again = await api.call('logs.wake', { runId })
    expect(!again.ok && again.error.code).toBe('not_waiting')
    expect(expectOk(await api.call('logs.run', { runId })).messages.filter((m) => m.direction === 'out')).toHaveLength(
      1,
    )
  })

  it('is refused for a run that waits for the customer only, which keeps waiting', async () => {
    const t = await askFlow(api, { started: true })
    const r = await api.call('logs.wake', { runId: t.runId })
    expect(!r.ok && r.error).toMatchObject({ code: 'not_waiting', message: expect.stringMatching(/wait on time/) })
    expect(expectOk(await api.call('logs.run', { runId: t.runId })).run).toMatchObject({ status: 'paused' })
  })
})
