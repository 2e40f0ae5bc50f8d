import { z } from 'zod'
import type { HandbackRecord, Handover, InboundEvent, OutboundMessage } from '../../engine/types'
import { returns } from '../define'

// Takeovers in the studio (docs/engine.md, "The conversation core", rules 14-17): a person has a contact's
// conversation and the bot stays silent until they hand it back. The Contacts screen lists them, shows the transcript
// and lets the person reply; the emulator plays the person's part through its own commands (emulator.ts).

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
const ContactId = z.string().min(1)
/** The person's message; the channel's text limit. */
export const PersonTextSchema = z.string().trim().min(1, 'Write a message first.').max(4096)
/** Free text for the person (the reason, the team). */
export const HandoverNoteSchema = z.string().trim().max(1000)
/** Variables a hand-back sets on the Hand over node's run (`{{name}}` after `returned`). */
export const HandbackVariablesSchema = Json

export const handoversCommands = {
  /** The studio's takeovers, newest first: only open ones (someone has the contact now) by default. */
  'handovers.list': {
    req: z.object({ open: z.boolean().default(true), limit: z.number().int().min(1).max(500).default(100) }),
    res: returns<{ handovers: HandoverView[] }>(),
  },
  /** One takeover with every message in it. */
  'handovers.transcript': {
    req: z.object({ id: z.string().min(1) }),
    res: returns<{ handover: HandoverView; messages: HandoverMessage[] }>(),
  },
  /** A person takes the contact's conversation (refused as `already_with_person`). */
  'handovers.start': {
    req: z.object({ contactId: ContactId, note: HandoverNoteSchema.optional() }),
    res: returns<{ handover: HandoverView }>(),
  },
  /**
   * The person gives the conversation back (refused as `not_with_person`); a run waiting at a Hand over node goes
   * on by `returned` with `variables`.
   */
  'handovers.handBack': {
    req: z.object({ contactId: ContactId, variables: HandbackVariablesSchema.default({}) }),
    res: returns<{ handback: HandbackRecord; resumed: { runId: string; port: 'returned' } | null }>(),
  },
  /** The person writes to the customer (delivered as the studio delivers everything; refused as `not_with_person`). */
  'handovers.reply': {
    req: z.object({ contactId: ContactId, text: PersonTextSchema }),
    res: returns<{ message: HandoverMessage }>(),
  },
}
