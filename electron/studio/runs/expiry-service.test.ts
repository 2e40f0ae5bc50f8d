// The studio itself ends paused runs whose 24-hour window has closed: at start and on its sweep timer, without the
// contact writing again. Real back end, real SQLite file; the clock is the back end's injected `now`.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { WINDOW_MS } from '../../../shared/engine'
import { buildFlow } from '../../../shared/engine/testing/fixtures'
import type { Backend } from '../backend'
import { createTempBackend, expectOk, type TempBackend } from '../testing/backend'
import { EXPIRY_SWEEP_MS } from './expiry-service'

let temp: TempBackend
let now: number

beforeEach(() => {
  now = Date.UTC(2026, 0, 1, 9)
})
afterEach(async () => {
  vi.useRealTimers()
  await temp.cleanup()
})

/** An active keyword flow that pauses at a Question, and a test contact's run paused there. */
async function pausedRun(api: Backend) {
  const created = expectOk(await api.call('flows.create', { name: 'Ask' }))
  const document = buildFlow(
    [
      { type: 'trigger', name: 'trigger_1', config: { kind: 'keyword', keywords: ['ask'] } },
      { type: 'question', name: 'q', config: { prompt: 'Name?', saveTo: 'name' } },
    ],
    [['trigger_1', 'out', 'q']],
    { id: created.id, name: 'Ask', active: true },
  )
  expectOk(await api.call('flows.save', { document, expectedRevision: created.revision }))
  const contact = expectOk(await api.call('emulator.contact', {}))
  const t = { flowId: created.id, contactId: contact.id }
  const started = expectOk(await api.call('emulator.start', { ...t, trigger: { kind: 'keyword', text: 'ask' } }))
  expect(started.session.run).toMatchObject({ status: 'paused', waitingNodeId: 'n_q' })
  return { ...t, runId: started.session.run!.id }
}

async function runOf(api: Backend, t: { flowId: string; contactId: string; runId: string }) {
  return expectOk(await api.call('emulator.session', t)).run
}

describe('expiry of paused runs nobody answered', () => {
  it('closes them as expired when the studio starts after the window has passed', async () => {
    temp = createTempBackend({ now: () => now })
    const t = await pausedRun(temp.backend)
    now += WINDOW_MS - 1
    await temp.reopen()
    await new Promise((r) => setTimeout(r, 20)) // the first sweep runs one tick after start
    expect(await runOf(temp.backend, t)).toMatchObject({ status: 'paused' })

    now += 1
    const api = await temp.reopen()
    await expect.poll(async () => (await runOf(api, t))?.status).toBe('ended')
    expect(await runOf(api, t)).toMatchObject({ endReason: 'expired' })
    const log = expectOk(await api.call('logs.run', { runId: t.runId }))
    expect(log.run).toMatchObject({ status: 'ended', endReason: 'expired', endedAt: now })
  })

  it('closes them on the sweep timer while the studio runs, and tells open views', async () => {
    vi.useFakeTimers({ toFake: ['setInterval'] })
    temp = createTempBackend({ now: () => now })
    const api = temp.backend
    const t = await pausedRun(api)
    const events: Array<[string, unknown]> = []
    api.onAny((event, payload) => events.push([event, payload]))

    now += WINDOW_MS
    expect(await runOf(api, t)).toMatchObject({ status: 'paused' }) // nothing expires between sweeps
    vi.advanceTimersByTime(EXPIRY_SWEEP_MS)
    expect(await runOf(api, t)).toMatchObject({ status: 'ended', endReason: 'expired' })
    expect(events).toContainEqual(['emulator.updated', { flowId: t.flowId, contactId: t.contactId, runId: t.runId }])
    expect(events).toContainEqual(['logs.changed', { flowId: t.flowId, deleted: 0 }])

    // An answer after expiry starts nothing and resumes nothing: the run stays expired.
    const late = expectOk(await api.call('emulator.send', { ...t, event: { type: 'text', text: 'Asha' } }))
    expect(late.session.run).toMatchObject({ id: t.runId, status: 'ended', endReason: 'expired' })
  })
})
