// Test support: the channel's webhook payloads (docs/runtime.md, Inbound messages; docs/runtime.md, The channel), built from its shapes: the envelope
// `{"object": "whatsapp_business_account", "entry": [{"id", "changes": [{"field": "messages", "value": {...}}]}]}`
// with a customer message and its contact, or statuses of messages we sent.
import type { InboundEvent } from '../../../shared/engine'
import { toChannel } from './channel-client'

export const TEST_PHONE_NUMBER_ID = '106540352242922'

/** The `value` of one change, as the tests read and extend it. */
export interface WebhookValue {
  messaging_product: string
  metadata: { display_phone_number: string; phone_number_id: string }
  contacts?: Array<{ profile: { name: string }; wa_id: string }>
  messages?: Array<Record<string, unknown>>
  statuses?: Array<Record<string, unknown>>
}

export interface WebhookBody {
  object: string
  entry: Array<{ id: string; changes: Array<{ field: string; value: WebhookValue }> }>
}

function envelope(
  value: Omit<WebhookValue, 'messaging_product' | 'metadata'>,
  phoneNumberId = TEST_PHONE_NUMBER_ID,
): WebhookBody {
  return {
    object: 'whatsapp_business_account',
    entry: [
      {
        id: '102290129340398',
        changes: [
          {
            field: 'messages',
            value: {
              messaging_product: 'whatsapp',
              metadata: { display_phone_number: '15550783881', phone_number_id: phoneNumberId },
              ...value,
            },
          },
        ],
      },
    ],
  }
}

let counter = 0
/** A fresh wamid-like message id. */
export const messageId = () => `wamid.HBgLMTY1MDM4Nzk0MzkVAgASGBQz${Date.now().toString(36)}${++counter}`

/** One customer message: `phone` with or without +, `event` as the engine sees it. */
export function customerMessage(
  phone: string,
  name: string,
  event: InboundEvent,
  id = messageId(),
  phoneNumberId?: string,
) {
  const waId = phone.replace(/^\+/, '')
  const message = { from: waId, id, timestamp: String(Math.floor(Date.now() / 1000)), ...toChannel(event) }
  return envelope({ contacts: [{ profile: { name }, wa_id: waId }], messages: [message] }, phoneNumberId)
}

/** A customer message of a kind flows do not take (an image…). */
export function customerImage(phone: string, name: string, id = messageId()) {
  const waId = phone.replace(/^\+/, '')
  const message = {
    from: waId,
    id,
    timestamp: String(Math.floor(Date.now() / 1000)),
    type: 'image',
    image: { mime_type: 'image/jpeg', sha256: 'abc', id: '1234' },
  }
  return envelope({ contacts: [{ profile: { name }, wa_id: waId }], messages: [message] })
}

export interface StatusItem {
  id: string
  status: 'sent' | 'delivered' | 'read' | 'failed'
  recipient: string
  error?: { code: number; title: string; details?: string }
}

/** Statuses of messages we sent, as the channel reports them (several may ride one POST). */
export function statuses(...items: StatusItem[]) {
  return envelope({
    statuses: items.map((s) => ({
      id: s.id,
      status: s.status,
      timestamp: String(Math.floor(Date.now() / 1000)),
      recipient_id: s.recipient.replace(/^\+/, ''),
      ...(s.status !== 'failed'
        ? {
            conversation: { id: 'CONVERSATION_ID', origin: { type: 'service' } },
            pricing: { billable: false, pricing_model: 'PMP', category: 'service' },
          }
        : {}),
      ...(s.error
        ? {
            errors: [
              {
                code: s.error.code,
                title: s.error.title,
                message: s.error.title,
                error_data: { details: s.error.details ?? s.error.title },
              },
            ],
          }
        : {}),
    })),
  })
}
