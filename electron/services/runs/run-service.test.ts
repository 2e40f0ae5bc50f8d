import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { buildFlow } from '../../../shared/engine/testing/fixtures'
import { createEffects, WINDOW_MS, type InboundEvent } from '../../../shared/engine'
import { openDatabase, type Database } from '../db/open'
import { RunService } from './run-service'
import { InvalidPhoneError, normalisePhone } from './contacts'

const menu = buildFlow(
  [
    { type: 'trigger', name: 'trigger_1', config: { kind: 'keyword', keywords: ['menu'] } },
    {
      type: 'interactive_message',
      name: 'pick',
      config: {
        body: 'Hi {{customer_name}}',
        buttons: [
          { id: 'a', title: 'Alpha' },
          { id: 'b', title: 'Beta' },
        ],
      },
    },
    { type: 'question', name: 'ask', config: { prompt: 'Name?', saveTo: 'name' } },
    { type: 'message', name: 'bye', config: { text: 'Bye {{name}} ({{button_id}})' } },
  ],
  [
    ['trigger_1', 'out', 'pick'],
    ['pick', 'a', 'ask'],
    ['pick', 'b', 'bye'],
    ['ask', 'out', 'bye'],
  ],
  { id: 'f_menu', name: 'Menu' },
)
const help = buildFlow(
  [
    { type: 'trigger', name: 'trigger_1', config: { kind: 'keyword', keywords: ['help'] } },
    { type: 'message', name: 'm', config: { text: 'Help is here' } },
  ],
  [['trigger_1', 'out', 'm']],
  { id: 'f_help', name: 'Help' },
)
const flows = [menu, help]
const flowOf = (id: string) => flows.find((f) => f.id === id) ?? null
const text = (t: string): InboundEvent => ({ type: 'text', text: t })

let dir: string
let file: string
let db: Database
let now: number
let service: RunService

function open() {
  db = openDatabase(file)
  service = new RunService(db, { effects: createEffects({ clock: { now: () => now } }) })
}

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'chatflow-runs-'))
  file = path.join(dir, 'studio.db')
  now = Date.UTC(2026, 0, 1, 9)
  open()
})
afterEach(() => {
  db.close()
  fs.rmSync(dir, { recursive: true, force: true })
})

