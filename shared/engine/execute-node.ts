// Executes (or resumes) one node: runner lookup, config parsing, the outcome applied to the run, one trace event.
import type { FlowNode } from '../flow/document'
import { flowSettings } from '../flow/settings'
import { EffectUnavailableError, type Effects } from './effects'
import type { EngineDeps, NodeMock } from './deps'
import type { FlowGraph } from './graph'
import { NodeFailure, type NodeOutcome, type RunContext } from './runner'
import { createRenderer, recordReads, type Renderer } from './render'
import type { MessageKind, NodeModule } from '../nodes/types'
import { messageId, messageKind } from './sent'
import { sendRefusal } from './window'
import type { Contact, EngineError, InboundEvent, OutboundMessage, RunState, TraceEvent, WaitCursor } from './types'

export interface StepContext {
  graph: FlowGraph
  state: RunState
  contact: Contact
  deps: EngineDeps
  messages: OutboundMessage[]
  trace: TraceEvent[]
  inbound: InboundEvent | null
  /** Nodes executed in this step (the loop bound). */
  executed: number
  /**
   * The step began with a wake, not with the customer: every message it sends is business-initiated, so the
   * 24-hour window is enforced whatever the host's switch says (the channel would refuse it otherwise).
   */
  woke?: boolean
}

/** A paused node continues: with the customer's event, or on time (`wake`: the clock's now). */
export type Resume = { event: InboundEvent; cursor: WaitCursor } | { wake: number; cursor: WaitCursor }

/** Returns the id of the node to execute next, or null when the run paused, ended or failed. */
export async function executeNode(step: StepContext, nodeId: string, resume: Resume | null): Promise<string | null> {
  const { state, graph } = step
  const node = graph.node(nodeId)
  if (!node) {
    state.status = 'failed'
    state.error = { code: 'missing_node', message: `The flow has no node with id '${nodeId}'.`, nodeId }
    return null
  }
  step.executed++
  const startedAt = step.deps.effects.clock.now()
  const t0 = performance.now()
  const reads = recordReads(state.vars)
  const renderer = createRenderer(reads.vars)
  const outcome = refuseSend(step, await outcomeOf(step, node, reads.vars, renderer, resume))
  const input = { ...resumeInput(resume), vars: reads.read() }
  const { port, next } = apply(step, node, outcome, resume)
  const seq = state.nodeCount++
  // apply() sent exactly these: a failed node's messages never go out.
  const sent = outcome.kind === 'next' || outcome.kind === 'wait' ? (outcome.messages ?? []) : []
  step.trace.push({
    runId: state.id,
    seq,
    nodeId: node.id,
    nodeName: node.name,
    nodeType: node.type,
    phase: resume ? 'resume' : 'run',
    input,
    output: traceOutput(outcome),
    port,
    startedAt,
    durationMs: performance.now() - t0,
    error: outcome.kind === 'fail' ? withNode(outcome.error, node) : null,
    warnings: renderer.warnings,
    messageIds: sent.map((_, i) => messageId(state.id, seq, i)),
  })
  return next
}

