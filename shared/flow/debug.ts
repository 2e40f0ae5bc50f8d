import { z } from 'zod'
import { identifier } from '../text/identifier'

// The debugger's breakpoints as a flow document may carry them (issue 32): only in a file exported with "Include
// breakpoints", under the document's optional `debug.breakpoints`. The studio keeps them beside the flow, never in
// its stored document: an import moves them into the breakpoints store (docs/flow-format.md, "Breakpoints").

/** Upper bounds: a designer sets a handful; these only keep a hostile request or file small. */
export const MAX_BREAKPOINTS = 1000
export const MAX_CONDITION_LENGTH = 2000

const TargetIdSchema = identifier(z.string().min(1).max(200), 'A node or connection id')

export const BreakpointSchema = z.strictObject({
  id: identifier(z.string().min(1).max(100), 'A breakpoint id'),
  at: z.discriminatedUnion('kind', [
    z.strictObject({ kind: z.literal('node'), nodeId: TargetIdSchema }),
    z.strictObject({ kind: z.literal('edge'), edgeId: TargetIdSchema }),
  ]),
  enabled: z.boolean(),
  /** An expression, e.g. `{{cart_total}} > 100`: the run stops only when it is true. */
  condition: z.string().max(MAX_CONDITION_LENGTH).optional(),
})

export const FlowDebugSchema = z
  .strictObject({
    breakpoints: z
      .array(BreakpointSchema)
      .max(MAX_BREAKPOINTS)
      .describe('Breakpoints on nodes ({kind: "node", nodeId}) or connections ({kind: "edge", edgeId}).'),
  })
  .describe(
    'Debugger state exported on request ("Include breakpoints"); an import moves it into the studio and never stores it in the flow.',
  )

export type FlowDebug = z.infer<typeof FlowDebugSchema>
