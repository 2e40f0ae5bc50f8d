// Who a broadcast goes to, and when each is due: a segment of the host's contacts (all of its tags, each field
// equal) or the contacts of a CSV; numbers checked again (a spec may come from anywhere) and duplicates kept as
// blocked, so the results list every row the audience named.
import { tagsOf } from './contacts-csv'
import { checkPhone } from './phone'
import { dueAtFor } from './schedule'
import type { BroadcastSpec } from './types'
import type { RecipientReason } from './views'

export interface SegmentContact {
  phone: string
  name: string
  fields: Record<string, unknown>
}

/** Whether a contact is in a segment: it has every tag (case-insensitive) and each field equals the value given. */
export function inSegment(
  contact: { fields: Record<string, unknown> },
  segment: { tags: string[]; fields: Record<string, string> },
): boolean {
  const has = new Set(tagsOf(contact.fields).map((t) => t.toLowerCase()))
  if (!segment.tags.every((t) => has.has(t.trim().toLowerCase()))) return false
  return Object.entries(segment.fields).every(([k, v]) => {
    const value = contact.fields[k]
    return value !== undefined && value !== null && String(value) === v
  })
}

/** A recipient as planned (electron/services/broadcast's NewRecipient). */
export interface PlannedRecipient {
  phone: string
  name: string | null
  fields: Record<string, string>
  variables: Record<string, unknown>
  dueAt: number
  blocked?: RecipientReason
}

/**
 * The recipients of a spec, in order: the CSV's contacts, or the segment's (`contacts`, the host's contacts that
 * match, inSegment). Each gets its due time; an invalid number or a repeated one is planned blocked with the reason.
 */
export function planRecipients(spec: BroadcastSpec, segment: SegmentContact[], now: number): PlannedRecipient[] {
  const rows: SegmentContact[] =
    spec.audience.kind === 'contacts'
      ? spec.audience.contacts.map((c) => ({ phone: c.phone, name: c.name ?? '', fields: c.fields }))
      : segment
  const own = spec.audience.kind === 'contacts' ? spec.audience.contacts.map((c) => c.variables ?? {}) : []
  const seen = new Map<string, number>()
  return rows.map((row, i) => {
    const fields = stringFields(row.fields)
    const base = { name: row.name || null, fields, variables: { ...spec.variables, ...own[i] } }
    const phone = checkPhone(row.phone)
    if (!phone.ok)
      return { ...base, phone: row.phone, dueAt: now, blocked: { code: 'invalid_number', message: phone.message } }
    const first = seen.get(phone.e164)
    if (first !== undefined)
      return {
        ...base,
        phone: phone.e164,
        dueAt: now,
        blocked: {
          code: 'duplicate',
          message: `${phone.e164} is already recipient ${first}; it gets the broadcast once.`,
        },
      }
    seen.set(phone.e164, i + 1)
    return { ...base, phone: phone.e164, dueAt: dueAtFor(spec.schedule, { phone: phone.e164, fields }, now) }
  })
}

function stringFields(fields: Record<string, unknown>): Record<string, string> {
  const out: Record<string, string> = {}
  for (const [k, v] of Object.entries(fields)) {
    if (v === null || v === undefined) continue
    out[k] = Array.isArray(v) ? v.join(';') : typeof v === 'object' ? JSON.stringify(v) : String(v)
  }
  return out
}
