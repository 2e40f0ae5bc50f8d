// A person taking over in the studio (issue #37): the emulator plays the person (take over, write, hand back with
// variables), the bot stays silent meanwhile with the customer's messages kept for the person, the Hand over node's
// "back after" runs on the emulator's clock, and the Contacts screen's commands list, show and refuse. Real back end,
// real SQLite file; time is the back end's injected `now`.
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

async function supportFlow(returnAfter = '') {
  const created = expectOk(await api.call('flows.create', { name: 'Support' }))
  const document = buildFlow(
    [
      { type: 'trigger', name: 'trigger_1', config: { kind: 'keyword', keywords: ['help'] } },
      {
        type: 'hand_over',
        name: 'to_person',
        config: { message: 'Someone will answer.', note: 'refund', returnAfter },
      },
      { type: 'message', name: 'back', config: { text: 'Back with the bot ({{resolved}})' } },
    ],
    [
      ['trigger_1', 'out', 'to_person'],
      ['to_person', 'returned', 'back'],
    ],
    { id: created.id, name: 'Support', active: true },
  )
  expectOk(await api.call('flows.save', { document, expectedRevision: created.revision }))
  const contact = expectOk(await api.call('emulator.contact', {}))
  return { flowId: created.id, contactId: contact.id }
}

const bodies = (messages: Array<{ direction: string; payload: unknown }>) =>
  messages.filter((m) => m.direction === 'out').map((m) => (m.payload as { text?: { body: string } }).text?.body)

describe('a person in the emulator', () => {
  it('takes over at the Hand over node, keeps the customer for the person, and hands back with variables', async () => {
    const t = await supportFlow()
    const started = expectOk(await api.call('emulator.start', { ...t, trigger: { kind: 'keyword', text: 'help' } }))
    expect(bodies(started.session.messages)).toEqual(['Someone will answer.'])
    expect(started.session.person?.handover).toMatchObject({ by: 'node', note: 'refund', until: null })
    now += 60_000
    const held = expectOk(await api.call('emulator.send', { ...t, event: { type: 'text', text: 'help' } }))
    expect(held.action).toBe('ignored')
    expect(bodies(held.session.messages)).toEqual(['Someone will answer.'])
    expect(held.session.contact.lastInboundAt).toBe(now)
    const replied = expectOk(await api.call('emulator.personReply', { ...t, text: 'I refunded you' }))
    expect(replied.person?.messages.map((m) => [m.direction, m.message])).toEqual([
      ['in', expect.objectContaining({ type: 'text', text: 'help' })],
      ['out', { type: 'text', text: { body: 'I refunded you' } }],
    ])
    const open = expectOk(await api.call('handovers.list', {})).handovers
    expect(open).toMatchObject([{ contactId: t.contactId, contactName: 'Test Customer', endedAt: null }])

    now += 60_000
    const back = expectOk(await api.call('emulator.handBack', { ...t, variables: { resolved: 'yes' } }))
    expect(back.action).toBe('resumed')
    // The person's reply is one of the run's messages, in its place, marked as the person's (Flow Logs show it so).
    expect(bodies(back.session.messages)).toEqual(['Someone will answer.', 'I refunded you', 'Back with the bot (yes)'])
    const logged = expectOk(await api.call('logs.run', { runId: back.session.run!.id })).messages
    expect(logged.filter((m) => m.direction === 'out').map((m) => m.author ?? 'bot')).toEqual(['bot', 'person', 'bot'])
    expect(logged.find((m) => m.author === 'person')).toMatchObject({ createdAt: now - 60_000 })
    expect(back.session.person).toBeNull()
    expect(back.session.run).toMatchObject({ status: 'ended', vars: { resolved: 'yes' } })
    const step = back.session.trace.find((e) => e.nodeName === 'to_person' && e.phase === 'resume')
    expect(step).toMatchObject({ port: 'returned', output: { handover: { by: 'studio', durationMs: 120_000 } } })
    expect(expectOk(await api.call('handovers.list', {})).handovers).toEqual([])
    const all = expectOk(await api.call('handovers.list', { open: false })).handovers
    expect(all).toMatchObject([{ endedBy: 'studio', endedAt: now }])
    const transcript = expectOk(await api.call('handovers.transcript', { id: all[0]!.id }))
    expect(transcript.messages).toHaveLength(2)
  })

  it("the node's 'back after' runs on the emulator's clock: skipping to it hands back by timeout", async () => {
    const t = await supportFlow('2h')
    const started = expectOk(await api.call('emulator.start', { ...t, trigger: { kind: 'keyword', text: 'help' } }))
    expect(started.session.run?.wakeAt).toBe(now + 2 * HOUR)
    const woke = expectOk(await api.call('emulator.skip', { ...t, to: { kind: 'due' } }))
    expect(woke.action).toBe('resumed')
    expect(bodies(woke.session.messages)).toEqual(['Someone will answer.', 'Back with the bot ()'])
    expect(woke.session.person).toBeNull()
    const all = expectOk(await api.call('handovers.list', { open: false })).handovers
    expect(all).toMatchObject([{ endedBy: 'timeout', endedAt: now + 2 * HOUR }])
  })

  it("a tester's start ends the takeover and starts again", async () => {
    const t = await supportFlow()
    expectOk(await api.call('emulator.start', { ...t, trigger: { kind: 'keyword', text: 'help' } }))
    const first = expectOk(await api.call('handovers.list', {})).handovers[0]!
    now += 1000
    const again = expectOk(await api.call('emulator.start', { ...t, trigger: { kind: 'keyword', text: 'help' } }))
    expect(again.action).toBe('started')
    expect(again.session.person?.handover.id).not.toBe(first.id)
    const all = expectOk(await api.call('handovers.list', { open: false })).handovers
    expect(all.map((h) => h.endedBy)).toEqual([null, 'studio'])
  })
})