async function outcomeOf(
  step: StepContext,
  node: FlowNode,
  vars: RunState['vars'],
  renderer: Renderer,
  resume: Resume | null,
): Promise<NodeOutcome> {
  const { deps } = step
  if (resume && 'wake' in resume) return wakeOutcome(resume.cursor, resume.wake)
  const mock = resume ? undefined : deps.mocks?.[node.name]
  const definition = deps.catalog.node(node.type)
  if (!definition) return fail('no_runner', `Node type '${node.type}' is unknown to this version of the engine.`)
  const parsed = definition.configSchema.safeParse(node.config)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    const where = issue && issue.path.length ? ` at ${issue.path.join('.')}` : ''
    return fail('invalid_config', `Node '${node.name}' has an invalid configuration${where}: ${issue?.message ?? ''}`)
  }
  if (mock && mock.response === undefined) {
    if (mock.error !== undefined) return { kind: 'fail', error: { code: 'mocked_failure', message: mock.error } }
    const port = mock.port ?? definition.ports(parsed.data)[0]?.id
    return port === undefined ? { kind: 'end', output: mock.output } : { kind: 'next', port, output: mock.output }
  }
  const ctx: RunContext<unknown> = {
    node,
    config: parsed.data,
    vars,
    contact: step.contact,
    settings: flowSettings(step.graph.flow),
    trigger: step.state.trigger,
    effects: mock?.response
      ? answeredBy(deps.effects, mock.response)
      : (deps.nodeEffects?.(node, deps.effects) ?? deps.effects),
    render: renderer.render,
    evaluate: renderer.evaluate,
    rules: renderer.rules,
  }
  try {
    const { runner } = definition
    if (resume && !runner.resume) return fail('not_waiting', `Node '${node.name}' does not wait for the customer.`)
    const outcome = resume ? await runner.resume!(ctx, resume.event, resume.cursor) : await runner.run(ctx)
    return undeclaredSend(definition, node, outcome) ?? badWait(node, outcome) ?? outcome
  } catch (err) {
    if (err instanceof NodeFailure || err instanceof EffectUnavailableError) return fail(err.code, err.message)
    return fail('node_error', `Node '${node.name}' failed: ${err instanceof Error ? err.message : String(err)}`)
  }
}

/**
 * A runner may send only the message kinds its module declares (`sends`): the docs, the emulator and the channel
 * checks rely on that list, so a send outside it fails the node instead of reaching the customer.
 */
function undeclaredSend(module: NodeModule<string, unknown>, node: FlowNode, outcome: NodeOutcome): NodeOutcome | null {
  if (outcome.kind !== 'next' && outcome.kind !== 'wait') return null
  const kind = outcome.messages?.map(messageKind).find((k) => !module.sends.includes(k as MessageKind))
  return kind
    ? fail('undeclared_message', `Node '${node.name}' sent a ${kind} message, which its node type does not declare.`)
    : null
}

/** A node whose messages may not go out (window closed, opted out) fails instead, sending nothing. */
function refuseSend(step: StepContext, outcome: NodeOutcome): NodeOutcome {
  if (
    !(step.deps.serviceWindow || step.woke) ||
    (outcome.kind !== 'next' && outcome.kind !== 'wait') ||
    !outcome.messages?.length
  )
    return outcome
  const refusal = sendRefusal(outcome.messages, step.state, step.contact, step.deps.effects.clock.now())
  return refusal ? { kind: 'fail', error: refusal } : outcome
}

/** What a paused node records when its time comes: it leaves by the port its wait named (docs/engine.md). */
function wakeOutcome(cursor: WaitCursor, now: number): NodeOutcome {
  if (cursor.until === undefined || !cursor.timeoutPort)
    return fail('invalid_wait', 'The run was woken, but its node waits on no time.')
  const output = { until: new Date(cursor.until).toISOString(), woke_at: new Date(now).toISOString() }
  return { kind: 'next', port: cursor.timeoutPort, output }
}

/** A wait the engine cannot keep: on time without an instant or a port, or for nobody at all. */
function badWait(node: FlowNode, outcome: NodeOutcome): NodeOutcome | null {
  if (outcome.kind !== 'wait') return null
  const { until, timeoutPort, customer } = outcome
  if (until === undefined && customer !== false) return null
  if (until !== undefined && Number.isFinite(until) && timeoutPort) return null
  return fail('invalid_wait', `Node '${node.name}' waits on time without a valid instant and port.`)
}

function resumeInput(resume: Resume | null): Record<string, unknown> {
  if (!resume) return {}
  if ('event' in resume) return { event: resume.event }
  return { wake: { until: new Date(resume.cursor.until ?? 0).toISOString(), at: new Date(resume.wake).toISOString() } }
}

function fail(code: string, message: string): NodeOutcome {
  return { kind: 'fail', error: { code, message } }
}

