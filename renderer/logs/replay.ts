import type { LogMessage, LogTrace } from '../../shared/api/commands/logs'
import type { CustomerEvent, EmulatorTrigger } from '../../shared/api/commands/emulator'
import { inboundText } from '../../shared/engine/session'
import type { TriggerInput } from '../../shared/engine/types'

// "Open in emulator": a logged run's start and customer side, as the emulator's start and sends. The start comes
// from the run's own trigger (logs.run's `trigger`, the engine's TriggerInput), so every kind replays with the data
// it had: webhook data, message_text and button_id; manual data; the ad's referral; the tapped button. A start
// that came with a customer message (keyword, button, ad) logged that message as the run's first inbound one: it
// is the start, not a later turn, so it is not sent again.

type JsonData = NonNullable<Extract<EmulatorTrigger, { kind: 'manual' }>['data']>

export type ReplayPlan =
  | { ok: true; trigger: EmulatorTrigger; triggerNodeId: string | null; events: CustomerEvent[] }
  | { ok: false; reason: string }

/** Kinds the emulator can send; a log written by another version may hold others (a customer's image). */
const REPLAYABLE = new Set<string>(['text', 'button_reply', 'list_reply', 'template_button', 'nfm_reply', 'order'])

function toEvent(m: LogMessage): CustomerEvent | null {
  if (m.direction !== 'in' || !REPLAYABLE.has(m.payload.type)) return null
  // The engine logs the inbound event as it received it; `id` and `referral` belong to the original delivery.
  const { id: _id, referral: _referral, ...event } = m.payload
  return event
}

/** The emulator trigger that starts the same run, and whether the start consumed the first logged inbound message. */
function startOf(t: TriggerInput): { trigger: EmulatorTrigger; consumesFirst: boolean } | null {
  switch (t.kind) {
    case 'keyword':
      return { trigger: { kind: 'keyword', text: t.message.text }, consumesFirst: true }
    case 'button_click':
      return { trigger: { kind: 'button_click', payload: t.payload, text: t.text }, consumesFirst: true }
    case 'ad_click': {
      const { welcome_message: _welcome, ...ad } = t.ad
      return { trigger: { kind: 'ad_click', ad, text: inboundText(t.message) }, consumesFirst: true }
    }
    case 'webhook': {
      const trigger: EmulatorTrigger = { kind: 'webhook', data: t.data as JsonData }
      if (t.message_text !== undefined) trigger.message_text = t.message_text
      if (t.button_id !== undefined) trigger.button_id = t.button_id
      return { trigger, consumesFirst: false }
    }
    case 'manual':
      return { trigger: { kind: 'manual', data: (t.data ?? {}) as JsonData }, consumesFirst: false }
    default:
      return null
  }
}

export function replayPlan(t: LogTrace): ReplayPlan {
  const start = t.trigger ? startOf(t.trigger) : null
  if (!start) return { ok: false, reason: `A ${t.run.triggerKind} start cannot be made from the emulator.` }
  const inbound = t.messages.filter((m) => m.direction === 'in')
  const turns = start.consumesFirst ? inbound.slice(1) : inbound
  const events = turns.map(toEvent)
  const bad = events.findIndex((e) => e === null)
  if (bad >= 0) {
    const n = bad + 1 + (start.consumesFirst ? 1 : 0)
    return { ok: false, reason: `Customer message ${n} (${turns[bad]!.type}) cannot be sent from the emulator.` }
  }
  return { ok: true, trigger: start.trigger, triggerNodeId: t.triggerNodeId, events: events as CustomerEvent[] }
}
