// A studio takeover given a time to come back to the bot (the Contacts screen's and the emulator's "Back to the bot
// at"): refused when that time has come, ended by itself at it by the studio's timer (by `timeout`, on the contact's
// clock, not before), a Question the takeover held then waits again; in the emulator, Skip ahead past it ends it.
// Real back end, real SQLite file; the clock is the back end's injected `now` and the timers are fake.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { askFlow, createTempBackend, expectOk, type TempBackend } from '../testing/backend'
import { WAKE_POLL_MS } from './wake-service'

const HOUR = 3_600_000
let temp: TempBackend
let now: number

beforeEach(() => {
  now = Date.UTC(2026, 0, 1, 9)
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
  temp = createTempBackend({ now: () => now })
})
afterEach(async () => {
  vi.useRealTimers()
  await temp.cleanup()
})

const tick = () => vi.advanceTimersByTimeAsync(WAKE_POLL_MS)

describe('a takeover until a time', () => {
  it('is refused when the time has come, and ends by itself at it, not before, on the Contacts screen', async () => {
    const api = temp.backend
    const t = await askFlow(api, { started: true })
    const past = await api.call('handovers.start', { contactId: t.contactId, until: now })
    expect(!past.ok && past.error).toMatchObject({ code: 'until_passed', message: expect.stringContaining('passed') })
    const taken = expectOk(await api.call('handovers.start', { contactId: t.contactId, until: now + 2 * HOUR }))
    expect(taken.handover).toMatchObject({ by: 'studio', until: now + 2 * HOUR, runId: null })

    now += 2 * HOUR - 1
    await tick()
    expect(expectOk(await api.call('handovers.list', {})).handovers).toHaveLength(1)
    now += 1
    await tick()
    expect(expectOk(await api.call('handovers.list', {})).handovers).toEqual([])
    const ended = expectOk(await api.call('handovers.list', { open: false })).handovers
    expect(ended).toMatchObject([{ id: taken.handover.id, endedBy: 'timeout', endedAt: now }])
    // The Question the takeover held waits again: the customer's answer goes to it.
    const answered = expectOk(await api.call('emulator.send', { ...t, event: { type: 'text', text: 'Asha' } }))
    expect(answered.action).toBe('resumed')
  })

  it("in the emulator, on the contact's clock: Skip ahead past the time hands the conversation back", async () => {
    const api = temp.backend
    const { runId: _run, ...t } = await askFlow(api, { started: true })
    const session = expectOk(await api.call('emulator.handover', { ...t, note: 'VIP', until: now + HOUR }))
    expect(session.person?.handover).toMatchObject({ note: 'VIP', until: now + HOUR })
    const early = expectOk(await api.call('emulator.skip', { ...t, to: { kind: 'by', ms: HOUR - 60_000 } }))
    expect(early.session.person).not.toBeNull()
    const skipped = expectOk(await api.call('emulator.skip', { ...t, to: { kind: 'by', ms: 60_000 } }))
    expect(skipped.session.person).toBeNull()
    expect(skipped.notice).toContain('the bot has the conversation again')
    expect(expectOk(await api.call('handovers.list', { open: false })).handovers).toMatchObject([
      { endedBy: 'timeout', endedAt: now + HOUR },
    ])
    const late = await api.call('emulator.handover', { ...t, until: now + HOUR })
    expect(!late.ok && late.error.code).toBe('until_passed')
  })
})
