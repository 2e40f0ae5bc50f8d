import { z } from 'zod'
import { returns } from '../define'
import { FlowIdSchema } from './flows'
import { MocksSchema, type EmulatorOutcome } from './emulator'

// The emulator's clock (docs/emulator.md, "The clock"): a tester moves a test contact's time on instead of waiting,
// and the run that waits on time wakes. Skipping 24 hours closes a run waiting for the customer, as production's
// expiry would (what "+24 h" did).

/** The longest single skip: a year, far past any wait a flow can express usefully, and safe as epoch ms. */
export const MAX_SKIP_MS = 366 * 24 * 60 * 60_000

export const SkipSchema = z.discriminatedUnion('kind', [
  /** To the instant the contact's paused run falls due (refused as `nothing_due` when it does not wait on time). */
  z.strictObject({ kind: z.literal('due') }),
  /** By this many milliseconds. */
  z.strictObject({ kind: z.literal('by'), ms: z.number().int().min(1000).max(MAX_SKIP_MS) }),
])
export type Skip = z.infer<typeof SkipSchema>

export const emulatorClockCommands = {
  /**
   * Moves the contact's emulator clock on and lets time act: a paused run past its 24-hour window expires, a run
   * whose wait has fallen due wakes (`action: 'resumed'`), anything else keeps waiting (`ignored`, with a notice).
   */
  'emulator.skip': {
    req: z.strictObject({
      flowId: FlowIdSchema,
      contactId: z.string().min(1),
      to: SkipSchema,
      mocks: MocksSchema,
      /** As on `emulator.send`: enforce the 24-hour window and opt-out on what the woken run sends. */
      enforceWindow: z.boolean().default(false),
    }),
    res: returns<EmulatorOutcome & { skippedMs: number }>(),
  },
}
