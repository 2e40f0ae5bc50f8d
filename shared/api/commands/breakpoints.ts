import { z } from 'zod'
import { BreakpointSchema, MAX_BREAKPOINTS, MAX_CONDITION_LENGTH } from '../../flow/debug'
import type { Breakpoint } from '../../engine/debug/types'
import { returns } from '../define'
import { FlowIdSchema } from './flows'

// The debugger's breakpoints (issue 32), kept per flow in the studio's database, not in the flow's document
// (docs/emulator.md, "Debugging"). `breakpoints.set` replaces the flow's whole list: the canvas owns the list and its
// undo history, so one call carries one edit, in order. The back end refuses a breakpoint on a node or connection
// the stored flow does not have (`breakpoint.target_unknown`) and a condition that does not parse
// (`breakpoint.condition_invalid`), each with the path, so the list shows it beside the breakpoint.

// The schema and its bounds are the flow document's own (an export can carry breakpoints: shared/flow/debug.ts).
export { BreakpointSchema, MAX_BREAKPOINTS, MAX_CONDITION_LENGTH }

/** One breakpoint: the engine's shape (shared/engine/debug/types.ts); the schema must read exactly it. */
export type BreakpointValue = Breakpoint
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false
const sameShape: Same<z.output<typeof BreakpointSchema>, Breakpoint> = true
void sameShape

export const breakpointsCommands = {
  /** The flow's breakpoints in the order they were set; those whose node or connection is gone are left out. */
  'breakpoints.list': {
    req: z.object({ flowId: FlowIdSchema }),
    res: returns<BreakpointValue[]>(),
  },
  /** Replaces the flow's breakpoints with these (all or nothing) and answers the list as stored. */
  'breakpoints.set': {
    req: z.object({
      flowId: FlowIdSchema,
      breakpoints: z.array(BreakpointSchema).max(MAX_BREAKPOINTS),
    }),
    res: returns<BreakpointValue[]>(),
  },
}
