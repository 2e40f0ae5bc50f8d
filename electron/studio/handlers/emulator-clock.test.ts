// The emulator's clock: "Skip ahead" moves a test contact's time on, the contact's runs are stepped on it, and it
// survives a restart. Real back end, real SQLite file; real time is the back end's injected `now`.
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { buildFlow } from '../../../shared/engine/testing/fixtures'
import type { Backend } from '../backend'
import { askFlow, createTempBackend, expectOk, type TempBackend } from '../testing/backend'

const HOUR = 3_600_000
let temp: TempBackend
let api: Backend
let now: number

beforeEach(() => {
  now = Date.UTC(2026, 0, 1, 9)
  temp = createTempBackend({ now: () => now })
  api = temp.backend
})
afterEach(() => temp.cleanup())

describe("the emulator's clock", () => {
  it("moves on by what the tester picks, and the contact's runs are stepped on it", async () => {
    const t = await askFlow(api)
    const skipped = expectOk(await api.call('emulator.skip', { ...t, to: { kind: 'by', ms: 2 * HOUR } }))
    expect(skipped).toMatchObject({ action: 'ignored', skippedMs: 2 * HOUR, notice: 'Skipped 2 h.' })
    expect(skipped.session.clockOffsetMs).toBe(2 * HOUR)

    const started = expectOk(await api.call('emulator.start', { ...t, trigger: { kind: 'keyword', text: 'ask' } }))
    expect(started.session.run).toMatchObject({ status: 'paused', startedAt: now + 2 * HOUR, wakeAt: null })
    expect(started.session.contact.lastInboundAt).toBe(now + 2 * HOUR)

    // Skipping while the run waits for the customer only (no time): it keeps waiting and says so.
    const later = expectOk(await api.call('emulator.skip', { ...t, to: { kind: 'by', ms: 30 * 60_000 } }))
    expect(later.notice).toBe('Skipped 30 min; the conversation still waits for the customer.')
    expect(later.session.run).toMatchObject({ status: 'paused' })
    now += 1000
    const answered = expectOk(await api.call('emulator.send', { ...t, event: { type: 'text', text: 'Asha' } }))
    expect(answered.session.messages.at(-1)).toMatchObject({ direction: 'out', createdAt: now + 2.5 * HOUR })
    const log = expectOk(await api.call('logs.run', { runId: started.session.run!.id }))
    expect(log.run).toMatchObject({ status: 'ended', endedAt: now + 2.5 * HOUR })
  })

  it('refuses "to the due time" when nothing waits on time, leaving the clock where it was', async () => {
    const t = await askFlow(api)
    expectOk(await api.call('emulator.start', { ...t, trigger: { kind: 'keyword', text: 'ask' } }))
    const r = await api.call('emulator.skip', { ...t, to: { kind: 'due' } })
    expect(!r.ok && r.error).toMatchObject({
      code: 'nothing_due',
      message: expect.stringMatching(/does not wait on time/),
    })
    expect(expectOk(await api.call('emulator.session', { ...t })).clockOffsetMs).toBe(0)
  })

  it('takes only whole amounts from a second to a year, and nothing it does not know', async () => {
    const t = await askFlow(api)
    for (const to of [
      { kind: 'by', ms: 999 },
      { kind: 'by', ms: 367 * 24 * HOUR },
      { kind: 'by', ms: 1.5 },
      { kind: 'soon' },
    ]) {
      const r = await api.call('emulator.skip', { ...t, to } as never)
      expect(!r.ok && r.error.code, JSON.stringify(to)).toBe('bad_request')
    }
    const extra = await api.call('emulator.skip', { ...t, to: { kind: 'by', ms: HOUR }, at: 1 } as never)
    expect(!extra.ok && extra.error.code).toBe('bad_request')
    const gone = await api.call('emulator.skip', { ...t, flowId: 'nope', to: { kind: 'by', ms: HOUR } })
    expect(!gone.ok && gone.error.code).toBe('not_found')
    expect(expectOk(await api.call('emulator.session', { ...t })).clockOffsetMs).toBe(0)
  })

  it('is kept across a restart, so later steps are never stamped before earlier ones', async () => {
    const t = await askFlow(api)
    expectOk(await api.call('emulator.skip', { ...t, to: { kind: 'by', ms: 3 * HOUR } }))
    expectOk(await api.call('emulator.skip', { ...t, to: { kind: 'by', ms: HOUR } }))
    api = await temp.reopen()
    expect(expectOk(await api.call('emulator.session', { ...t })).clockOffsetMs).toBe(4 * HOUR)
    // Another test contact keeps real time.
    const other = expectOk(await api.call('emulator.newContact', {}))
    expect(expectOk(await api.call('emulator.session', { ...t, contactId: other.id })).clockOffsetMs).toBe(0)
  })

  it('skips to the due time: a Wait goes on, an unanswered Question takes its timeout path, and the saved test waits too', async () => {
    const created = expectOk(await api.call('flows.create', { name: 'Feedback' }))
    const document = buildFlow(
      [
        { type: 'trigger', name: 'trigger_1', config: { kind: 'keyword', keywords: ['hi'] } },
        { type: 'wait', name: 'later', config: { mode: 'duration', duration: '2h' } },
        { type: 'question', name: 'how', config: { prompt: 'How was it?', saveTo: 'how', noReplyWithin: '30m' } },
        { type: 'message', name: 'thanks', config: { text: 'Thanks!' } },
        { type: 'message', name: 'nudge', config: { text: 'Still there?' } },
      ],
      [
        ['trigger_1', 'out', 'later'],
        ['later', 'out', 'how'],
        ['how', 'out', 'thanks'],
        ['how', 'timeout', 'nudge'],
      ],
      { id: created.id, name: 'Feedback', active: true },
    )
    expectOk(await api.call('flows.save', { document, expectedRevision: created.revision }))
    const contact = expectOk(await api.call('emulator.contact', {}))
    const t = { flowId: created.id, contactId: contact.id }
    const started = expectOk(await api.call('emulator.start', { ...t, trigger: { kind: 'keyword', text: 'hi' } }))
    expect(started.session.run).toMatchObject({ status: 'paused', waitingNodeId: 'n_later', wakeAt: now + 2 * HOUR })

    const woke = expectOk(await api.call('emulator.skip', { ...t, to: { kind: 'due' } }))
    expect(woke).toMatchObject({ action: 'resumed', skippedMs: 2 * HOUR, notice: null })
    expect(woke.session.run).toMatchObject({ waitingNodeId: 'n_how', wakeAt: now + 2.5 * HOUR })
    expect(JSON.stringify(woke.session.messages.at(-1)!.payload)).toContain('How was it?')

    const early = expectOk(await api.call('emulator.skip', { ...t, to: { kind: 'by', ms: 10 * 60_000 } }))
    expect(early.action).toBe('ignored')
    expect(early.notice).toBe('Skipped 10 min; the conversation still waits (due in 20 min).')
    expect(early.session.run).toMatchObject({ status: 'paused', waitingNodeId: 'n_how' })

    const timedOut = expectOk(await api.call('emulator.skip', { ...t, to: { kind: 'due' } }))
    expect(timedOut).toMatchObject({ action: 'resumed', skippedMs: 20 * 60_000 })
    expect(timedOut.session.run).toMatchObject({ status: 'ended', endReason: 'completed', wakeAt: null })
    expect(JSON.stringify(timedOut.session.messages.at(-1)!.payload)).toContain('Still there?')
    expect(timedOut.session.trace.find((e) => e.nodeName === 'how' && e.phase === 'resume')?.port).toBe('timeout')

    const saved = expectOk(await api.call('emulator.saveTest', { ...t, name: 'nobody answers' }))
    // The skip of 10 min that woke nothing is a turn of its own, and the timeout's wait counts from it.
    expect(saved.yaml).toMatch(
      /- wait: 2h\n\s+bot:[^]*How was it\?[^]*- wait: 10m\n\s+bot: \[\]\n\s+- wait: 20m\n\s+bot:[^]*Still there\?/,
    )
    const [ran] = expectOk(await api.call('emulator.runTests', { flowId: t.flowId }))
    expect(ran!.lastRun).toMatchObject({ passed: true, failures: [] })
  })

  it('records a skip that woke nothing as a wait, so the saved test replays to the same end', async () => {
    const t = await askFlow(api)
    expectOk(await api.call('emulator.start', { ...t, trigger: { kind: 'keyword', text: 'ask' } }))
    now += 5000
    // Nobody answers for a day and an hour: the question waits for the customer only, nothing wakes, the window
    // closes and the conversation expires.
    const skipped = expectOk(await api.call('emulator.skip', { ...t, to: { kind: 'by', ms: 25 * HOUR } }))
    expect(skipped.action).toBe('ignored')
    expect(skipped.session.run).toMatchObject({ status: 'ended', endReason: 'expired' })
    const saved = expectOk(await api.call('emulator.saveTest', { ...t, name: 'nobody answers for a day' }))
    // The tester's 5 s before skipping count too: the wait is from the question to the skip's time.
    expect(saved.yaml).toMatch(/bot:[^]*Name\?[^]*- wait: 1d 1h 5s\n\s+bot: \[\]\n[^]*end:\n\s+state: ended/)
    const [ran] = expectOk(await api.call('emulator.runTests', { flowId: t.flowId }))
    expect(ran!.lastRun).toMatchObject({ passed: true, failures: [] })
  })

  it('places a skip that woke nothing before the answer that came after it', async () => {
    const t = await askFlow(api)
    expectOk(await api.call('emulator.start', { ...t, trigger: { kind: 'keyword', text: 'ask' } }))
    expectOk(await api.call('emulator.skip', { ...t, to: { kind: 'by', ms: 3 * HOUR } }))
    expectOk(await api.call('emulator.send', { ...t, event: { type: 'text', text: 'Asha' } }))
    const saved = expectOk(await api.call('emulator.saveTest', { ...t, name: 'answers later' }))
    expect(saved.yaml).toMatch(/Name\?[^]*- wait: 3h\n\s+bot: \[\]\n\s+- user: Asha\n\s+bot:[^]*Hi Asha/)
    const [ran] = expectOk(await api.call('emulator.runTests', { flowId: t.flowId }))
    expect(ran!.lastRun).toMatchObject({ passed: true, failures: [] })
  })
})
