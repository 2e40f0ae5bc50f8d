import type { LogMessage, LogTrace } from '../../shared/api/commands/logs'
import type { CustomerEvent, EmulatorTrigger } from '../../shared/api/commands/emulator'

// "Open in emulator": a logged run's customer side, as the emulator's start and sends. Only runs whose log holds
// everything the start needs are replayable: a keyword or button-click start carries its message as the run's first
// inbound message. Webhook, manual and ad starts keep their data only in the run state, not in the log, and a
// replay that guessed it would run a different conversation than the one logged.

export type ReplayPlan = { ok: true; trigger: EmulatorTrigger; events: CustomerEvent[] } | { ok: false; reason: string }

const REPLAYABLE = new Set(['text', 'button_reply', 'list_reply', 'template_button', 'nfm_reply', 'order'])

function toEvent(m: LogMessage): CustomerEvent | null {
  const p = m.payload as { type?: unknown } | null
  if (!p || typeof p !== 'object' || typeof p.type !== 'string' || !REPLAYABLE.has(p.type)) return null
  // The engine logs the inbound event as it received it; `id` and `referral` belong to the original delivery.
  const { id: _id, referral: _referral, ...event } = p as Record<string, unknown>
  return event as unknown as CustomerEvent
}

export function replayPlan(t: LogTrace): ReplayPlan {
  const inbound = t.messages.filter((m) => m.direction === 'in')
  const events = inbound.map(toEvent)
  const bad = events.findIndex((e) => e === null)
  if (bad >= 0) return { ok: false, reason: `Customer message ${bad + 1} (${inbound[bad]!.type}) cannot be sent from the emulator.` }
  const [first, ...rest] = events as CustomerEvent[]
  const kind = t.run.triggerKind
  if (kind === 'keyword') {
    if (first?.type !== 'text') return { ok: false, reason: 'The log has no keyword message for this run.' }
    return { ok: true, trigger: { kind: 'keyword', text: first.text }, events: rest }
  }
  if (kind === 'button_click') {
    const tap =
      first?.type === 'template_button' ? first.button
      : first?.type === 'button_reply' ? { payload: first.reply.id, text: first.reply.title }
      : null
    if (!tap) return { ok: false, reason: 'The log has no button tap for this run.' }
    return { ok: true, trigger: { kind: 'button_click', payload: tap.payload, text: tap.text }, events: rest }
  }
  return { ok: false, reason: `A ${kind} start keeps its data outside the log; replay works for keyword and button-click runs.` }
}
