// Session variables that come from the run itself rather than from a node: system variables at start, and the
// interaction variables every inbound event sets (spec "System variables", "Last interaction variables").
import type { Contact, InboundEvent, TriggerInput, Vars } from './types'

/**
 * {{contact}}: what the run knows of the contact beyond the system variables, its language (docs/languages.md). A
 * preset `contact` object (a test's) keeps its other keys; the language is the run's.
 */
export function contactVar(preset: unknown, language: string): Vars {
  const base = preset !== null && typeof preset === 'object' && !Array.isArray(preset) ? (preset as Vars) : {}
  return { ...base, language }
}

/** The text that started the run, if a message did. */
export function initialMessage(trigger: TriggerInput): string {
  switch (trigger.kind) {
    case 'keyword':
      return trigger.message.text
    case 'button_click':
    case 'ad_click':
      return inboundText(trigger.message)
    case 'webhook':
      return trigger.message_text ?? ''
    case 'manual':
      return ''
  }
}

function triggerMessageId(trigger: TriggerInput): string {
  if (trigger.kind === 'keyword' || trigger.kind === 'button_click' || trigger.kind === 'ad_click') {
    return trigger.message.id ?? ''
  }
  return trigger.kind === 'webhook' ? (trigger.message_id ?? '') : ''
}

export function systemVars(contact: Contact, trigger: TriggerInput): Vars {
  return {
    customer_name: contact.name,
    customer_phone: contact.phone,
    initial_message: initialMessage(trigger),
    chat_message_id: triggerMessageId(trigger),
  }
}

/** What a person reads in an inbound event: the typed text, the tapped title, the row title. */
export function inboundText(event: InboundEvent): string {
  switch (event.type) {
    case 'text':
      return event.text
    case 'button_reply':
    case 'list_reply':
      return event.reply.title
    case 'template_button':
      return event.button.text
    case 'nfm_reply':
      return ''
    case 'order':
      return event.order.text ?? ''
  }
}

/** Variables an inbound event sets whichever node receives it. */
export function interactionVars(event: InboundEvent | null): Vars {
  switch (event?.type) {
    case 'button_reply':
      return { button_id: event.reply.id, _last_button_payload: event.reply.id, _last_button_text: event.reply.title }
    case 'list_reply':
      return { row_id: event.reply.id, _last_row_payload: event.reply.id, _last_row_text: event.reply.title }
    case 'template_button':
      return { _last_template_button_clicked: event.button.payload }
    case 'order':
      return { order: event.order }
    default:
      return {}
  }
}
