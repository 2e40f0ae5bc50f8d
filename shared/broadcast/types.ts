import { z } from 'zod'
import { identifier } from '../text/identifier'

// Broadcasts (issue #37, docs/runtime.md "Broadcasts"): one flow started for many contacts, on a schedule, at the
// channel's pace. These shapes are shared by the studio, the runtime and the publish API (the contract's item 7).

/** A phone number as the channel takes it: E.164, a plus and 8 to 15 digits. */
export const E164 = z.string().regex(/^\+[1-9]\d{7,14}$/, 'A phone number in E.164 form, e.g. +447700900123.')

export const BroadcastContactSchema = z.object({
  phone: E164,
  name: identifier(z.string().trim().max(120), 'A contact name').optional(),
  /** The CSV's other columns, as contact fields (`tags` and `timezone` among them when the file has them). */
  fields: z.record(z.string(), z.string()).default({}),
  /** `var.<name>` columns: this recipient's own variables, over the broadcast's ({{trigger_1.data.<name>}}). */
  variables: z.record(z.string(), z.string()).optional(),
})
export type BroadcastContact = z.infer<typeof BroadcastContactSchema>

export const MAX_BROADCAST_CONTACTS = 100_000

export const AudienceSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('segment'),
    /** The contact has every one of these tags. */
    tags: z.array(z.string()).default([]),
    /** The contact's field equals the value, for every entry. */
    fields: z.record(z.string(), z.string()).default({}),
  }),
  z.object({ kind: z.literal('contacts'), contacts: z.array(BroadcastContactSchema).max(MAX_BROADCAST_CONTACTS) }),
])
export type Audience = z.infer<typeof AudienceSchema>

export const ScheduleSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('now') }),
  /** A wall-clock time in one zone, e.g. `2026-12-01T10:00` in `Europe/London`. */
  z.object({ kind: z.literal('at'), local: z.string(), zone: z.string() }),
  /** `10:00` in each contact's zone (docs/runtime.md, "Broadcasts": how a contact's zone is found). */
  z.object({ kind: z.literal('contact_local'), time: z.string(), fallbackZone: z.string() }),
])
export type Schedule = z.infer<typeof ScheduleSchema>

export const BroadcastSpecSchema = z.object({
  name: z.string().trim().min(1, 'A broadcast needs a name.').max(120),
  flowId: z.string().min(1),
  triggerNodeId: z.string().optional(),
  audience: AudienceSchema,
  /** For every recipient ({{trigger_1.data.…}}); a recipient's own `variables` win. */
  variables: z.record(z.string(), z.json()).default({}),
  schedule: ScheduleSchema,
  /** Messages per second; absent: the server's send rate. */
  rate: z.number().int().min(1).max(1000).optional(),
})
export type BroadcastSpec = z.infer<typeof BroadcastSpecSchema>
export type BroadcastSpecInput = z.input<typeof BroadcastSpecSchema>

/** Why a recipient is not sent to (the dry run's and the results' `blocked` reasons). */
export const BLOCK_CODES = ['opted_out', 'outside_window', 'invalid_number', 'with_person', 'duplicate'] as const
export type BlockCode = (typeof BLOCK_CODES)[number]

export interface DryRunReport {
  /** Recipients the audience names (CSV rows kept, or contacts matching the segment), duplicates included. */
  total: number
  willSend: number
  blocked: Record<BlockCode, number>
  /** Message credits the start's templates cost, by category (the credit rule), for those that will be sent. */
  cost: { MARKETING: number; UTILITY: number; AUTHENTICATION: number; total: number }
  /** When the first and the last recipient are due (epoch ms); null when none will be sent. */
  firstAt: number | null
  lastAt: number | null
  /** The flow's first message is a template: contacts outside their 24-hour window can be reached. */
  startsWithTemplate: boolean
  /** Recipients outside their window: each opens a business-initiated conversation (the daily limit counts them). */
  newConversations: number
  /** Days needed to get through the daily limit of new conversations (1 when it fits today). */
  days: number
}

// The engine's views (owner i37b) are in ./views.ts.
export * from './views'

/** A row `readContactsCsv` refused, with the file's line and why. */
export interface RefusedRow {
  line: number
  value: string
  code: 'invalid_number' | 'duplicate' | 'missing_phone' | 'bad_row'
  message: string
}
