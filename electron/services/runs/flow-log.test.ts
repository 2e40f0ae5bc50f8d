// Flow Logs hold the full trace of a run: what SQLite gives back is exactly what the engine produced, step after
// step (every field of every node event), with the run's summary and the conversation in both directions.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, expect, it } from 'vitest'
import { createEffects, sentMessages, type InboundEvent, type StepResult } from '../../../shared/engine'
import { openDatabase, type Database } from '../db/open'
import { exampleFlow } from '../transfer/testing/support'
import { RunService } from './run-service'

const ageGate = exampleFlow('age-gate')

let dir: string
let db: Database
let now: number
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'chatflow-flowlog-'))
  db = openDatabase(path.join(dir, 'studio.db'))
  now = Date.UTC(2026, 0, 1, 9)
})
afterEach(() => {
  db.close()
  fs.rmSync(dir, { recursive: true, force: true })
})

it('stores every step’s trace events field for field, the run summary, and both sides of the conversation', async () => {
  const service = new RunService(db, { effects: createEffects({ clock: { now: () => (now += 7) } }) })
  const asha = service.contacts.ensure({ phone: '+919800000001', name: 'Asha' })
  const events: InboundEvent[] = [
    { type: 'text', text: 'wine', id: 'wamid.1' },
    { type: 'text', text: 'old enough' }, // refused: the retry message
    { type: 'text', text: '16' }, // a minor: the buttons
    { type: 'button_reply', reply: { id: 'retry', title: 'Try again' } },
    { type: 'text', text: '40' },
  ]
  const steps: StepResult[] = []
  for (const e of events) {
    const out = await service.receive(asha, e, [ageGate], () => ageGate)
    if (out.action === 'ignored') throw new Error(`ignored ${JSON.stringify(e)}`)
    steps.push(out.step)
  }
  const runId = steps[0]!.state.id
  expect(new Set(steps.map((s) => s.state.id))).toEqual(new Set([runId]))

  const trace = service.runs.trace(runId)
  expect(trace).toEqual(steps.flatMap((s) => s.trace))
  expect(trace.map((t) => t.seq)).toEqual(trace.map((_, i) => i))
  for (const t of trace) {
    expect(t).toMatchObject({
      runId,
      nodeId: expect.stringMatching(/^n_/),
      nodeName: expect.any(String),
      nodeType: expect.any(String),
    })
    expect(t.startedAt).toBeGreaterThan(0)
    expect(t.durationMs).toBeGreaterThanOrEqual(0)
  }
  const resumeOfButtons = trace.find((t) => t.nodeName === 'too_young' && t.phase === 'resume')!
  expect(resumeOfButtons).toMatchObject({
    port: 'retry',
    input: { event: { type: 'button_reply', reply: { id: 'retry' } } },
  })

  const last = steps.at(-1)!.state
  expect(service.runs.summary(runId)).toMatchObject({
    flowId: ageGate.id,
    flowName: ageGate.name,
    contactId: asha.id,
    status: 'ended',
    endReason: 'completed',
    triggerKind: 'keyword',
    nodeCount: last.nodeCount,
    startedAt: steps[0]!.state.startedAt,
    endedAt: last.endedAt,
  })
  expect(service.runs.summary(runId)!.execMs).toBeCloseTo(
    trace.reduce((sum, t) => sum + t.durationMs, 0),
    6,
  )

  const messages = service.runs.messages(runId)
  // Every inbound message is logged as received, with the id the channel gave it or the one made up offline.
  const inbound = messages.filter((m) => m.direction === 'in').map((m) => m.payload as InboundEvent)
  expect(inbound).toEqual(events.map((e) => ({ ...e, id: e.id ?? expect.stringMatching(/^wamid\.local_/) })))
  expect(new Set(inbound.map((e) => e.id)).size).toBe(events.length)
  expect(messages.filter((m) => m.direction === 'out').map((m) => m.payload)).toEqual(steps.flatMap((s) => s.messages))
  expect(messages.map((m) => m.seq)).toEqual(messages.map((_, i) => i))
  // Each bot message is stored under the id its step names; the customer's carry none.
  expect(messages.filter((m) => m.direction === 'out').map((m) => m.id)).toEqual(
    steps.flatMap((s) => sentMessages(s).map((x) => x.id)),
  )
  expect(messages.filter((m) => m.direction === 'in').map((m) => m.id)).toEqual(events.map(() => null))
  for (const m of messages.filter((x) => x.direction === 'out'))
    expect(trace.filter((t) => t.messageIds.includes(m.id!))).toHaveLength(1)
})
