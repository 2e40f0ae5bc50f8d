// The channel's webhook payload (docs/runtime.md, Inbound messages; docs/runtime.md, The channel) read into what the runtime records: every
// `entry[].changes[].value` of the business number, each message as the same engine event /api/v1/inbound makes
// (inbound.ts parseInbound, so both doors agree), and each status. One bad item never refuses the rest: the channel
// would redeliver the whole POST for days, so what cannot be used is skipped with a reason for the log.
import { z } from 'zod'
import type { InboundEvent } from '../../shared/engine'
import { InboundError, parseInbound } from './inbound'

/** A customer message to process in order for its contact. */
export interface ChannelMessage {
  messageId: string
  /** +<digits> */
  phone: string
  name?: string
  /** The message's `type` as the channel sent it. */
  kind: string
  /**
   * The engine event; null for a kind flows do not take (an image, a location, a reaction…), which still counts as
   * the customer writing (the 24-hour window) and is recorded once by its id.
   */
  event: InboundEvent | null
  /** The channel's timestamp, ms since the epoch. */
  sentAt: number
}

export type DeliveryState = 'sent' | 'delivered' | 'read' | 'failed'

export interface ChannelError {
  code: number | null
  title: string
  message: string
}

/** A status of one of our messages, named by the id the Cloud API gave it (a wamid). */
export interface ChannelStatus {
  channelId: string
  state: DeliveryState
  at: number
  /** With `failed`: the channel's first error. */
  error: ChannelError | null
}

export interface ParsedWebhook {
  messages: ChannelMessage[]
  statuses: ChannelStatus[]
  /** What was left out (another business number, a message without a sender, a `null` change…), for the log. */
  skipped: SkippedItem[]
  /** Messages recorded as the customer writing whose content could not be read (too deep, a missing field…). */
  notUnderstood: SkippedItem[]
}

/** One item left out: `reason` is one of a few fixed sentences (the log folds by it), `detail` what the item said. */
export interface SkippedItem {
  /** Where in the body, e.g. `entry[0].changes[2].value.messages[5]`. */
  at: string
  reason: string
  detail?: string
}

/** The longest message id kept, as /api/v1/inbound takes (the channel's wamids are about 60 characters). */
export const MAX_MESSAGE_ID_CHARS = 256

const Entry = z.looseObject({ changes: z.array(z.unknown()).optional() })
const Change = z.looseObject({ field: z.string().optional(), value: z.unknown() })
const Value = z.looseObject({
  metadata: z.looseObject({ phone_number_id: z.string().optional() }).optional(),
  contacts: z.array(z.unknown()).optional(),
  messages: z.array(z.unknown()).optional(),
  statuses: z.array(z.unknown()).optional(),
})
const Contact = z.looseObject({
  wa_id: z.string().optional(),
  profile: z.looseObject({ name: z.string().optional() }).optional(),
})
const Message = z.looseObject({
  id: z.string().optional(),
  from: z.string().optional(),
  type: z.string().optional(),
  timestamp: z.union([z.string(), z.number()]).optional(),
})
const Envelope = z.looseObject({ object: z.string().optional(), entry: z.array(z.unknown()) })
const Status = z.looseObject({
  id: z.string().min(1).max(256),
  status: z.enum(['sent', 'delivered', 'read', 'failed']),
  timestamp: z.union([z.string(), z.number()]).optional(),
  errors: z
    .array(
      z.looseObject({
        code: z.number().optional(),
        title: z.string().optional(),
        message: z.string().optional(),
        error_data: z.looseObject({ details: z.string().optional() }).optional(),
      }),
    )
    .optional(),
})

/** The channel's seconds-since-epoch string, in ms; `fallback` when missing or unreadable. */
const seconds = (t: string | number | undefined, fallback: number) =>
  t !== undefined && /^\d{1,12}$/.test(String(t)) ? Number(t) * 1000 : fallback

/** Kinds that are not a customer writing to the business: not recorded as messages. */
const NOT_WRITTEN = new Set(['system'])
/** Kinds flows take (inbound.ts reads them); any other is recorded as the customer writing, with no event. */
const TAKEN = new Set(['text', 'interactive', 'button', 'order'])

export class WebhookShapeError extends Error {}

/**
 * Reads a parsed webhook body; throws WebhookShapeError only when it is not the channel's envelope at all. Anything
 * unreadable inside it (an entry, a change, a message or a status that is `null` or of the wrong shape) is left out
 * with its place and reason, and the rest is read: the channel would deliver a refused POST again for days.
 */
export function parseWebhook(body: unknown, phoneNumberId: string, now: number): ParsedWebhook {
  const envelope = Envelope.safeParse(body)
  if (!envelope.success)
    throw new WebhookShapeError('The body is not a webhook of the channel: {"object", "entry": [{"changes": [...]}]}.')
  const out: ParsedWebhook = { messages: [], statuses: [], skipped: [], notUnderstood: [] }
  envelope.data.entry.forEach((item, e) => {
    const entry = Entry.safeParse(item)
    if (!entry.success) {
      out.skipped.push({ at: `entry[${e}]`, reason: 'an entry that is not an object with a list of changes' })
      return
    }
    entry.data.changes?.forEach((c, i) => readChange(c, `entry[${e}].changes[${i}]`, phoneNumberId, now, out))
  })
  return out
}