describe('RunService on a real SQLite file', () => {
  it('persists a run, its node-by-node trace and the conversation in both directions', async () => {
    const asha = service.contacts.ensure({ phone: '+91 98000 00001', name: 'Asha' })
    const started = await service.receive(asha, text('menu'), flows, flowOf)
    expect(started.action).toBe('started')
    now += 1000
    const tapped = await service.receive(
      asha,
      { type: 'button_reply', reply: { id: 'b', title: 'Beta' } },
      flows,
      flowOf,
    )
    expect(tapped.action).toBe('resumed')
    const runId = tapped.action === 'resumed' ? tapped.step.state.id : ''

    const summary = service.runs.summary(runId)!
    expect(summary).toMatchObject({
      flowId: 'f_menu',
      flowName: 'Menu',
      status: 'ended',
      endReason: 'completed',
      triggerKind: 'keyword',
      contactId: asha.id,
    })
    expect(summary.endedAt).toBe(now)
    expect(summary.execMs).toBeGreaterThan(0)
    const trace = service.runs.trace(runId)
    expect(trace.map((t) => [t.seq, t.nodeName, t.phase, t.port])).toEqual([
      [0, 'trigger_1', 'run', 'out'],
      [1, 'pick', 'run', null],
      [2, 'pick', 'resume', 'b'],
      [3, 'bye', 'run', 'out'],
    ])
    expect(trace[2]!.input).toMatchObject({ event: { type: 'button_reply', reply: { id: 'b' } } })
    expect(service.runs.messages(runId).map((m) => [m.seq, m.direction, m.type])).toEqual([
      [0, 'in', 'text'],
      [1, 'out', 'interactive'],
      [2, 'in', 'button_reply'],
      [3, 'out', 'text'],
    ])
    expect(service.contacts.get(asha.id)!.lastInboundAt).toBe(now)
  })

  it('resumes a paused run after the studio restarts (a new connection and service)', async () => {
    const asha = service.contacts.ensure({ phone: '+919800000001', name: 'Asha' })
    await service.receive(asha, text('menu'), flows, flowOf)
    await service.receive(asha, text('alpha'), flows, flowOf)
    db.close()
    open()
    const paused = service.pausedRun(asha.id)
    expect(paused?.waiting?.nodeId).toBe('n_ask')
    const out = await service.receive(asha, text('Meera'), flows, flowOf)
    expect(out.action === 'resumed' && out.step.messages).toEqual([{ type: 'text', text: { body: 'Bye Meera (a)' } }])
  })

  it('supersedes a paused run when the contact starts another flow, keeping one live run per contact', async () => {
    const asha = service.contacts.ensure({ phone: '+919800000001', name: 'Asha' })
    const first = await service.receive(asha, text('menu'), flows, flowOf)
    const firstId = first.action === 'started' ? first.step.state.id : ''
    const second = await service.receive(asha, text('help'), flows, flowOf)
    expect(second.action).toBe('started')
    expect(service.runs.summary(firstId)).toMatchObject({ status: 'ended', endReason: 'superseded' })
    expect(service.pausedRun(asha.id)).toBeNull()
  })

  it('expires a paused run nobody answered within 24 hours, and the next message starts fresh', async () => {
    const asha = service.contacts.ensure({ phone: '+919800000001', name: 'Asha' })
    const first = await service.receive(asha, text('menu'), flows, flowOf)
    const firstId = first.action === 'started' ? first.step.state.id : ''
    now += WINDOW_MS
    expect(await service.receive(asha, text('alpha'), flows, flowOf)).toEqual({ action: 'ignored' })
    expect(service.runs.summary(firstId)).toMatchObject({ status: 'ended', endReason: 'expired', endedAt: now })
  })

  it('expireStale closes every expired paused run at once', async () => {
    const asha = service.contacts.ensure({ phone: '+919800000001' })
    const ravi = service.contacts.ensure({ phone: '+919800000002' })
    await service.start(menu, { contact: asha, trigger: { kind: 'manual' } })
    await service.start(menu, { contact: ravi, trigger: { kind: 'manual' } })
    now += WINDOW_MS - 1
    expect(service.expireStale()).toEqual([])
    now += 1
    expect(
      service
        .expireStale()
        .map((s) => s.contactId)
        .sort(),
    ).toEqual([asha.id, ravi.id].sort())
    expect(service.runs.list('f_menu', { status: 'paused' })).toEqual([])
  })

  it('keeps two contacts in the same flow apart', async () => {
    const asha = service.contacts.ensure({ phone: '+919800000001', name: 'Asha' })
    const ravi = service.contacts.ensure({ phone: '+919800000002', name: 'Ravi' })
    await service.receive(asha, text('menu'), flows, flowOf)
    await service.receive(ravi, text('menu'), flows, flowOf)
    await service.receive(asha, text('Alpha'), flows, flowOf)
    await service.receive(ravi, text('Alpha'), flows, flowOf)
    const a = await service.receive(asha, text('one'), flows, flowOf)
    const r = await service.receive(ravi, text('two'), flows, flowOf)
    expect(a.action === 'resumed' && a.step.messages[0]).toEqual({ type: 'text', text: { body: 'Bye one (a)' } })
    expect(r.action === 'resumed' && r.step.messages[0]).toEqual({ type: 'text', text: { body: 'Bye two (a)' } })
    expect(
      service.runs
        .list('f_menu')
        .map((s) => s.contactId)
        .sort(),
    ).toEqual([asha.id, ravi.id].sort())
  })

  it('gives a contact’s next run, of the same flow or another, none of the earlier run’s variables', async () => {
    const asha = service.contacts.ensure({ phone: '+919800000001', name: 'Asha' })
    await service.receive(asha, text('menu'), flows, flowOf)
    await service.receive(asha, text('Alpha'), flows, flowOf)
    const done = await service.receive(asha, text('Meera'), flows, flowOf)
    expect(done.action === 'resumed' && done.step.state.vars).toMatchObject({ name: 'Meera', button_id: 'a' })
    const again = await service.receive(asha, text('menu'), flows, flowOf)
    const other = await service.receive(asha, text('help'), flows, flowOf)
    for (const out of [again, other]) {
      expect(out.action).toBe('started')
      const vars = out.action === 'started' ? service.runs.state(out.step.state.id)!.vars : {}
      expect(vars).toMatchObject({ customer_name: 'Asha' })
      for (const name of ['name', 'button_id', '_last_button_payload', '_last_button_text', 'ask'])
        expect(vars).not.toHaveProperty(name)
    }
  })

  it('lists a flow’s runs newest first and filters by state', async () => {
    const asha = service.contacts.ensure({ phone: '+919800000001' })
    await service.start(help, { contact: asha, trigger: { kind: 'manual' } })
    now += 10
    await service.start(menu, { contact: asha, trigger: { kind: 'manual' } })
    now += 10
    await service.start(help, { contact: asha, trigger: { kind: 'manual' } })
    const list = service.runs.list('f_help')
    expect(list).toHaveLength(2)
    expect(list[0]!.startedAt).toBeGreaterThan(list[1]!.startedAt)
    expect(service.runs.list('f_menu', { status: 'ended' })).toHaveLength(1) // superseded by the last start
  })

  it('writes a step all or nothing: a write that fails half-way leaves the run, trace and messages as they were', async () => {
    const asha = service.contacts.ensure({ phone: '+919800000001' })
    const first = await service.receive(asha, text('menu'), flows, flowOf)
    const runId = first.action === 'started' ? first.step.state.id : ''
    const before = {
      summary: service.runs.summary(runId),
      trace: service.runs.trace(runId),
      messages: service.runs.messages(runId),
    }
    const ended = {
      ...(first.action === 'started' ? first.step.state : ({} as never)),
      status: 'ended' as const,
      endReason: 'completed' as const,
    }
    const step = {
      state: ended,
      messages: [{ type: 'text', text: { body: 'never stored' } }],
      // The second event reuses a stored sequence number: its insert fails after the run row and the first event.
      trace: [{ ...before.trace[0]!, seq: 99 }, { ...before.trace[0]! }],
      inbound: text('Alpha'),
    }
    expect(() => service.runs.saveStep(menu, step as never)).toThrow(/UNIQUE/)
    expect(service.runs.summary(runId)).toEqual(before.summary)
    expect(service.runs.trace(runId)).toEqual(before.trace)
    expect(service.runs.messages(runId)).toEqual(before.messages)
    expect(service.pausedRun(asha.id)?.id).toBe(runId)
  })

  it('writes a failed run with its reason and no message from the failing node', async () => {
    const broken = buildFlow(
      [
        { type: 'trigger', name: 'trigger_1', config: { kind: 'manual' } },
        { type: 'message', name: 'm', config: { text: '{{nothing}}' } },
      ],
      [['trigger_1', 'out', 'm']],
      { id: 'f_broken', name: 'Broken' },
    )
    const asha = service.contacts.ensure({ phone: '+919800000001' })
    const step = await service.start(broken, { contact: asha, trigger: { kind: 'manual' } })
    expect(service.runs.summary(step.state.id)).toMatchObject({ status: 'failed', error: { code: 'empty_message' } })
    expect(service.runs.messages(step.state.id)).toEqual([])
    expect(service.runs.trace(step.state.id)[1]!.error).toMatchObject({ code: 'empty_message', nodeName: 'm' })
  })
})

