import { z } from 'zod'
import { identifier } from '../../text/identifier'
import { returns } from '../define'

// The studio's contacts (the table runs are bound to): listed, added, edited and deleted from the Contacts screen.
// Tags live in the contact's fields as `tags` (what the engine's tag actions read and write); the wire keeps them apart.
export interface ContactView {
  id: string
  name: string
  phone: string
  optedIn: boolean
  tags: string[]
  /** Custom fields, without `tags`. */
  fields: Record<string, unknown>
  lastInboundAt: number | null
  createdAt: number
  updatedAt: number
}

export const ContactInputSchema = z.object({
  /** Absent: a new contact. */
  id: z.string().min(1).optional(),
  name: identifier(z.string().trim().min(1, 'A contact needs a name.').max(120), 'A contact name'),
  phone: z.string().trim().min(1, 'A contact needs a phone number with country code.'),
  optedIn: z.boolean(),
  tags: z.array(z.string().trim().min(1).max(60)).max(50).default([]),
  fields: z.record(z.string().trim().min(1).max(60), z.string().max(1000)).default({}),
})
export type ContactInput = z.input<typeof ContactInputSchema>

export const contactsCommands = {
  /** Contacts by name; `query` matches part of the name or phone number, or a tag. */
  'contacts.list': {
    req: z.object({
      query: z.string().trim().max(200).default(''),
      limit: z.number().int().min(1).max(1000).default(500),
    }),
    res: returns<{ contacts: ContactView[] }>(),
  },
  'contacts.save': { req: ContactInputSchema, res: returns<{ contact: ContactView }>() },
  /** Deletes the contact and, with it, its runs in Flow Logs. */
  'contacts.delete': { req: z.object({ id: z.string().min(1) }), res: returns<{ deleted: true }>() },
}
