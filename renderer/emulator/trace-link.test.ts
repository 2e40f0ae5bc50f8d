import { describe, expect, it } from 'vitest'
import type { EmulatorMessage } from '../../shared/api/commands/emulator'
import type { TraceEvent } from '../../shared/engine'
import { traceOfMessage } from './trace-link'

const ev = (seq: number, nodeType: string, phase: 'run' | 'resume', port: string | null, error = false) =>
  ({ runId: 'r', seq, nodeId: `n${seq}`, nodeName: `n${seq}`, nodeType, phase, input: null, output: null, port, startedAt: 0, durationMs: 0, error: error ? { code: 'x', message: 'x' } : null, warnings: [] }) as TraceEvent
const msg = (direction: 'in' | 'out'): EmulatorMessage =>
  direction === 'in'
    ? { seq: 0, direction, type: 'text', payload: { type: 'text', text: 'hi' }, createdAt: 0 }
    : { seq: 0, direction, type: 'text', payload: { type: 'text', text: { body: 'hello' } }, createdAt: 0 }

describe('message to trace step', () => {
  it('pairs each bot message with the step that sent it, skipping silent and failed steps', () => {
    const trace = [
      ev(0, 'trigger', 'run', 'out'),
      ev(1, 'interactive_message', 'run', null),
      ev(2, 'interactive_message', 'resume', null), // wrong answer: buttons sent again
      ev(3, 'interactive_message', 'resume', 'a'),
      ev(4, 'condition', 'run', 'true'),
      ev(5, 'message', 'run', null, true),
      ev(6, 'message', 'run', 'out'),
    ]
    const messages = [msg('in'), msg('out'), msg('in'), msg('out'), msg('in'), msg('out')]
    expect(traceOfMessage(messages, trace, 0)).toBeNull()
    expect(traceOfMessage(messages, trace, 1)!.seq).toBe(1)
    expect(traceOfMessage(messages, trace, 3)!.seq).toBe(2)
    expect(traceOfMessage(messages, trace, 5)!.seq).toBe(6)
  })
})
