// What a takeover notification says (docs/runtime.md, "Human takeover"): built under the contact's lock from what
// the step read and wrote, and committed with the takeover (handover_notifications), so every attempt POSTs the same
// bytes. The body's shape is the contract of issue #37: handover.started carries the contact, the flow, the last
// messages and a link to the takeover on the publish API; handover.ended carries the hand-back.
import { randomUUID } from 'node:crypto'
import type { Contact, HandbackRecord, Handover, InboundEvent, OutboundMessage } from '../../shared/engine'
import { inboundText } from '../../shared/engine'

/** A message of the contact as a notification lists it. */
export interface NoticeMessage {
  at: number
  direction: 'in' | 'out'
  text: string
}

/** A notification to commit with the takeover (ContactWrites.notification). */
export interface HandoverNotice {
  id: string
  handoverId: string
  event: 'handover.started' | 'handover.ended'
  body: string
  /** When it was made (the takeover's start or end). */
  at: number
}

/** How many of the contact's last messages a handover.started notification lists. */
export const NOTICE_MESSAGES = 10

/** A line of text for a stored message either way (a caption, a template's name, a button's title…). */
export function messageText(direction: 'in' | 'out', payload: unknown): string {
  if (direction === 'in') return inboundText(payload as InboundEvent)
  const m = payload as OutboundMessage
  switch (m.type) {
    case 'text':
      return m.text.body
    case 'interactive':
      return 'body' in m.interactive && m.interactive.body ? m.interactive.body.text : `[${m.interactive.type}]`
    case 'template':
      return `[template ${m.template.name}]`
    default: {
      const media = (m as Record<string, unknown>)[m.type] as { caption?: string } | undefined
      return media?.caption ?? `[${m.type}]`
    }
  }
}

const noticeId = () => `hnt_${randomUUID().replace(/-/g, '')}`

export function startedNotice(input: {
  handover: Handover
  contact: Contact
  flow: { id: string; name: string } | null
  lastMessages: NoticeMessage[]
  /** The publish API's base URL (…/api/v1), or null when it does not run. */
  apiBase: string | null
}): HandoverNotice {
  const { handover, contact, flow, lastMessages, apiBase } = input
  const body = {
    event: 'handover.started',
    handover,
    contact: {
      id: contact.id,
      name: contact.name,
      phone: contact.phone,
      language: contact.language ?? null,
      fields: contact.fields ?? {},
    },
    flow,
    lastMessages: lastMessages.slice(-NOTICE_MESSAGES),
    link: apiBase ? `${apiBase}/contacts/${encodeURIComponent(contact.phone)}/handover` : null,
  }
  return {
    id: noticeId(),
    handoverId: handover.id,
    event: 'handover.started',
    body: JSON.stringify(body),
    at: handover.since,
  }
}

export function endedNotice(handover: Handover, handback: HandbackRecord): HandoverNotice {
  const body = { event: 'handover.ended', handover, handback }
  return {
    id: noticeId(),
    handoverId: handover.id,
    event: 'handover.ended',
    body: JSON.stringify(body),
    at: handback.at,
  }
}
