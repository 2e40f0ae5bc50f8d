// The body of POST /api/v1/inbound: one message as the channel delivers it (docs/runtime.md, Inbound messages: `messages[0]`
// with the sender from `contacts[0]`), turned into the engine's InboundEvent. docs/runtime.md documents it.
import { z } from 'zod'
import type { InboundEvent } from '../../shared/engine'
import { checkJsonBounds, describePath } from '../../shared/json/bounds'
import { normalisePhone } from '../services/runs'

export interface InboundMessage {
  /** +<digits> */
  phone: string
  /** The profile name, when the channel sent one. */
  name?: string
  messageId: string
  event: InboundEvent
}

const Reply = z.object({ id: z.string().min(1).max(256), title: z.string().max(1024) })
const Referral = z.record(z.string(), z.unknown())

const Message = z.object({
  id: z.string().min(1).max(256),
  from: z.string().optional(),
  timestamp: z.union([z.string(), z.number()]).optional(),
  type: z.enum(['text', 'interactive', 'button', 'order']),
  text: z.object({ body: z.string().max(4096) }).optional(),
  interactive: z
    .discriminatedUnion('type', [
      z.object({ type: z.literal('button_reply'), button_reply: Reply }),
      z.object({
        type: z.literal('list_reply'),
        list_reply: Reply.extend({ description: z.string().max(1024).optional() }),
      }),
      z.object({
        type: z.literal('nfm_reply'),
        nfm_reply: z.object({
          name: z.string().optional(),
          body: z.string().optional(),
          response_json: z.string().max(65536),
        }),
      }),
    ])
    .optional(),
  button: z.object({ payload: z.string().max(1024), text: z.string().max(1024) }).optional(),
  order: z
    .object({
      catalog_id: z.string(),
      text: z.string().optional(),
      product_items: z.array(
        z.object({
          product_retailer_id: z.string(),
          quantity: z.number(),
          item_price: z.number(),
          currency: z.string(),
        }),
      ),
    })
    .optional(),
  referral: Referral.optional(),
  context: z.unknown().optional(),
})

export const InboundBody = z.object({
  contact: z.object({ wa_id: z.string(), name: z.string().max(256).optional() }),
  message: Message,
})

export class InboundError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly path?: string,
  ) {
    super(message)
  }
}

/** Checks a parsed JSON body; throws InboundError naming the first offending field. */
export function parseInbound(body: unknown): InboundMessage {
  // The listener's parser already guards /api/v1/inbound; the channel's webhook reads its messages out of a larger
  // signed body, so the one guard runs here too, before anything of the message is kept.
  const bounds = checkJsonBounds(body)
  if (bounds) throw new InboundError(bounds.code, bounds.message, describePath(bounds.path))
  const parsed = InboundBody.safeParse(body)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!
    const where = issue.path.map(String).join('.')
    throw new InboundError('bad_request', `${where || 'body'}: ${issue.message}`, where)
  }
  const { contact, message } = parsed.data
  let phone: string
  try {
    phone = normalisePhone(contact.wa_id.startsWith('+') ? contact.wa_id : `+${contact.wa_id}`)
  } catch {
    throw new InboundError(
      'invalid_phone_number',
      'contact.wa_id must be a phone number with its country code, e.g. "919800000001".',
      'contact.wa_id',
    )
  }
  const event = toEvent(message)
  event.id = message.id
  if (message.referral) event.referral = message.referral as InboundEvent['referral']
  return { phone, name: contact.name?.trim() || undefined, messageId: message.id, event }
}

function toEvent(m: z.infer<typeof Message>): InboundEvent {
  const missing = (field: string) =>
    new InboundError('bad_request', `message.${field} is required for a message of type ${m.type}.`, `message.${field}`)
  switch (m.type) {
    case 'text':
      if (!m.text) throw missing('text')
      return { type: 'text', text: m.text.body }
    case 'button':
      if (!m.button) throw missing('button')
      return { type: 'template_button', button: m.button }
    case 'order':
      if (!m.order) throw missing('order')
      return { type: 'order', order: m.order }
    case 'interactive': {
      const i = m.interactive
      if (!i) throw missing('interactive')
      if (i.type === 'button_reply') return { type: 'button_reply', reply: i.button_reply }
      if (i.type === 'list_reply') return { type: 'list_reply', reply: i.list_reply }
      return { type: 'nfm_reply', response: parseResponseJson(i.nfm_reply.response_json) }
    }
  }
}

function parseResponseJson(text: string): Record<string, unknown> {
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    throw new InboundError(
      'bad_request',
      'message.interactive.nfm_reply.response_json must be a JSON object in a string.',
      'message.interactive.nfm_reply.response_json',
    )
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) {
    throw new InboundError(
      'bad_request',
      'message.interactive.nfm_reply.response_json must be a JSON object in a string.',
      'message.interactive.nfm_reply.response_json',
    )
  }
  // JSON inside a string passed the body's depth guard unread: it gets the same guard here.
  const problem = checkJsonBounds(value)
  if (problem)
    throw new InboundError(
      problem.code,
      `message.interactive.nfm_reply.response_json: ${problem.message}`,
      'message.interactive.nfm_reply.response_json',
    )
  return value as Record<string, unknown>
}
