import { z } from 'zod'
import type { HandbackRecord, Handover, InboundEvent, OutboundMessage } from '../../engine/types'
import { returns } from '../define'
import { BroadcastTargetSchema } from './broadcasts'

// Takeovers in the studio (docs/engine.md, "The conversation core", rules 14-17): a person has a contact's
// conversation and the bot stays silent until they hand it back. The Contacts screen lists them, shows the transcript
// and lets the person reply; the emulator plays the person's part through its own commands (emulator.ts).
// `target` (default 'studio') picks whose contacts: the studio's, or a production server's through its publish API
// (docs/publish-api.md, "Human takeover"; a server of publish.servers, its saved key), as broadcasts.* do.

/** A takeover as a list shows it: with its contact and, once over, how it ended. */
export type HandoverView = Handover & {
  contactId: string
  contactName: string
  contactPhone: string
  endedAt: number | null
  endedBy: HandbackRecord['by'] | null
}

/** One message of a takeover's transcript: the customer's ('in', recorded not routed) or the person's ('out'). */
export type HandoverMessage = { seq: number; at: number } & (
  { direction: 'in'; message: InboundEvent } | { direction: 'out'; message: OutboundMessage }
)

const Json = z.record(z.string(), z.json())
/** The studio's contact id; on a server, the contact's phone number with its country code (the API names contacts so). */
const ContactId = z.string().min(1).max(120)
/** Whose takeovers: the studio's own contacts, or a production server's. */
export const HandoverTargetSchema = BroadcastTargetSchema.default('studio')
export type HandoverTarget = z.input<typeof HandoverTargetSchema>
/** The person's message; the channel's text limit. */
export const PersonTextSchema = z.string().trim().min(1, 'Write a message first.').max(4096)
/** Free text for the person (the reason, the team). */
export const HandoverNoteSchema = z.string().trim().max(1000)
/** When the conversation comes back to the bot by itself (epoch ms, in the future; ended by `timeout`). */
export const HandoverUntilSchema = z.number().int().positive().max(8.64e15)
/** Variables a hand-back sets on the Hand over node's run (`{{name}}` after `returned`). */
export const HandbackVariablesSchema = Json

export const handoversCommands = {
  /** The studio's takeovers, newest first: only open ones (someone has the contact now) by default. */
  'handovers.list': {
    req: z.object({
      target: HandoverTargetSchema,
      open: z.boolean().default(true),
      limit: z.number().int().min(1).max(500).default(100),
    }),
    res: returns<{ handovers: HandoverView[] }>(),
  },
  /** One takeover with every message in it. */
  'handovers.transcript': {
    req: z.object({ target: HandoverTargetSchema, id: z.string().min(1) }),
    res: returns<{ handover: HandoverView; messages: HandoverMessage[] }>(),
  },
  /**
   * A person takes the contact's conversation (refused as `already_with_person`), until they hand it back or, with
   * `until`, until then (refused as `until_passed` when that time has come).
   */
  'handovers.start': {
    req: z.object({
      target: HandoverTargetSchema,
      contactId: ContactId,
      note: HandoverNoteSchema.optional(),
      until: HandoverUntilSchema.optional(),
    }),
    res: returns<{ handover: HandoverView }>(),
  },
  /**
   * The person gives the conversation back (refused as `not_with_person`); a run waiting at a Hand over node goes
   * on by `returned` with `variables`.
   */
  'handovers.handBack': {
    req: z.object({
      target: HandoverTargetSchema,
      contactId: ContactId,
      variables: HandbackVariablesSchema.default({}),
    }),
    res: returns<{ handback: HandbackRecord; resumed: { runId: string; port: 'returned' } | null }>(),
  },
  /** The person writes to the customer (delivered as the studio delivers everything; refused as `not_with_person`). */
  'handovers.reply': {
    req: z.object({ target: HandoverTargetSchema, contactId: ContactId, text: PersonTextSchema }),
    res: returns<{ message: HandoverMessage }>(),
  },
}
