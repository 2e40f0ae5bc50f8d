// A test's `trigger` as the event the conversation core receives: always a start of the flow under test. Customer-side
// triggers (a message, a tap, a template quick reply) carry their message, matched against the flow's triggers.
import type { FlowDocument } from '../../flow/document'
import type { ConversationEvent } from '../core'
import type { InboundEvent, Vars } from '../types'
import type { ConversationTest, TriggerSpec } from './format'

export type TriggerEvent = { ok: true; event: ConversationEvent } | { ok: false; message: string }

export function triggerEvent(flow: FlowDocument, test: ConversationTest, phone: string): TriggerEvent {
  const presets: Vars | undefined = test.variables
  let startNodeId: string | undefined
  if (test.start !== undefined) {
    startNodeId = (flow.nodes.find((n) => n.name === test.start) ?? flow.nodes.find((n) => n.id === test.start))?.id
    if (!startNodeId) return { ok: false, message: `start: the flow has no node named "${test.start}"` }
  }
  const t: TriggerSpec = test.trigger
  if ('webhook' in t) {
    const { data, message_text, button_id } = t.webhook
    const trigger = {
      kind: 'webhook' as const,
      phone_number: phone,
      data,
      message_text,
      button_id,
      message_id: t.chat_message_id,
    }
    return { ok: true, event: { kind: 'start', flow, trigger, startNodeId, presets, tester: true } }
  }
  if ('manual' in t)
    return {
      ok: true,
      event: { kind: 'start', flow, trigger: { kind: 'manual', ...t.manual }, startNodeId, presets, tester: true },
    }
  // The tester's start of the flow under test, as the emulator's "Start test" does: matched against this flow's
  // triggers (a keyword needs it active; a mid-flow start ignores activation).
  return {
    ok: true,
    event: { kind: 'start', flow, trigger: { message: triggerMessage(t) }, startNodeId, presets, tester: true },
  }
}

/** The inbound event a customer-side trigger stands for. */
export function triggerMessage(t: Exclude<TriggerSpec, { webhook: unknown } | { manual: unknown }>): InboundEvent {
  const id = t.chat_message_id ? { id: t.chat_message_id } : {}
  if ('message' in t) return { type: 'text', text: t.message, ...id, ...(t.referral ? { referral: t.referral } : {}) }
  if ('button' in t)
    return { type: 'button_reply', reply: { id: t.button.id, title: t.button.title ?? t.button.id }, ...id }
  const { payload, text } = t.template_button
  return { type: 'template_button', button: { payload, text: text ?? payload }, ...id }
}
