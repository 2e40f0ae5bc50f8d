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
  /** Why items were left out (another business number, a message without a sender…), for the log. */
  skipped: string[]
}

const Value = z.looseObject({
  metadata: z.looseObject({ phone_number_id: z.string().optional() }).optional(),
  contacts: z
    .array(
      z.looseObject({
        wa_id: z.string().optional(),
        profile: z.looseObject({ name: z.string().optional() }).optional(),
      }),
    )
    .optional(),
  messages: z
    .array(
      z.looseObject({
        id: z.string().optional(),
        from: z.string().optional(),
        type: z.string().optional(),
        timestamp: z.union([z.string(), z.number()]).optional(),
      }),
    )
    .optional(),
  statuses: z.array(z.unknown()).optional(),
})
const Envelope = z.looseObject({
  object: z.string().optional(),
  entry: z.array(
    z.looseObject({ changes: z.array(z.looseObject({ field: z.string().optional(), value: z.unknown() })).optional() }),
  ),
})
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

export class WebhookShapeError extends Error {}

/** Reads a parsed webhook body; throws WebhookShapeError only when it is not the channel's envelope at all. */
export function parseWebhook(body: unknown, phoneNumberId: string, now: number): ParsedWebhook {
  const envelope = Envelope.safeParse(body)
  if (!envelope.success)
    throw new WebhookShapeError('The body is not a webhook of the channel: {"object", "entry": [{"changes": [...]}]}.')
  const out: ParsedWebhook = { messages: [], statuses: [], skipped: [] }
  for (const entry of envelope.data.entry) {
    for (const change of entry.changes ?? []) {
      if (change.field !== undefined && change.field !== 'messages') {
        out.skipped.push(`a '${change.field}' change (only 'messages' is read)`)
        continue
      }
      const value = Value.safeParse(change.value)
      if (!value.success) {
        out.skipped.push('a change whose value is not an object of messages and statuses')
        continue
      }
      const v = value.data
      const number = v.metadata?.phone_number_id
      if (number !== undefined && number !== phoneNumberId) {
        out.skipped.push(`a change for the business number ${number} (this runtime serves ${phoneNumberId})`)
        continue
      }
      readMessages(v, now, out)
      readStatuses(v.statuses ?? [], now, out)
    }
  }
  return out
}

function readMessages(v: z.infer<typeof Value>, now: number, out: ParsedWebhook): void {
  for (const message of v.messages ?? []) {
    const id = message.id
    if (!id) {
      out.skipped.push('a message without an id')
      continue
    }
    const kind = message.type ?? 'unknown'
    if (NOT_WRITTEN.has(kind)) {
      out.skipped.push(`message ${id}: a '${kind}' notice, not a customer message`)
      continue
    }
    const contact = v.contacts?.find((c) => c.wa_id !== undefined && c.wa_id === message.from) ?? v.contacts?.[0]
    const waId = message.from ?? contact?.wa_id
    if (!waId) {
      out.skipped.push(`message ${id}: no sender number (from / contacts[].wa_id)`)
      continue
    }
    const name = contact?.profile?.name
    let event: InboundEvent | null = null
    let phone: string
    try {
      const parsed = parseInbound({ contact: { wa_id: waId, ...(name ? { name } : {}) }, message })
      event = parsed.event
      phone = parsed.phone
    } catch (err) {
      if (!(err instanceof InboundError) || err.code === 'invalid_phone_number') {
        out.skipped.push(`message ${id}: the sender '${waId}' is not a phone number`)
        continue
      }
      // A kind flows do not take, or one whose content we cannot read: the customer still wrote.
      phone = `+${waId.replace(/^\+/, '')}`
      if (!/^\+\d{7,15}$/.test(phone)) {
        out.skipped.push(`message ${id}: the sender '${waId}' is not a phone number`)
        continue
      }
      if (['text', 'interactive', 'button', 'order'].includes(kind))
        out.skipped.push(`message ${id}: ${err.message} (recorded as not understood)`)
    }
    out.messages.push({
      messageId: id,
      phone,
      ...(name?.trim() ? { name: name.trim() } : {}),
      kind,
      event,
      sentAt: seconds(message.timestamp, now),
    })
  }
}

function readStatuses(items: unknown[], now: number, out: ParsedWebhook): void {
  for (const item of items) {
    const s = Status.safeParse(item)
    if (!s.success) {
      out.skipped.push('a status without an id or with an unknown state')
      continue
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
  }
}
