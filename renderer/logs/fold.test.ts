import { describe, expect, it } from 'vitest'
import type { TraceEvent } from '../../shared/engine'
import { foldCalls, stepsInside, type TraceRow } from './fold'

let seq = 0
const ev = (nodeName: string, depth = 0, phase: 'run' | 'resume' = 'run'): TraceEvent => ({
  runId: 'r',
  seq: seq++,
  nodeId: `n_${nodeName}`,
  nodeName,
  nodeType: 'message',
  phase,
  input: null,
  output: null,
  port: 'out',
  startedAt: 0,
  durationMs: 1,
  error: null,
  warnings: [],
  messageIds: [],
  ...(depth ? { flowId: `f${depth}`, depth } : {}),
})

const shape = (rows: TraceRow[]): unknown[] =>
  rows.map((r) => (r.children.length ? [r.event.nodeName, shape(r.children)] : r.event.nodeName))

describe('Flow Logs fold the steps of a call under it', () => {
  it('puts each run of deeper steps under the call before it, at every depth; the call resumes at its own', () => {
    const trace = [
      ev('trigger_1'),
      ev('call_verify'),
      ev('ask', 1),
      ev('inner', 1),
      ev('send', 2),
      ev('end_sms', 2),
      ev('inner', 1, 'resume'),
      ev('ask', 1, 'resume'),
      ev('end_ok', 1),
      ev('call_verify', 0, 'resume'),
      ev('done'),
    ]
    const rows = foldCalls(trace)
    expect(shape(rows)).toEqual([
      'trigger_1',
      ['call_verify', ['ask', ['inner', ['send', 'end_sms']], 'inner', 'ask', 'end_ok']],
      'call_verify',
      'done',
    ])
    expect(stepsInside(rows[1]!)).toBe(7)
  })

  it('leaves a trace without calls flat, and keeps steps whose call is not in the trace visible', () => {
    expect(shape(foldCalls([ev('a'), ev('b')]))).toEqual(['a', 'b'])
    expect(shape(foldCalls([ev('deep', 2), ev('back')]))).toEqual(['deep', 'back'])
  })
})