describe('resuming a run that waits on time', () => {
  it('says the run waits on time (a Wait node takes no message), not that it expired', async () => {
    const later = buildFlow(
      [
        { type: 'trigger', name: 'trigger_1', config: { kind: 'keyword', keywords: ['later'] } },
        { type: 'wait', name: 'pause', config: { mode: 'duration', duration: '2h' } },
        { type: 'message', name: 'ask', config: { text: 'How did it go?' } },
      ],
      [
        ['trigger_1', 'out', 'pause'],
        ['pause', 'out', 'ask'],
      ],
      { id: 'f_later', name: 'Later', active: true },
    )
    const asha = service.contacts.ensure({ phone: '+91 98000 00001', name: 'Asha' })
    const started = await service.receive(asha, text('later'), [later], () => later)
    const runId = started.action === 'started' ? started.step.state.id : ''
    expect(service.runs.state(runId)?.status).toBe('paused')
    now += 60_000
    await expect(service.resume(later, runId, text('hello?'))).rejects.toThrow(
      `Run ${runId} waits on time (a Wait node): it takes no message until it is woken.`,
    )
    expect(service.runs.state(runId)?.status).toBe('paused')
  })
})

describe('contacts', () => {
  it('normalises phones with country code and refuses numbers without one', () => {
    expect(normalisePhone(' +91 (980) 000-0001 ')).toBe('+919800000001')
    expect(() => normalisePhone('9800000001')).toThrow(InvalidPhoneError)
  })

  it('finds or creates by phone, and updates name, consent and custom fields', () => {
    const a = service.contacts.ensure({ phone: '+919800000001', name: 'Asha', fields: { city: 'Pune' } })
    expect(service.contacts.ensure({ phone: '+91 9800000001' }).id).toBe(a.id)
    expect(a).toMatchObject({ optedIn: true, fields: { city: 'Pune' }, lastInboundAt: null })
    const b = service.contacts.update(a.id, { optedIn: false, fields: { city: 'Goa' } })
    expect(b).toMatchObject({ name: 'Asha', optedIn: false, fields: { city: 'Goa' } })
  })
})
