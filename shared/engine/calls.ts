// The call stack (docs/engine.md, "Calls"): a Call Flow node's outcome pushes a frame and enters the callee; the
// callee's End (or a dead end, or a failure) pops it and the caller's Call Flow node leaves by done or failed. The
// run's state keeps only plain JSON (RunState.calls); the graphs of the flows on the stack live in the step.
import type { FlowDocument } from '../flow/document'
import { SYSTEM_VARIABLES } from '../flow/system-variables'
import type { EngineDeps } from './deps'
import type { StepContext } from './execute-node'
import { buildGraph, type FlowGraph } from './graph'
import { MAX_CALL_DEPTH } from './limits'
import type { NodeOutcome } from './runner'
import type { CallFrame, EngineError, RunState, Vars } from './types'

/** A call ready to enter: checked, loaded, its inputs settled. */
export interface Entry {
  frame: CallFrame
  /** The inputs the callee gets, by name (after defaults): what the call's trace event shows. */
  inputs: Vars
  graph: FlowGraph
  /** The callee's session: the system variables and its inputs, nothing else of the caller's. */
  vars: Vars
  /** The node the callee starts at. */
  entryId: string
}

type CallOutcome = Extract<NodeOutcome, { kind: 'call' }>
type Failure = Omit<EngineError, 'nodeId' | 'nodeName'>

/** How deep the run is now: 0 in its root flow. */
export function depthOf(state: RunState): number {
  return state.calls?.length ?? 0
}

/** Where a node runs, for its trace event: nothing in the root flow (the trace's absent = root, depth 0). */
export function whereOf(step: StepContext): { flowId?: string; depth?: number } {
  const depth = depthOf(step.state)
  return depth ? { flowId: step.graph.flow.id, depth } : {}
}

/** The flow and revision whose node makes a call now: the source answers relative to it (a runtime's pin). */
function callerOf(step: StepContext): { flowId: string; revision: string | null } {
  const top = step.state.calls?.at(-1)
  return { flowId: step.graph.flow.id, revision: top ? top.revision : null }
}

/**
 * Checks and loads a call: the depth limit, the callee (through EngineDeps.flows), its interface and entry, and the
 * inputs (required, default). A failure is the call node's: its failed port applies.
 */
export async function prepareCall(
  step: StepContext,
  callNodeId: string,
  call: CallOutcome,
): Promise<Entry | { error: Failure }> {
  const depth = depthOf(step.state)
  if (depth >= MAX_CALL_DEPTH)
    return failure(
      'call_depth',
      `Calling flow '${call.flowId}' would open call ${depth + 1}; at most ${MAX_CALL_DEPTH} calls may be open at once (does a flow call itself, directly or through another?).`,
    )
  if (!call.flowId.trim()) return failure('callee_missing', 'This Call Flow node names no flow to call: choose one.')
  let loaded: Awaited<ReturnType<NonNullable<EngineDeps['flows']>['load']>> = null
  try {
    loaded = (await step.deps.flows?.load(call.flowId, callerOf(step))) ?? null
  } catch (err) {
    return failure(
      'callee_missing',
      `Flow '${call.flowId}' could not be loaded: ${err instanceof Error ? err.message : String(err)}`,
    )
  }
  if (!loaded) return failure('callee_missing', `There is no flow '${call.flowId}' to call.`)
  const { doc, revision } = loaded
  if (!doc.interface)
    return failure(
      'not_callable',
      `Flow '${doc.name}' declares no interface (inputs and outputs), so no flow may call it.`,
    )
  const graph = graphOf(doc)
  const entryId = entryOfCached(graph)
  if (!entryId) return failure('no_entry', `Flow '${doc.name}' has no node to start at: its trigger leads nowhere.`)
  const inputs: Vars = {}
  for (const input of doc.interface.inputs) {
    const given = Object.prototype.hasOwnProperty.call(call.inputs, input.name) ? call.inputs[input.name] : undefined
    if (given !== undefined) inputs[input.name] = given
    else if (input.default !== undefined) inputs[input.name] = structuredClone(input.default)
    else if (input.required)
      return failure(
        'input_missing',
        `Flow '${doc.name}' needs input '${input.name}', and this call gives it no value (map it, or give the input a default).`,
      )
  }
  const vars: Vars = {}
  for (const v of SYSTEM_VARIABLES) if (v.path in step.state.vars) vars[v.path] = step.state.vars[v.path]
  Object.assign(vars, inputs)
  return {
    frame: { flowId: doc.id, revision, callNodeId, callerVars: step.state.vars },
    inputs,
    graph,
    vars,
    entryId,
  }
}

/**
 * Where a called flow starts: the node its first trigger node leads to. The trigger node itself does not run (it
 * would set trigger variables of a start that did not happen); a callable flow without a trigger starts at its first
 * node that no edge enters.
 */
