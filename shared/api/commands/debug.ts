import { z } from 'zod'
import { returns } from '../define'
import { FlowIdSchema } from './flows'
import { CustomerEventSchema, MocksSchema, type EmulatorSession } from './emulator'

// The debugger (issue #32, docs/emulator.md "Debugging"): pausing is a state of the emulator's run, so every command
// acts on the contact's run of the flow and answers the whole EmulatorSession, whose `debug` is the panel's view.
// A command that needs a paused run answers `not_paused` when the run is not stopped by the debugger.

/** A breakpoint as the debug API takes it (the same shape as shared/engine/debug/types.ts, Breakpoint). */
export const BreakpointSchema = z.object({
  id: z.string().min(1),
  at: z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('node'), nodeId: z.string().min(1) }),
    z.object({ kind: z.literal('edge'), edgeId: z.string().min(1) }),
  ]),
  enabled: z.boolean().default(true),
  condition: z.string().optional(),
})

const Target = { flowId: FlowIdSchema, contactId: z.string().min(1) }

/** Bounds that keep a hostile request small; a person's edits and watch lists are far below them. */
export const MAX_WATCHES = 50
const MAX_JSON = 1_000_000
const Session = returns<EmulatorSession>()

export const debugCommands = {
  /**
   * Attaches the debugger to this contact's runs of the flow (on) or detaches it (off: a paused run goes on as if
   * continued). While attached, emulator.start / emulator.send stop at the flow's enabled breakpoints. `breakpoints`
   * replaces the flow's stored ones for this session (tests and hosts without the canvas's storage).
   */
  'debug.attach': {
    req: z.object({ ...Target, on: z.boolean(), breakpoints: z.array(BreakpointSchema).optional() }),
    res: Session,
  },
  /** Goes on from the pause until the next breakpoint, a waiting node or the run's end. */
  'debug.continue': { req: z.object({ ...Target, mocks: MocksSchema }), res: Session },
  /** Runs the paused node and stops before the next one (into a called flow, or back out to its caller). */
  'debug.step': { req: z.object({ ...Target, mocks: MocksSchema }), res: Session },
  /** Answers the waiting node with this event and stops before the node that follows. */
  'debug.stepOver': { req: z.object({ ...Target, event: CustomerEventSchema, mocks: MocksSchema }), res: Session },
  /** Ends the paused run (as cancelled) and runs nothing more. */
  'debug.stop': { req: z.object(Target), res: Session },
  /** Sets one variable of the paused run; `path` is a name or a dotted path ('order.total'), `json` its JSON text. */
  'debug.setVariable': {
    req: z.object({ ...Target, path: z.string().min(1).max(500), json: z.string().max(MAX_JSON) }),
    res: Session,
  },
  /** Replaces a node's output in the paused run's variables (what {{<node name>.…}} reads), as JSON text. */
  'debug.setNodeOutput': {
    req: z.object({ ...Target, nodeName: z.string().min(1).max(200), json: z.string().max(MAX_JSON) }),
    res: Session,
  },
  /**
   * Runs only what follows `nodeId` in a new run, with the variables of the contact's latest run (or `vars`, which
   * replace them): the path is drawn anew. Breakpoints apply while attached; the node itself runs first.
   */
  'debug.runFrom': {
    req: z.object({
      ...Target,
      nodeId: z.string().min(1),
      vars: z.record(z.string(), z.json()).optional(),
      mocks: MocksSchema,
    }),
    res: Session,
  },
  /** The expressions evaluated after every step (their history restarts for expressions that are new). */
  'debug.watches': {
    req: z.object({ ...Target, expressions: z.array(z.string().max(2000)).max(MAX_WATCHES) }),
    res: Session,
  },
  /**
   * Plays a saved conversation test with the debugger attached until the first breakpoint or the first expectation
   * that fails; the session's `debug.failedExpectation` says which.
   */
  'debug.test': { req: z.object({ ...Target, testId: z.string().min(1) }), res: Session },
}