describe('ending the Hand over run', () => {
  it("the emulator's Restart ends the run and its takeover with it", async () => {
    const t = await supportFlow()
    expectOk(await api.call('emulator.start', { ...t, trigger: { kind: 'keyword', text: 'help' } }))
    const restarted = expectOk(await api.call('emulator.restart', t))
    expect(restarted.person).toBeNull()
    expect(expectOk(await api.call('handovers.list', { open: false })).handovers).toMatchObject([{ endedBy: 'studio' }])
  })
})

describe('a person from the Contacts screen', () => {
  it('takes over while a Question waits: the answer is held, the hand-back leaves the Question waiting', async () => {
    const t = await askFlow(api, { started: true })
    const taken = expectOk(await api.call('handovers.start', { contactId: t.contactId, note: 'VIP' }))
    expect(taken.handover).toMatchObject({ by: 'studio', note: 'VIP', runId: null, contactName: 'Test Customer' })
    const twice = await api.call('handovers.start', { contactId: t.contactId })
    expect(!twice.ok && twice.error).toMatchObject({ code: 'already_with_person', message: expect.any(String) })
    const held = expectOk(await api.call('emulator.send', { ...t, event: { type: 'text', text: 'Asha' } }))
    expect(held.action).toBe('ignored')
    const back = expectOk(await api.call('handovers.handBack', { contactId: t.contactId, variables: { x: 1 } }))
    expect(back).toMatchObject({ handback: { by: 'studio', variables: { x: 1 } }, resumed: null })
    const answered = expectOk(await api.call('emulator.send', { ...t, event: { type: 'text', text: 'Asha' } }))
    expect(answered.action).toBe('resumed')
    expect(bodies(answered.session.messages).at(-1)).toBe('Hi Asha')
  })

  it('refuses a hand-back or a reply when no person has the conversation, and bad input, with a clear code', async () => {
    const t = await askFlow(api)
    const back = await api.call('handovers.handBack', { contactId: t.contactId })
    expect(!back.ok && back.error.code).toBe('not_with_person')
    const reply = await api.call('handovers.reply', { contactId: t.contactId, text: 'hi' })
    expect(!reply.ok && reply.error.code).toBe('not_with_person')
    const empty = await api.call('handovers.reply', { contactId: t.contactId, text: '  ' })
    expect(!empty.ok && empty.error.code).toBe('bad_request')
    const nobody = await api.call('handovers.start', { contactId: 'ct_nobody' })
    expect(!nobody.ok && nobody.error.code).toBe('not_found')
    const unknown = await api.call('handovers.transcript', { id: 'hnd_nope' })
    expect(!unknown.ok && unknown.error.code).toBe('not_found')
  })

  it('a reply goes only inside the 24-hour window since the customer last wrote, as the channel allows', async () => {
    const t = await askFlow(api, { started: true })
    expectOk(await api.call('handovers.start', { contactId: t.contactId }))
    expectOk(await api.call('emulator.send', { ...t, event: { type: 'text', text: 'anyone there?' } }))
    const inside = expectOk(await api.call('handovers.reply', { contactId: t.contactId, text: 'Yes, hello' }))
    expect(inside.message).toMatchObject({ direction: 'out' })
    now += 25 * HOUR
    const late = await api.call('handovers.reply', { contactId: t.contactId, text: 'Still there?' })
    expect(!late.ok && late.error).toMatchObject({
      code: 'outside_window',
      message: expect.stringContaining('24 hours'),
    })
  })

  it("blocks an operator's start of a contact with a person; the emulator's own start ends the takeover", async () => {
    const t = await askFlow(api)
    const contact = expectOk(await api.call('emulator.contact', {}))
    expectOk(await api.call('handovers.start', { contactId: t.contactId }))
    const manual = expectOk(
      await api.call('manual.trigger', { flowId: t.flowId, contacts: [{ phone: contact.phone }] }),
    )
    expect(manual.results[0]).toMatchObject({ status: 'blocked', error: { code: 'with_person' } })
    const session = expectOk(await api.call('emulator.start', { ...t, trigger: { kind: 'manual', data: {} } }))
    expect(session.action).toBe('started')
    expect(expectOk(await api.call('handovers.list', {})).handovers).toEqual([])
  })
})
