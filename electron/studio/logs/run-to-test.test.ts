import { describe, expect, it } from 'vitest'
import type { LogTrace } from '../../../shared/api/commands/logs'
import type { TraceEvent } from '../../../shared/engine'
import { answeredOtherwise, mocksOf, runToTest } from './run-to-test'

// The conversion on its own: which trace events become mocks and how, the clock, the window and the contact.

let seq = 0
const ev = (nodeName: string, nodeType: string, output: unknown, port: string | null, error?: string): TraceEvent => ({
  runId: 'run_1',
  seq: seq++,
  nodeId: `n_${nodeName}`,
  nodeName,
  nodeType,
  phase: 'run',
  input: {},
  output,
  port,
  startedAt: 0,
  durationMs: 1,
  error: error ? { code: 'x', message: error, nodeId: `n_${nodeName}`, nodeName } : null,
  warnings: [],
  messageIds: [],
})

describe('mocksOf', () => {
  it('mocks HTTP answers (any status), a request without answer, and Scripts from their first run', () => {
    const trace = [
      ev(
        'lookup',
        'http_call',
        { status: 404, ok: false, result: { e: 1 }, headers: {}, error: {} },
        'failure',
        'The server answered 404.',
      ),
      ev(
        'down',
        'http_call',
        { status: 0, ok: false, result: null, headers: {}, error: {} },
        'failure',
        'connect ECONNREFUSED',
      ),
      ev('price', 'script', { band: 'big', console: ['hi'] }, 'success'),
      ev('price', 'script', { band: 'small' }, 'success'),
      ev('broken', 'script', { line: 1, column: 2 }, 'failure', 'x is not defined'),
      ev('say', 'message', null, 'out'),
    ]
    expect(mocksOf(trace, 'replay')).toEqual({
      lookup: { response: { status: 404, body: { e: 1 } } },
      down: { error: 'connect ECONNREFUSED' },
      price: { output: { band: 'big' }, port: 'success' },
      broken: { error: 'x is not defined' },
    })
    expect(Object.keys(mocksOf(trace, 'run'))).toEqual(['lookup', 'down'])
    // The Script answered otherwise on its second run: said in the saved test's header, since a mock is one per node.
    expect(answeredOtherwise(trace, 'replay')).toEqual(['price'])
    expect(answeredOtherwise(trace, 'run')).toEqual([])
  })
})

describe('runToTest', () => {
  const log = (over: Partial<LogTrace> = {}): LogTrace => ({
    run: {
      id: 'run_1',
      flowId: 'flw_1',
      flowName: 'Orders',
      contact: { id: 'ct_1', name: 'Now Renamed', phone: '+15550001111' },
      status: 'ended',
      triggerKind: 'webhook',
      endReason: 'completed',
      error: null,
      nodeCount: 1,
      execMs: 1,
      startedAt: Date.UTC(2026, 10, 30, 15),
      updatedAt: 0,
      endedAt: 0,
      failedDeliveries: 0,
      wakeAt: null,
      cursor: { startedAt: 0, seq: 0 },
    },
    trace: [ev('say', 'message', null, 'out')],
    messages: [
      { direction: 'out', id: 'm1', payload: { type: 'text', text: { body: 'Hello' } } } as LogTrace['messages'][0],
    ],
    vars: { customer_name: 'Kim', customer_phone: '+447700900123' },
    totalMs: 1,
    path: [],
    trigger: { kind: 'webhook', phone_number: '+447700900123', data: { order: 'B-1' } },
    triggerNodeId: null,
    ...over,
  })

  it('writes the run’s clock, the contact as the run knew it, and the window with when they last wrote', () => {
    const last = Date.UTC(2026, 10, 29, 18)
    const t = runToTest(log(), {
      name: 'x',
      scripts: 'replay',
      window: { lastInboundAt: last, optedIn: true },
      fields: { tier: 'gold' },
    })
    expect(t).toMatchObject({
      now: '2026-11-30T15:00:00.000Z',
      window: 'enforce',
      contact: {
        name: 'Kim',
        phone: '+447700900123',
        lastInboundAt: '2026-11-29T18:00:00.000Z',
        fields: { tier: 'gold' },
      },
      trigger: { webhook: { data: { order: 'B-1' } } },
      turns: [{ bot: [{ text: 'Hello' }] }],
      end: { state: 'ended' },
    })
    const closed = runToTest(log(), { name: 'x', scripts: 'replay', window: { lastInboundAt: null, optedIn: false } })
    expect(closed.contact).toEqual({ name: 'Kim', phone: '+447700900123', optedIn: false })
    expect(runToTest(log(), { name: 'x', scripts: 'replay' }).window).toBeUndefined()
  })
})