export function entryOf(graph: FlowGraph): string | null {
  const doc = graph.flow
  const trigger = graph.triggers()[0]
  if (trigger) return doc.edges.find((e) => e.source === trigger.id)?.target ?? null
  const entered = new Set(doc.edges.map((e) => e.target))
  return doc.nodes.find((n) => !entered.has(n.id))?.id ?? null
}

// A callee's graph is built once per loaded document, not once per call: a flow that calls in a loop, or a host that
// keeps its documents (the runtime parses each revision once), pays for it once. Documents are never changed in place.
const graphs = new WeakMap<FlowDocument, FlowGraph>()

export function graphOf(doc: FlowDocument): FlowGraph {
  let graph = graphs.get(doc)
  if (!graph) graphs.set(doc, (graph = buildGraph(doc)))
  return graph
}

const entries = new WeakMap<FlowGraph, string | null>()

function entryOfCached(graph: FlowGraph): string | null {
  if (!entries.has(graph)) entries.set(graph, entryOf(graph))
  return entries.get(graph)!
}

/** Pushes the frame: from here the step runs the callee, with only its own session. */
export function enter(step: StepContext, entry: Entry): void {
  const { state } = step
  state.calls = [...(state.calls ?? []), entry.frame]
  state.vars = entry.vars
  step.callers.push(step.graph)
  step.graph = entry.graph
}

/** What the callee left for its caller when it stopped running: set by its End (apply, execute-node.ts). */
export interface Returned {
  returns: Vars | null
  /** The End's name, or null for a dead end. */
  at: string | null
}

/**
 * Pops the frame of a callee that stopped (an End, a dead end, a failure) and gives its caller's Call Flow node its
 * outcome: done with the declared outputs, or failed (`callee_failed`, `no_return`).
 */
export function leave(step: StepContext): { callNodeId: string; outcome: NodeOutcome; returned: Vars | null } {
  const { state } = step
  const frame = state.calls!.at(-1)!
  const callee = step.graph.flow
  const returned = step.returned ?? { returns: null, at: null }
  step.returned = undefined
  const error = state.status === 'failed' ? state.error : null
  state.calls = state.calls!.slice(0, -1)
  if (!state.calls.length) delete state.calls
  state.vars = frame.callerVars
  state.status = 'executing'
  state.error = null
  step.graph = step.callers.pop()!
  if (error)
    return {
      callNodeId: frame.callNodeId,
      returned: null,
      outcome: fail(
        'callee_failed',
        `Flow '${callee.name}' failed${error.nodeName ? ` at ${error.nodeName}` : ''}: ${error.message}`,
      ),
    }
  const outputs: Vars = {}
  const missing: string[] = []
  for (const o of callee.interface?.outputs ?? []) {
    const value = returned.returns?.[o.name]
    if (value === undefined) missing.push(o.name)
    else outputs[o.name] = value
  }
  if (missing.length)
    return {
      callNodeId: frame.callNodeId,
      returned: returned.returns,
      outcome: fail(
        'no_return',
        `Flow '${callee.name}' ended ${returned.at ? `at ${returned.at}` : 'on a path that leads nowhere'} without returning ${missing.map((m) => `'${m}'`).join(', ')}.`,
      ),
    }
  return {
    callNodeId: frame.callNodeId,
    returned: returned.returns,
    outcome: { kind: 'next', port: '', output: outputs },
  }
}

/**
 * Leaves every open call at once, back to the root flow and its session: the step's bound on nodes is the whole
 * step's (a loop through a call is a loop of the caller), so the run fails there, not at each call on the way down.
 */
export function unwindAll(step: StepContext): void {
  const root = step.state.calls?.[0]
  if (!root) return
  step.state.vars = root.callerVars
  delete step.state.calls
  step.graph = step.callers[0]!
  step.callers = []
  step.returned = undefined
}

/**
 * The flows of a paused run's open calls, outermost first, loaded again through EngineDeps.flows for a resume or a
 * wake; null when one of them can no longer be found (the run is then closed as its flow gone would be).
 */
export async function loadFrames(
  root: FlowDocument,
  state: RunState,
  deps: EngineDeps,
): Promise<FlowDocument[] | null> {
  const docs: FlowDocument[] = []
  let caller = { flowId: root.id, revision: null as string | null }
  for (const frame of state.calls ?? []) {
    const loaded = await deps.flows?.load(frame.flowId, caller).catch(() => null)
    if (!loaded) return null
    docs.push(loaded.doc)
    caller = { flowId: frame.flowId, revision: frame.revision }
  }
  return docs
}

/** The flow the run waits in: the innermost frame's, else the root's. */
export function currentFlow(root: FlowDocument, frames: readonly FlowDocument[] | undefined): FlowDocument {
  return frames?.at(-1) ?? root
}

function fail(code: string, message: string): NodeOutcome {
  return { kind: 'fail', error: { code, message } }
}

function failure(code: string, message: string): { error: Failure } {
  return { error: { code, message } }
}
