import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createTempBackend, expectOk, type TempBackend } from '../testing/backend'
import type { Backend } from '../backend'
import { saveOrdersFlow } from '../testing/orders-flow'

// The logs commands over runs the real engine wrote through the emulator commands: ended, paused, and failed at an
// HTTP Call that could not connect (port 1 on loopback refuses).

let temp: TempBackend
let api: Backend
let now: number

beforeEach(() => {
  now = Date.UTC(2026, 0, 1, 9)
  temp = createTempBackend({ now: () => now })
  api = temp.backend
})
afterEach(() => temp.cleanup())

const setup = () => saveOrdersFlow(api)

describe('logs commands over emulator runs', () => {
  it('lists paused, ended and failed runs newest first, filters them and opens each trace', async () => {
    const t = await setup()
    const start = async (mode: string) => {
      now += 1000
      return expectOk(await api.call('emulator.start', { ...t, trigger: { kind: 'manual', data: { mode } } })).session
        .run!.id
    }
    const asked = await start('ask')
    now += 1000
    expectOk(await api.call('emulator.send', { ...t, event: { type: 'text', text: 'A-77' } }))
    const failed = await start('http')
    // Last: a new start would supersede (end) the contact's paused run.
    const paused = await start('ask')

    const list = expectOk(await api.call('logs.list', { flowId: t.flowId }))
    expect(list.runs.map((r) => [r.id, r.status, r.triggerKind])).toEqual([
      [paused, 'paused', 'manual'],
      [failed, 'failed', 'manual'],
      [asked, 'ended', 'manual'],
    ])
    expect(list.next).toBeNull()
    expect(list.runs[0]!.contact.name).toBe('Test Customer')

    const byState = expectOk(await api.call('logs.list', { flowId: t.flowId, filter: { status: ['failed'] } }))
    expect(byState.runs.map((r) => r.id)).toEqual([failed])
    const byText = expectOk(await api.call('logs.list', { flowId: t.flowId, filter: { text: 'a-77' } }))
    expect(byText.runs.map((r) => r.id)).toEqual([asked])

    const ended = expectOk(await api.call('logs.run', { runId: asked }))
    expect(ended.trace.map((e) => [e.nodeName, e.phase, e.port])).toEqual([
      ['trigger_1', 'run', 'out'],
      ['which', 'run', 'true'],
      ['ask', 'run', null],
      ['ask', 'resume', 'out'],
      ['thanks', 'run', 'out'],
    ])
    expect(ended.vars).toMatchObject({ order: 'A-77' })
    expect(ended.messages.map((m) => m.direction)).toEqual(['out', 'in', 'out'])
    expect(JSON.stringify(ended.messages.at(-1)!.payload)).toContain('Thanks A-77')
    expect(ended.totalMs).toBeCloseTo(ended.trace.reduce((s, e) => s + e.durationMs, 0))

    const failure = expectOk(await api.call('logs.run', { runId: failed }))
    expect(failure.trace.at(-1)).toMatchObject({ nodeName: 'lookup', nodeType: 'http_call' })
    expect(failure.trace.at(-1)!.error?.code).toBeTruthy()
    expect(failure.run.error?.code).toBe(failure.trace.at(-1)!.error?.code)
    expect(failure.path).toEqual(failure.trace.map((e) => e.nodeId))

    const missing = await api.call('logs.run', { runId: 'r_nope' })
    expect(missing.ok ? null : missing.error.code).toBe('not_found')
    expect(expectOk(await api.call('logs.facets', { flowId: t.flowId }))).toEqual({ triggerKinds: ['manual'] })
  })

  it('exports one run or a filtered list as JSON, and purges finished runs, telling listeners', async () => {
    const t = await setup()
    const events: unknown[] = []
    api.on('logs.changed', (p) => events.push(p))
    const ids: string[] = []
    for (const mode of ['http', 'http', 'ask']) {
      now += 1000
      ids.push(
        expectOk(await api.call('emulator.start', { ...t, trigger: { kind: 'manual', data: { mode } } })).session.run!
          .id,
      )
    }
    const one = expectOk(await api.call('logs.export', { runId: ids[0]! }))
    expect(one).toMatchObject({ format: 'chatflow-logs', version: 1, truncated: false, flowId: t.flowId })
    expect(one.runs[0]!.run.id).toBe(ids[0])
    expect(one.runs[0]!.run).not.toHaveProperty('cursor')
    expect(JSON.parse(JSON.stringify(one))).toEqual(one)

    const failedOnly = expectOk(
      await api.call('logs.export', { flowId: t.flowId, filter: { status: ['failed'] }, limit: 1 }),
    )
    expect(failedOnly.runs.map((r) => r.run.id)).toEqual([ids[1]])
    expect(failedOnly.truncated).toBe(true)
    expect(failedOnly.runs[0]!.trace.length).toBeGreaterThan(0)

    expect(expectOk(await api.call('logs.purge', { flowId: t.flowId }))).toEqual({ deleted: 2 })
    const left = expectOk(await api.call('logs.list', { flowId: t.flowId }))
    expect(left.runs.map((r) => r.status)).toEqual(['paused'])
    expect(events).toEqual([{ flowId: t.flowId, deleted: 2 }])
  })

  it('saves a logged run as a conversation test that then passes', async () => {
    const t = await setup()
    now += 1000
    expectOk(await api.call('emulator.start', { ...t, trigger: { kind: 'manual', data: { mode: 'ask' } } }))
    now += 1000
    const runId = expectOk(await api.call('emulator.send', { ...t, event: { type: 'text', text: 'B-12' } })).session
      .run!.id
    const saved = expectOk(await api.call('logs.saveTest', { runId, name: 'from the logs' }))
    expect(saved).toMatchObject({ flowId: t.flowId, name: 'from the logs' })
    expect(saved.yaml).toContain('B-12')
    const results = expectOk(await api.call('emulator.runTests', { flowId: t.flowId, ids: [saved.id] }))
    expect(results.find((r) => r.id === saved.id)?.lastRun).toMatchObject({ passed: true, failures: [] })
    const again = await api.call('logs.saveTest', { runId, name: 'from the logs' })
    expect(again.ok ? null : again.error.code).toBe('conflict')
    const missing = await api.call('logs.saveTest', { runId: 'r_nope', name: 'x' })
    expect(missing.ok ? null : missing.error.code).toBe('not_found')
  })

  it('saves a retention policy and applies it at once', async () => {
    expect(expectOk(await api.call('logs.retention.get', {}))).toEqual({ days: null, keepLast: null })
    const t = await setup()
    for (const mode of ['http', 'http', 'http']) {
      now += 1000
      expectOk(await api.call('emulator.start', { ...t, trigger: { kind: 'manual', data: { mode } } }))
    }
    expect(expectOk(await api.call('logs.retention.set', { days: null, keepLast: 1 }))).toEqual({
      days: null,
      keepLast: 1,
      deleted: 2,
    })
    expect(expectOk(await api.call('logs.retention.get', {}))).toEqual({ days: null, keepLast: 1 })
    expect(expectOk(await api.call('logs.list', { flowId: t.flowId })).runs).toHaveLength(1)
    const bad = await api.call('logs.retention.set', { days: 0, keepLast: null })
    expect(bad.ok ? null : bad.error.code).toBe('bad_request')
  })
})