function readChange(item: unknown, at: string, phoneNumberId: string, now: number, out: ParsedWebhook): void {
  const change = Change.safeParse(item)
  if (!change.success) {
    out.skipped.push({ at, reason: 'a change that is not an object' })
    return
  }
  if (change.data.field !== undefined && change.data.field !== 'messages') {
    out.skipped.push({ at, reason: "a change of another field (only 'messages' is read)", detail: change.data.field })
    return
  }
  const value = Value.safeParse(change.data.value)
  if (!value.success) {
    out.skipped.push({ at, reason: 'a change whose value is not an object of messages and statuses' })
    return
  }
  const v = value.data
  const number = v.metadata?.phone_number_id
  if (number !== undefined && number !== phoneNumberId) {
    out.skipped.push({
      at,
      reason: `a change for another business number (this runtime serves ${phoneNumberId})`,
      detail: number,
    })
    return
  }
  readMessages(v, `${at}.value`, now, out)
  readStatuses(v.statuses ?? [], `${at}.value`, now, out)
}

type Contact = z.infer<typeof Contact>

/**
 * The value's contacts by number, built once: a message's contact is found in constant time (a search per message
 * made one POST of 14,000 messages and 14,000 other contacts hold the process for 3 s). The first contact given a
 * number wins; `first` is the one a message without a match falls back to.
 */
function contactIndex(items: unknown[]): { byNumber: Map<string, Contact>; first: Contact | undefined } {
  const byNumber = new Map<string, Contact>()
  let first: Contact | undefined
  for (const item of items) {
    const c = Contact.safeParse(item)
    if (!c.success) continue
    first ??= c.data
    if (c.data.wa_id !== undefined && !byNumber.has(c.data.wa_id)) byNumber.set(c.data.wa_id, c.data)
  }
  return { byNumber, first }
}

function readMessages(v: z.infer<typeof Value>, value: string, now: number, out: ParsedWebhook): void {
  const contacts = contactIndex(v.contacts ?? [])
  ;(v.messages ?? []).forEach((item, i) => {
    const at = `${value}.messages[${i}]`
    const skip = (reason: string, detail?: string) =>
      void out.skipped.push(detail === undefined ? { at, reason } : { at, reason, detail })
    const parsed = Message.safeParse(item)
    if (!parsed.success) return skip('a message that is not an object with string id, from and type')
    const message = parsed.data
    const id = message.id
    if (!id) return skip('a message without an id')
    if (id.length > MAX_MESSAGE_ID_CHARS) return skip(`a message id longer than ${MAX_MESSAGE_ID_CHARS} characters`, id)
    const kind = message.type ?? 'unknown'
    if (NOT_WRITTEN.has(kind)) return skip(`a '${kind}' notice, not a customer message`, id)
    const contact = (message.from !== undefined ? contacts.byNumber.get(message.from) : undefined) ?? contacts.first
    const waId = message.from ?? contact?.wa_id
    if (!waId) return skip('a message without a sender number (from / contacts[].wa_id)', id)
    const name = contact?.profile?.name
    let event: InboundEvent | null = null
    let phone = `+${waId.replace(/^\+/, '')}`
    // Only the kinds flows take are read as /api/v1/inbound reads them; another kind (an image, a location…) is the
    // customer writing without content to read, so it is not put through a parse that can only fail (and throw).
    if (TAKEN.has(kind)) {
      try {
        const inbound = parseInbound({ contact: { wa_id: waId, ...(name ? { name } : {}) }, message })
        event = inbound.event
        phone = inbound.phone
      } catch (err) {
        if (!(err instanceof InboundError) || err.code === 'invalid_phone_number')
          return skip('a message whose sender is not a phone number', waId)
        // Content we cannot read (too deep, a missing field): the customer still wrote.
        out.notUnderstood.push({ at, reason: 'a message recorded as not understood', detail: `${id}: ${err.message}` })
      }
    }
    if (event === null && !/^\+\d{7,15}$/.test(phone)) return skip('a message whose sender is not a phone number', waId)
    out.messages.push({
      messageId: id,
      phone,
      ...(name?.trim() ? { name: name.trim() } : {}),
      kind,
      event,
      sentAt: seconds(message.timestamp, now),
    })
  })
}

function readStatuses(items: unknown[], value: string, now: number, out: ParsedWebhook): void {
  items.forEach((item, i) => {
    const s = Status.safeParse(item)
    if (!s.success) {
      out.skipped.push({ at: `${value}.statuses[${i}]`, reason: 'a status without an id or with an unknown state' })
      return
    }
    const e = s.data.errors?.[0]
    const error = e
      ? { code: e.code ?? null, title: e.title ?? '', message: e.error_data?.details ?? e.message ?? e.title ?? '' }
      : null
    out.statuses.push({
      channelId: s.data.id,
      state: s.data.status,
      at: seconds(s.data.timestamp, now),
      error: s.data.status === 'failed' ? error : null,
    })
  })
}
