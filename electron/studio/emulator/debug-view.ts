import type { FlowDocument } from '../../../shared/flow/document'
import type { DebugPause, DebugView, RenderedField, RunState, Vars } from '../../../shared/engine'
import { evaluateTemplate } from '../../../shared/expr'
import { flowStore } from '../../services/store/flows'
import type { HandlerContext } from '../handlers/types'
import type { DebugSession } from './debug-sessions'

// What the debug panel draws (EmulatorSession.debug): where the run stopped, its call stack, the node there with
// every {{ }} of its config evaluated on the run's variables, and the watches' history.

export function debugView(ctx: HandlerContext, session: DebugSession, state: RunState | null): DebugView {
  // Each flow is read (and its stored document parsed) once per view: a 500-node flow costs milliseconds to read.
  const read = new Map<string, FlowDocument | null>()
  const docOf = (flowId: string) => {
    if (!read.has(flowId)) read.set(flowId, storedDoc(ctx, flowId))
    return read.get(flowId)!
  }
  const paused = state ? pauseOf(session, state) : null
  const stack = state && state.status === 'paused' ? stackOf(docOf, state) : []
  const top = stack.at(-1)
  const doc = top ? docOf(top.flowId) : null
  const node = top && doc ? doc.nodes.find((n) => n.id === top.nodeId) : undefined
  const view: DebugView = {
    paused,
    stack,
    node: node
      ? {
          nodeId: node.id,
          name: node.name,
          type: node.type,
          config: node.config,
          rendered: renderedFields(node.config, state!.vars),
        }
      : null,
    watches: session.watches,
  }
  if (state && session.failed?.runId === state.id)
    view.failedExpectation = { turn: session.failed.turn, message: session.failed.message }
  return view
}

/** The debugger's pause; a saved test stopped at a failed expectation shows the node its run waits at. */
function pauseOf(session: DebugSession, state: RunState): DebugPause | null {
  if (state.status !== 'paused') return null
  if (state.debug) return state.debug
  if (session.failed?.runId !== state.id || !state.waiting) return null
  const depth = state.calls?.length ?? 0
  return { reason: 'expectation', nodeId: state.waiting.nodeId, flowId: flowIdAt(state, depth), depth }
}

const flowIdAt = (state: RunState, depth: number) => (depth ? state.calls![depth - 1]!.flowId : state.flowId)

/** Outermost first: each flow of the run and the node it is at (a caller: its Call Flow node). */
function stackOf(docOf: (flowId: string) => FlowDocument | null, state: RunState): DebugView['stack'] {
  const calls = state.calls ?? []
  const here = state.debug?.nodeId ?? state.waiting?.nodeId ?? ''
  return [state.flowId, ...calls.map((c) => c.flowId)].map((flowId, i) => ({
    flowId,
    flowName: docOf(flowId)?.name ?? flowId,
    nodeId: i < calls.length ? calls[i]!.callNodeId : here,
  }))
}

function storedDoc(ctx: HandlerContext, flowId: string): FlowDocument | null {
  try {
    return ctx.service(flowStore).get(flowId).document
  } catch {
    return null
  }
}

/** Every string of the config holding a placeholder, with its path ('buttons.0.title') and what it evaluates to. */
export function renderedFields(config: unknown, vars: Vars): RenderedField[] {
  const out: RenderedField[] = []
  const walk = (v: unknown, path: string) => {
    if (typeof v === 'string') {
      if (!v.includes('{{')) return
      const r = evaluateTemplate(v, vars)
      const error = r.errors.find((e) => e.severity === 'error')
      out.push({ path, template: v, value: r.value, ...(error ? { error: error.message } : {}) })
    } else if (Array.isArray(v)) v.forEach((x, i) => walk(x, path ? `${path}.${i}` : String(i)))
    else if (v && typeof v === 'object')
      for (const [k, x] of Object.entries(v as Record<string, unknown>)) walk(x, path ? `${path}.${k}` : k)
  }
  walk(config, '')
  return out
}
