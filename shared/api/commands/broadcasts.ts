import { z } from 'zod'
import { returns } from '../define'
import {
  BroadcastContactSchema,
  BroadcastSpecSchema,
  MAX_BROADCAST_CONTACTS,
  RECIPIENT_STATES,
  type BroadcastContact,
  type BroadcastView,
  type DryRunReport,
  type RecipientState,
  type RecipientView,
  type RefusedRow,
} from '../../broadcast/types'

// Broadcasts (docs/runtime.md, "Broadcasts"): planned and run in the studio (`target: 'studio'`, its contacts and
// RunService) or on a production server through its publish API (`{ serverId }`, a server of publish.servers).
export const BroadcastTargetSchema = z.union([
  z.literal('studio'),
  z.object({ serverId: z.string().min(1).describe('A production server of publish.servers.list.') }),
])
export type BroadcastTarget = z.infer<typeof BroadcastTargetSchema>

const targetAndId = z.object({ target: BroadcastTargetSchema, id: z.string().min(1) })

export const broadcastsCommands = {
  /** Reads a CSV of contacts (header row with a `phone` column): validation only, nothing is saved. */
  'broadcasts.importCsv': {
    req: z.object({
      text: z.string().max(32 * 1024 * 1024),
      /** ISO 3166 country of numbers written without a country code, e.g. `GB`. */
      defaultCountry: z
        .string()
        .regex(/^[A-Z]{2}$/, 'A two-letter country code, e.g. GB.')
        .optional(),
    }),
    res: returns<{ contacts: BroadcastContact[]; refused: RefusedRow[] }>(),
  },
  /** Adds imported contacts to the studio's contacts (a number already there has its fields and tags updated). */
  'broadcasts.saveContacts': {
    req: z.object({ contacts: z.array(BroadcastContactSchema).min(1).max(MAX_BROADCAST_CONTACTS) }),
    res: returns<{ imported: number; updated: number }>(),
  },
  'broadcasts.dryRun': {
    req: z.object({ target: BroadcastTargetSchema, spec: BroadcastSpecSchema }),
    res: returns<{ report: DryRunReport }>(),
  },
  'broadcasts.create': {
    req: z.object({ target: BroadcastTargetSchema, spec: BroadcastSpecSchema }),
    res: returns<{ broadcast: BroadcastView }>(),
  },
  'broadcasts.list': {
    req: z.object({ target: BroadcastTargetSchema }),
    res: returns<{ broadcasts: BroadcastView[] }>(),
  },
  'broadcasts.get': { req: targetAndId, res: returns<{ broadcast: BroadcastView }>() },
  'broadcasts.recipients': {
    req: targetAndId.extend({
      state: z.enum(RECIPIENT_STATES as [RecipientState, ...RecipientState[]]).optional(),
      /** The previous page's `next`. */
      after: z.number().int().min(0).optional(),
      limit: z.number().int().min(1).max(500).default(100),
    }),
    res: returns<{ recipients: RecipientView[]; next: number | null }>(),
  },
  'broadcasts.pause': { req: targetAndId, res: returns<{ broadcast: BroadcastView }>() },
  'broadcasts.resume': { req: targetAndId, res: returns<{ broadcast: BroadcastView }>() },
  'broadcasts.cancel': { req: targetAndId, res: returns<{ broadcast: BroadcastView }>() },
  /** The results per contact as CSV (docs/runtime.md, "Broadcasts": the columns). */
  'broadcasts.resultsCsv': { req: targetAndId, res: returns<{ fileName: string; text: string }>() },
}
