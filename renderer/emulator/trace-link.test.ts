import { describe, expect, it } from 'vitest'
import type { EmulatorMessage } from '../../shared/api/commands/emulator'
import {
  resumeRun,
  sentMessages,
  startRun,
  type InboundEvent,
  type StepResult,
  type TraceEvent,
} from '../../shared/engine'
import { ASHA, buildFlow, testDeps } from '../../shared/engine/testing/fixtures'
import { traceOfMessage } from './trace-link'

// A real run through the engine, stored the way the hosts store it (each message under its id), then read as the
// emulator reads it: every bot bubble names the step that sent it, whatever the node type.
const flow = buildFlow(
  [
    { type: 'trigger', name: 'trigger_1', config: { kind: 'manual' } },
    { type: 'message', name: 'hello', config: { text: 'Hello' } },
    { type: 'condition', name: 'check', config: { rules: [{ left: 'x', operator: 'is_not_empty' }] } },
    {
      type: 'interactive_message',
      name: 'pick',
      config: {
        body: 'Pick one',
        buttons: [
          { id: 'a', title: 'A' },
          { id: 'b', title: 'B' },
        ],
      },
    },
    { type: 'message', name: 'bad', config: { text: '{{nothing.here}}' } },
    { type: 'message', name: 'done', config: { text: 'Done' } },
  ],
  [
    ['trigger_1', 'out', 'hello'],
    ['hello', 'out', 'check'],
    ['check', 'true', 'pick'],
    ['pick', 'a', 'done'],
  ],
)

function conversation(steps: Array<{ step: StepResult; inbound?: InboundEvent }>) {
  const messages: EmulatorMessage[] = []
  const trace: TraceEvent[] = []
  for (const { step, inbound } of steps) {
    if (inbound)
      messages.push({
        seq: messages.length,
        id: null,
        direction: 'in',
        type: inbound.type,
        payload: inbound,
        createdAt: 0,
      })
    for (const { id, message } of sentMessages(step))
      messages.push({ seq: messages.length, id, direction: 'out', type: message.type, payload: message, createdAt: 0 })
    trace.push(...step.trace)
  }
  return { messages, trace }
}

describe('bot message to trace step', () => {
  it('links each bot bubble to the step that sent it: a resend after a wrong answer, silent steps skipped', async () => {
    const { deps } = testDeps()
    const first = await startRun(flow, { contact: ASHA, trigger: { kind: 'manual' } }, deps)
    const wrong: InboundEvent = { type: 'text', text: 'neither' }
    const again = await resumeRun(flow, first.state, wrong, ASHA, deps)
    const tap: InboundEvent = { type: 'button_reply', reply: { id: 'a', title: 'A' } }
    const last = await resumeRun(flow, again.state, tap, ASHA, deps)
    const { messages, trace } = conversation([
      { step: first },
      { step: again, inbound: wrong },
      { step: last, inbound: tap },
    ])

    const linked = messages.map((m) => {
      const t = traceOfMessage(m, trace)
      return t ? `${t.nodeName}/${t.phase}` : null
    })
    expect(linked).toEqual(['hello/run', 'pick/run', null, 'pick/resume', null, 'done/run'])
  })

  it('links nothing for a message stored before messages had ids', () => {
    const old: EmulatorMessage = {
      seq: 0,
      id: null,
      direction: 'out',
      type: 'text',
      payload: { type: 'text', text: { body: 'Hello' } },
      createdAt: 0,
    }
    expect(traceOfMessage(old, [])).toBeNull()
    expect(traceOfMessage(undefined, [])).toBeNull()
  })
})
