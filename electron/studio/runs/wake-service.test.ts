// The studio wakes runs that wait on time by itself: a run waiting two hours goes on when they are up (not before),
// with nobody writing, through the scheduler's timer; one that fell due while the studio was closed wakes at
// start. Real back end, real SQLite file; the clock is the back end's injected `now` and the timers are fake.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { buildFlow } from '../../../shared/engine/testing/fixtures'
import type { Backend } from '../backend'
import { createTempBackend, expectOk, type TempBackend } from '../testing/backend'
import { LATE_WAKE_MS, WAKE_POLL_MS } from './wake-service'

const HOUR = 3_600_000
let temp: TempBackend
let now: number
let logged: string[]

beforeEach(() => {
  now = Date.UTC(2026, 0, 1, 9)
  logged = []
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
  temp = createTempBackend({ now: () => now, log: (m) => logged.push(m) })
})
afterEach(async () => {
  vi.useRealTimers()
  await temp.cleanup()
})

/** keyword or manual trigger → Wait 2 h → "How did the delivery go?" */
async function waitFlow(api: Backend, trigger: 'keyword' | 'manual') {
  const created = expectOk(await api.call('flows.create', { name: 'Feedback' }))
  const document = buildFlow(
    [
      {
        type: 'trigger',
        name: 'trigger_1',
        config: trigger === 'keyword' ? { kind: 'keyword', keywords: ['delivered'] } : { kind: 'manual' },
      },
      { type: 'wait', name: 'later', config: { mode: 'duration', duration: '2h' } },
      { type: 'message', name: 'ask', config: { text: 'How did the delivery go?' } },
    ],
    [
      ['trigger_1', 'out', 'later'],
      ['later', 'out', 'ask'],
    ],
    { id: created.id, name: 'Feedback', active: true },
  )
  expectOk(await api.call('flows.save', { document, expectedRevision: created.revision }))
  return created.id
}

async function runOf(api: Backend, runId: string) {
  return expectOk(await api.call('logs.run', { runId }))
}

/** Lets the scheduler's timer fire and its pass (which awaits the engine) finish. */
async function tick(ms = WAKE_POLL_MS) {
  await vi.advanceTimersByTimeAsync(ms)
}

describe('the studio wakes runs on time', () => {
  it('wakes a run waiting two hours when they are up, not before, and tells open views', async () => {
    const api = temp.backend
    const flowId = await waitFlow(api, 'keyword')
    const contact = expectOk(await api.call('emulator.contact', {}))
    const t = { flowId, contactId: contact.id }
    const started = expectOk(
      await api.call('emulator.start', { ...t, trigger: { kind: 'keyword', text: 'delivered' } }),
    )
    const runId = started.session.run!.id
    expect(started.session.run).toMatchObject({ status: 'paused', wakeAt: now + 2 * HOUR })
    const listed = expectOk(await api.call('logs.list', { flowId, filter: { waiting: 'time' } }))
    expect(listed.runs.map((r) => [r.id, r.wakeAt])).toEqual([[runId, now + 2 * HOUR]])
    const events: Array<[string, unknown]> = []
    api.onAny((event, payload) => events.push([event, payload]))

    now += 2 * HOUR - 1
    await tick()
    expect((await runOf(api, runId)).run).toMatchObject({ status: 'paused', wakeAt: now + 1 })

    now += 1
    await tick()
    const woken = await runOf(api, runId)
    expect(woken.run).toMatchObject({ status: 'ended', endReason: 'completed', wakeAt: null })
    expect(woken.messages.at(-1)).toMatchObject({ direction: 'out', createdAt: now })
    expect(JSON.stringify(woken.messages.at(-1)!.payload)).toContain('How did the delivery go?')
    expect(woken.trace.find((e) => e.nodeName === 'later' && e.phase === 'resume')?.port).toBe('out')
    expect(events).toContainEqual(['emulator.updated', { flowId, contactId: contact.id, runId, source: 'wake' }])
    expect(events).toContainEqual(['logs.changed', { flowId, deleted: 0 }])
    expect(expectOk(await api.call('logs.list', { flowId, filter: { waiting: 'time' } })).runs).toEqual([])
    // Woken once: later passes find nothing due.
    await tick(3 * WAKE_POLL_MS)
    expect((await runOf(api, runId)).messages.filter((m) => m.direction === 'out')).toHaveLength(1)
  })

  it("wakes an operator's run that fell due while the studio was closed, at start, and logs how late", async () => {
    const flowId = await waitFlow(temp.backend, 'manual')
    const started = expectOk(
      await temp.backend.call('manual.trigger', { flowId, contacts: [{ phone: '+919800000001' }] }),
    )
    const runId = started.results[0]!.runId!
    expect((await runOf(temp.backend, runId)).run).toMatchObject({ status: 'paused', wakeAt: now + 2 * HOUR })

    now += 5 * HOUR
    const api = await temp.reopen()
    await tick(0)
    const woken = await runOf(api, runId)
    // The contact never wrote: the wake's free-form message is refused as the channel refuses it (24-hour window).
    expect(woken.run).toMatchObject({ status: 'failed', error: { code: 'outside_window' } })
    expect(woken.trace.find((e) => e.nodeName === 'later' && e.phase === 'resume')?.port).toBe('out')
    const late = (5 * HOUR - 2 * HOUR) / 1000
    expect(late * 1000).toBeGreaterThan(LATE_WAKE_MS)
    expect(logged).toContain(`woke run ${runId} ${late} s after it was due`)
  })

  it('wakes a test contact that skipped ahead on its own clock', async () => {
    const api = temp.backend
    const flowId = await waitFlow(api, 'keyword')
    const contact = expectOk(await api.call('emulator.contact', {}))
    const t = { flowId, contactId: contact.id }
    expectOk(await api.call('emulator.skip', { ...t, to: { kind: 'by', ms: HOUR } }))
    const started = expectOk(
      await api.call('emulator.start', { ...t, trigger: { kind: 'keyword', text: 'delivered' } }),
    )
    const runId = started.session.run!.id
    expect(started.session.run!.wakeAt).toBe(now + 3 * HOUR)
    // Due at real time + 2 h, since the contact's clock is an hour ahead.
    now += 2 * HOUR - 1
    await tick()
    expect((await runOf(api, runId)).run.status).toBe('paused')
    now += 1
    await tick()
    expect((await runOf(api, runId)).run).toMatchObject({ status: 'ended', endedAt: now + HOUR })
  })
})
