import { z } from 'zod'
import { returns } from '../define'

// The manual trigger (docs/integrations.md, "Manual trigger"): an operator starts a flow for a few contacts.
export const MAX_MANUAL_CONTACTS = 5

export const ManualTargetSchema = z.union([
  z.object({ contactId: z.string().min(1).describe('A contact of the studio.') }),
  z.object({
    phone: z
      .string()
      .min(1)
      .describe('A phone number with country code, e.g. +919800000001; a new number becomes a contact.'),
  }),
])
export type ManualTarget = z.infer<typeof ManualTargetSchema>

/** Message credits per delivered template, by category, and the channel's free cases (docs/emulator.md, Enforce 24 h window). */
export const CreditRuleSchema = z.object({
  MARKETING: z.number().nonnegative().finite().default(2),
  UTILITY: z.number().nonnegative().finite().default(1),
  AUTHENTICATION: z.number().nonnegative().finite().default(1),
  /** A utility template sent while the customer's 24-hour window is open is free. */
  utilityFreeInWindow: z.boolean().default(true),
})
export type CreditRule = z.infer<typeof CreditRuleSchema>

export type ManualStatus = 'succeeded' | 'failed' | 'blocked'

export interface ManualContactResult {
  /** What the operator picked, as given: a contact id or a typed phone number. */
  target: string
  contactId: string | null
  name: string | null
  phone: string | null
  status: ManualStatus
  /** Failed and Blocked: why, in a sentence, with a stable code. */
  error: { code: string; message: string } | null
  runId: string | null
  /** Message credits this start used. */
  cost: number
  /** The templates sent, each with the credits it cost (0 for a free case). */
  templates: Array<{ name: string; category: string; credits: number }>
}

export const manualCommands = {
  'manual.trigger': {
    req: z.object({
      flowId: z.string().min(1),
      contacts: z.array(ManualTargetSchema).min(1, 'Pick at least one contact.'),
      /** Extra data for the run ({{trigger_1.data.…}}). */
      data: z.record(z.string(), z.json()).default({}),
      triggerNodeId: z.string().optional(),
    }),
    res: returns<{ results: ManualContactResult[]; totalCost: number }>(),
  },
  'manual.creditRule': { req: z.object({}), res: returns<{ rule: CreditRule }>() },
  'manual.setCreditRule': { req: z.object({ rule: CreditRuleSchema }), res: returns<{ rule: CreditRule }>() },
}