function withNode(error: Omit<EngineError, 'nodeId' | 'nodeName'>, node: FlowNode): EngineError {
  return { ...error, nodeId: node.id, nodeName: node.name }
}

/** The failure port's id: every node type that can fail names it 'failure' (shared/nodes definitions). */
const FAILURE_PORT = 'failure'

function apply(
  step: StepContext,
  node: FlowNode,
  outcome: NodeOutcome,
  resume: Resume | null,
): { port: string | null; next: string | null } {
  const { state, graph } = step
  switch (outcome.kind) {
    case 'next': {
      Object.assign(state.vars, outcome.vars)
      if (outcome.output !== undefined) state.vars[node.name] = outcome.output
      if (outcome.messages) step.messages.push(...outcome.messages)
      return { port: outcome.port, next: graph.next(node.id, outcome.port) }
    }
    case 'wait': {
      Object.assign(state.vars, outcome.vars)
      if (outcome.output !== undefined) state.vars[node.name] = outcome.output
      step.messages.push(...outcome.messages)
      const now = step.deps.effects.clock.now()
      if (outcome.until !== undefined && outcome.until <= now) {
        // Its time has already come (a Wait for an instant that has passed): the wake is now, within this step, so
        // no run is ever left due at the instant it paused.
        const woke = wakeOutcome(
          { nodeId: node.id, attempts: 0, until: outcome.until, timeoutPort: outcome.timeoutPort },
          now,
        )
        if (woke.kind === 'next') {
          state.vars[node.name] = woke.output
          return { port: woke.port, next: graph.next(node.id, woke.port) }
        }
      }
      state.status = 'paused'
      state.waiting = {
        nodeId: node.id,
        attempts: resume ? resume.cursor.attempts + 1 : 0,
        data: outcome.data,
        ...(outcome.until !== undefined ? { until: outcome.until, timeoutPort: outcome.timeoutPort } : {}),
        ...(outcome.customer === false ? { customer: false as const } : {}),
      }
      return { port: null, next: null }
    }
    case 'end': {
      if (outcome.output !== undefined) state.vars[node.name] = outcome.output
      state.status = 'ended'
      state.endReason = 'completed'
      return { port: null, next: null }
    }
    case 'call':
      // Calls are carried out by the run loop (machine.ts); an engine without it fails the node.
      return apply(
        step,
        node,
        { kind: 'fail', error: { code: 'callee_missing', message: `Flow '${outcome.flowId}' cannot be called here.` } },
        resume,
      )
    case 'fail': {
      // The error is readable by later nodes ({{http_call_1.error.message}}) when the failure port handles it.
      state.vars[node.name] = { ...(isObject(outcome.output) ? outcome.output : {}), error: outcome.error }
      const next = graph.next(node.id, FAILURE_PORT)
      if (next) return { port: FAILURE_PORT, next }
      state.status = 'failed'
      state.error = withNode(outcome.error, node)
      return { port: null, next: null }
    }
  }
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v)
}

/** What the trace shows a node produced; console lines (a Script's) ride along under `console`. */
function traceOutput(outcome: NodeOutcome): unknown {
  const base =
    outcome.kind === 'fail' ? { error: outcome.error } : 'output' in outcome ? (outcome.output ?? null) : null
  const logs = outcome.kind === 'next' || outcome.kind === 'fail' ? outcome.logs : undefined
  if (!logs?.length) return base
  return { ...(isObject(base) ? base : { value: base }), console: logs }
}

/** The effects with HTTP answered by a written response (a conversation test's mock), never the network. */
function answeredBy(effects: Effects, response: NonNullable<NodeMock['response']>): Effects {
  const headers: Record<string, string> = {}
  for (const [k, v] of Object.entries(response.headers ?? {})) headers[k.toLowerCase()] = v
  const reply = { status: response.status ?? 200, headers, body: response.body ?? '' }
  return { ...effects, http: { request: async () => reply } }
}
