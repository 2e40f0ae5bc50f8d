import { describe, expect, it } from 'vitest'
import type { LogMessage, LogTrace } from '../../shared/api/commands/logs'
import { replayPlan } from './replay'

let seq = 0
const msg = (direction: 'in' | 'out', payload: Record<string, unknown>): LogMessage => ({
  seq: seq++, direction, type: String(payload.type), payload, createdAt: 0,
})
const trace = (triggerKind: string, messages: LogMessage[]): LogTrace =>
  ({ run: { triggerKind } as LogTrace['run'], trace: [], messages, vars: {}, totalMs: 0, path: [] }) as LogTrace

describe('replayPlan', () => {
  it('starts a keyword run with its first message and sends the later customer messages in order, without the bot side', () => {
    const plan = replayPlan(trace('keyword', [
      msg('in', { type: 'text', text: 'wine', id: 'wamid.1' }),
      msg('out', { type: 'text', text: { body: 'How old are you?' } }),
      msg('in', { type: 'text', text: 'abc' }),
      msg('out', { type: 'text', text: { body: 'Please type your age' } }),
      msg('in', { type: 'button_reply', reply: { id: 'again', title: 'Try again' } }),
    ]))
    expect(plan).toEqual({
      ok: true,
      trigger: { kind: 'keyword', text: 'wine' },
      events: [{ type: 'text', text: 'abc' }, { type: 'button_reply', reply: { id: 'again', title: 'Try again' } }],
    })
  })

  it('turns a button-click start back into the tap the emulator sends', () => {
    const plan = replayPlan(trace('button_click', [msg('in', { type: 'button_reply', reply: { id: 'promo_1', title: 'Yes' } })]))
    expect(plan).toEqual({ ok: true, trigger: { kind: 'button_click', payload: 'promo_1', text: 'Yes' }, events: [] })
  })

  it('refuses runs whose start data is not in the log, and says why', () => {
    const manual = replayPlan(trace('manual', [msg('in', { type: 'text', text: 'hi' })]))
    expect(manual).toMatchObject({ ok: false, reason: expect.stringContaining('manual') })
    expect(replayPlan(trace('keyword', []))).toMatchObject({ ok: false })
    expect(replayPlan(trace('keyword', [msg('in', { type: 'image', image: {} })]))).toMatchObject({
      ok: false, reason: expect.stringContaining('image'),
    })
  })
})
