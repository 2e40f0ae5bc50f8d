import type { Breakpoint, DebugHooks, NodeMock, Vars, WatchHistory } from '../../../shared/engine'
import { conditionTemplate, debugHooks } from '../../../shared/engine'
import { evaluateTemplate } from '../../../shared/expr'
import { breakpointStore } from '../breakpoints/store'
import type { HandlerContext, ServiceFactory } from '../handlers/types'
import type { FlowDocument } from '../../../shared/flow/document'
import { flowStore } from '../../services/store/flows'

// Who has the debugger attached, and what it keeps between steps: per flow and test contact, in memory (a pause
// itself is the run's, RunState.debug, stored with it). The breakpoints are the flow's stored ones
// (electron/studio/breakpoints), unless `debug.attach` was given a list for this session.

/** How many values a watch keeps: the panel shows the recent history, not a whole long run. */
export const WATCH_HISTORY = 200

export interface DebugSession {
  attached: boolean
  /** Replaces the stored breakpoints of the flow under debug while set (debug.attach's `breakpoints`). */
  breakpoints: Breakpoint[] | null
  watches: WatchHistory[]
  /** Counts the steps the watches were evaluated at. */
  step: number
  /** A saved test played under the debugger stopped at a failed expectation of this run. */
  failed: { runId: string; turn: number; message: string } | null
  /** The mocks the run goes on with (a debugged saved test's own). */
  mocks: Record<string, NodeMock> | undefined
  /** The phone's "Enforce 24 h window" as its last start or reply had it: the debugger goes on under it. */
  enforceWindow: boolean
}

export class DebugSessions {
  private readonly all = new Map<string, DebugSession>()

  get(flowId: string, contactId: string): DebugSession | null {
    return this.all.get(key(flowId, contactId)) ?? null
  }

  /** The session of this flow and contact, made when new (detached). */
  ensure(flowId: string, contactId: string): DebugSession {
    const k = key(flowId, contactId)
    let s = this.all.get(k)
    if (!s) {
      s = {
        attached: false,
        breakpoints: null,
        watches: [],
        step: 0,
        failed: null,
        mocks: undefined,
        enforceWindow: false,
      }
      this.all.set(k, s)
    }
    return s
  }
}

const key = (flowId: string, contactId: string) => `${flowId}\u0000${contactId}`

export const debugSessions: ServiceFactory<DebugSessions> = () => new DebugSessions()

/**
 * Where the run stops: at the breakpoints while attached, and before every next node for a Step. Undefined: not
 * attached and not stepping, the run goes as without a debugger. Each flow's breakpoints are read once per command.
 */
export function hooksFor(
  ctx: HandlerContext,
  flowId: string,
  contactId: string,
  step = false,
  /** The flow under debug, when the caller has read it already (its breakpoints are then not read again). */
  root?: FlowDocument,
): DebugHooks | undefined {
  const session = ctx.service(debugSessions).get(flowId, contactId)
  if (!session?.attached && !step) return undefined
  const read = new Map<string, readonly Breakpoint[]>()
  const breakpoints = (id: string): readonly Breakpoint[] => {
    if (!session?.attached) return []
    if (id === flowId && session.breakpoints) return session.breakpoints
    let list = read.get(id)
    if (!list) {
      list = storedOf(ctx, id, id === root?.id ? root : undefined)
      read.set(id, list)
    }
    return list
  }
  return debugHooks({ breakpoints, step })
}

function storedOf(ctx: HandlerContext, flowId: string, doc?: FlowDocument): Breakpoint[] {
  try {
    return ctx.service(breakpointStore).forFlow(doc ?? ctx.service(flowStore).get(flowId).document)
  } catch {
    // A called flow deleted meanwhile has no breakpoints: the call itself fails as it would without a debugger.
    return []
  }
}

/** Evaluates each watch on the run's variables after a step and adds the value to its history. */
export function recordWatches(session: DebugSession, vars: Vars): void {
  session.step++
  for (const w of session.watches) {
    w.history.push({ step: session.step, ...watchValue(w.expression, vars) })
    if (w.history.length > WATCH_HISTORY) w.history.splice(0, w.history.length - WATCH_HISTORY)
  }
}

/** A watch is one expression, written like a breakpoint's condition ('{{cart_total}} * 2' is read whole). */
export function watchValue(expression: string, vars: Vars): { value: unknown; error?: string } {
  const out = evaluateTemplate(conditionTemplate(expression), vars)
  const error = out.errors.find((e) => e.severity === 'error')
  return error ? { value: null, error: error.message } : { value: out.value }
}
