import { describe, expect, it } from 'vitest'
import type { LogMessage, LogTrace } from '../../shared/api/commands/logs'
import type { TriggerInput } from '../../shared/engine/types'
import { replayPlan } from './replay'

let seq = 0
// Rows as a log holds them, including kinds the engine does not receive (an image a customer sent): read as stored.
const msg = (direction: 'in' | 'out', payload: Record<string, unknown>): LogMessage =>
  ({ seq: seq++, id: null, direction, type: String(payload.type), payload, createdAt: 0 }) as LogMessage
const trace = (trigger: TriggerInput, messages: LogMessage[], triggerNodeId: string | null = 'n_t'): LogTrace =>
  ({
    run: { triggerKind: trigger.kind } as LogTrace['run'],
    trace: [],
    messages,
    vars: {},
    totalMs: 0,
    path: [],
    trigger,
    triggerNodeId,
  }) as LogTrace

const wine = { type: 'text' as const, text: 'wine', id: 'wamid.1' }

describe('replayPlan', () => {
  it('starts a keyword run with its message and sends the later customer messages in order, without the bot side', () => {
    const plan = replayPlan(
      trace({ kind: 'keyword', keyword: 'wine', message: wine }, [
        msg('in', wine),
        msg('out', { type: 'text', text: { body: 'How old are you?' } }),
        msg('in', { type: 'text', text: 'abc' }),
        msg('out', { type: 'text', text: { body: 'Please type your age' } }),
        msg('in', { type: 'button_reply', reply: { id: 'again', title: 'Try again' } }),
      ]),
    )
    expect(plan).toEqual({
      ok: true,
      trigger: { kind: 'keyword', text: 'wine' },
      triggerNodeId: 'n_t',
      events: [
        { type: 'text', text: 'abc' },
        { type: 'button_reply', reply: { id: 'again', title: 'Try again' } },
      ],
    })
  })

  it('turns a button-click start back into the tap the emulator sends', () => {
    const tap = { type: 'template_button' as const, button: { payload: 'promo_1', text: 'Yes' } }
    const plan = replayPlan(
      trace({ kind: 'button_click', payload: 'promo_1', text: 'Yes', message: tap }, [msg('in', tap)]),
    )
    expect(plan).toMatchObject({
      ok: true,
      trigger: { kind: 'button_click', payload: 'promo_1', text: 'Yes' },
      events: [],
    })
  })

  it('starts a webhook run with its data, message text and button id; every inbound message is a later turn', () => {
    const plan = replayPlan(
      trace(
        {
          kind: 'webhook',
          phone_number: '+15550001',
          data: { mode: 'ask', n: 2 },
          message_text: 'hi',
          button_id: 'b1',
        },
        [msg('out', { type: 'text', text: { body: 'Order?' } }), msg('in', { type: 'text', text: 'A-1', id: 'w.2' })],
      ),
    )
    expect(plan).toEqual({
      ok: true,
      trigger: { kind: 'webhook', data: { mode: 'ask', n: 2 }, message_text: 'hi', button_id: 'b1' },
      triggerNodeId: 'n_t',
      events: [{ type: 'text', text: 'A-1' }],
    })
    const bare = replayPlan(trace({ kind: 'webhook', phone_number: '+1', data: {} }, []))
    expect(bare).toMatchObject({ ok: true, trigger: { kind: 'webhook', data: {} } })
    expect(bare.ok && 'message_text' in bare.trigger).toBe(false)
  })

  it('starts manual and ad-click runs with their data and referral', () => {
    expect(replayPlan(trace({ kind: 'manual', operator: 'ops', data: { plan: 'gold' } }, []))).toMatchObject({
      ok: true,
      trigger: { kind: 'manual', data: { plan: 'gold' } },
      events: [],
    })
    expect(replayPlan(trace({ kind: 'manual' }, []))).toMatchObject({ ok: true, trigger: { kind: 'manual', data: {} } })
    const first = {
      type: 'text' as const,
      text: 'More?',
      referral: { source_id: 'ad1', welcome_message: { text: 'Hi' } },
    }
    const ad = replayPlan(
      trace({ kind: 'ad_click', ad: first.referral, message: first }, [
        msg('in', first),
        msg('in', { type: 'text', text: 'ok' }),
      ]),
    )
    expect(ad).toMatchObject({
      ok: true,
      trigger: { kind: 'ad_click', ad: { source_id: 'ad1' }, text: 'More?' },
      events: [{ type: 'text', text: 'ok' }],
    })
  })

  it('refuses a run whose customer sent what the emulator cannot, or whose trigger kind it does not know, and says why', () => {
    expect(replayPlan(trace({ kind: 'manual' }, [msg('in', { type: 'image', image: {} })]))).toMatchObject({
      ok: false,
      reason: expect.stringContaining('(image)'),
    })
    const odd = trace({ kind: 'carrier_pigeon' } as unknown as TriggerInput, [])
    expect(replayPlan(odd)).toMatchObject({ ok: false, reason: expect.stringContaining('carrier_pigeon') })
  })
})
