// Executes (or resumes) one node: runner lookup, config parsing, the outcome applied to the run, one trace event.
import type { FlowNode } from '../flow/document'
import { flowSettings } from '../flow/settings'
import { EffectUnavailableError, ModelError, type Effects } from './effects'
import type { EngineDeps, NodeMock } from './deps'
import type { FlowGraph } from './graph'
import { NodeFailure, type NodeOutcome, type RunContext } from './runner'
import { createRenderer, recordReads, type Renderer } from './render'
import type { MessageKind, NodeModule, Port } from '../nodes/types'
import { messageId, messageKind } from './sent'
import { sendRefusal } from './window'
import { depthOf, enter, leave, prepareCall, whereOf, type Entry, type Returned } from './calls'
import { flowLanguages } from '../flow/languages'
import type { LanguageChoice } from './language'
import { localizeConfig, type LocalizedConfig } from './localize'
import { fallbackOf, withLanguage } from './language-trace'
import { contactVar } from './session'
import type { Contact, EngineError, HandoverChange, InboundEvent, OutboundMessage, RunState, TraceEvent } from './types'
import { handoverStart, resumeInput, resumeOutcome, wakeOutcome, type Resume } from './resume'

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
  /** The graphs of the flows below the current one on the call stack, root first (state.calls has one per flow above). */
  callers: FlowGraph[]
  /** Set by a called flow's End: what it returns to the caller (calls.ts, leave). */
  returned?: Returned
  /** How the run's language was chosen, for the run's first trace event (a flow of several languages only). */
  languageChoice?: LanguageChoice
  /** A node changed the run's language in this step: the host stores it on the contact (StepResult.contactLanguage). */
  languageChanged?: boolean
  /** A Hand over node put the contact with a person in this step, or a hand-back ended it (StepResult.handover). */
  handover?: HandoverChange
}

export type { Resume }

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
  const localized = localizedConfig(step, node)
  let outcome = refuseSend(step, await outcomeOf(step, node, reads.vars, renderer, resume, localized))
  let entry: Entry | null = null
  if (outcome.kind === 'call') {
    const prepared = await prepareCall(step, node.id, outcome)
    if ('error' in prepared) outcome = { kind: 'fail', error: prepared.error }
    else entry = prepared
  }
  const input = { ...resumeInput(resume), vars: reads.read() }
  const where = whereOf(step)
  const { port, next } = entry ? { port: null, next: entered(step, entry) } : apply(step, node, outcome, resume)
  const output = entry ? { flowId: entry.frame.flowId, inputs: entry.inputs } : traceOutput(outcome)
  const phase = resume ? 'resume' : 'run'
  record(step, node, { phase, input, output, port, startedAt, t0, where, localized }, outcome, renderer)
  return next
}

/** The run's language: a run stored before languages existed speaks its flow's default. */
function runLanguage(step: StepContext): string {
  return step.state.language ?? flowLanguages(step.graph.flow).default
}

/** The node's config in the run's language, from the translations of the flow the node belongs to. */
function localizedConfig(step: StepContext, node: FlowNode): LocalizedConfig {
  return localizeConfig(node, runLanguage(step), step.graph.flow, step.deps.catalog)
}

/** The callee's first node: the frame is pushed, and from here the step runs the callee. */
function entered(step: StepContext, entry: Entry): string {
  enter(step, entry)
  return entry.entryId
}

/**
 * A called flow stopped (its End, a dead end, a failure): its frame is popped and the caller's Call Flow node
 * completes, traced as its resume, leaving by its first port with the outputs or by its failure port. Returns the
 * caller's next node.
 */
export function returnFromCall(step: StepContext): string | null {
  const startedAt = step.deps.effects.clock.now()
  const t0 = performance.now()
  const left = leave(step)
  const node = step.graph.node(left.callNodeId)
  if (!node) {
    step.state.status = 'failed'
    step.state.error = { code: 'missing_node', message: `The flow has no node with id '${left.callNodeId}'.` }
    return null
  }
  let outcome = left.outcome
  if (outcome.kind === 'next') {
    const port = portsOf(step, node).find((p) => p.kind !== 'failure')?.id
    outcome = port ? { ...outcome, port } : { kind: 'end', output: outcome.output }
  }
  const where = whereOf(step)
  const { port, next } = apply(step, node, outcome, null)
  const input = { returned: left.returned }
  const output = traceOutput(outcome)
  record(step, node, { phase: 'resume', input, output, port, startedAt, t0, where }, outcome, null)
  return next
}

interface Recorded {
  phase: TraceEvent['phase']
  input: unknown
  output: unknown
  port: string | null
  startedAt: number
  t0: number
  where: { flowId?: string; depth?: number }
  localized?: LocalizedConfig
}

function record(step: StepContext, node: FlowNode, r: Recorded, outcome: NodeOutcome, renderer: Renderer | null) {
  const { state } = step
  const seq = state.nodeCount++
  // apply() sent exactly these: a failed node's messages never go out.
  const sent = outcome.kind === 'next' || outcome.kind === 'wait' ? (outcome.messages ?? []) : []
  // Said only of a node that sent something: a resume that took the answer sent no text of the node's.
  const fallback = sent.length ? fallbackOf(r.localized, flowLanguages(step.graph.flow).default) : null
  const output = seq === 0 && step.languageChoice ? withLanguage(r.output, step.languageChoice) : r.output
  step.trace.push({
    runId: state.id,
    seq,
    nodeId: node.id,
    nodeName: node.name,
    nodeType: node.type,
    phase: r.phase,
    input: r.input,
    output,
    port: r.port,
    startedAt: r.startedAt,
    durationMs: performance.now() - r.t0,
    error: outcome.kind === 'fail' ? withNode(outcome.error, node) : null,
    warnings: fallback ? [...(renderer?.warnings ?? []), fallback.warning] : (renderer?.warnings ?? []),
    messageIds: sent.map((_, i) => messageId(state.id, seq, i)),
    ...(outcome.kind === 'next' && outcome.detail ? { detail: outcome.detail } : {}),
    ...r.where,
    ...(fallback ? { translation: fallback.translation } : {}),
  })
}

// A node's ports depend only on its config, and documents are never changed in place: read once per node object
// (a call's return asks for them on every call).
const knownPorts = new WeakMap<FlowNode, Port[]>()

/** The node's ports as its type declares them for its config; none for a type or config the engine cannot read. */
function portsOf(step: StepContext, node: FlowNode): Port[] {
  const known = knownPorts.get(node)
  if (known) return known
  const definition = step.deps.catalog.node(node.type)
  const parsed = definition?.configSchema.safeParse(node.config)
  const ports = definition && parsed?.success ? definition.ports(parsed.data) : []
  knownPorts.set(node, ports)
  return ports
}

async function outcomeOf(
  step: StepContext,
  node: FlowNode,
  vars: RunState['vars'],
  renderer: Renderer,
  resume: Resume | null,
  localized: LocalizedConfig,
): Promise<NodeOutcome> {
  const { deps } = step
  if (resume && 'wake' in resume) return wakeOutcome(resume.cursor, resume.wake)
  const mock = resume ? undefined : deps.mocks?.[node.name]
  const definition = deps.catalog.node(node.type)
  if (!definition) return fail('no_runner', `Node type '${node.type}' is unknown to this version of the engine.`)
  const parsed = definition.configSchema.safeParse(localized.config)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    const where = issue && issue.path.length ? ` at ${issue.path.join('.')}` : ''
    return fail('invalid_config', `Node '${node.name}' has an invalid configuration${where}: ${issue?.message ?? ''}`)
  }
  if (mock && mock.response === undefined) {
    if (mock.error !== undefined) return { kind: 'fail', error: { code: 'mocked_failure', message: mock.error } }
    const port = mock.port ?? definition.ports(parsed.data)[0]?.id
    const output = mock.output ?? mock.outputs
    return port === undefined ? { kind: 'end', output } : { kind: 'next', port, output }
  }
  const ctx: RunContext<unknown> = {
    node,
    config: parsed.data,
    vars,
    contact: step.contact,
    settings: flowSettings(step.graph.flow),
    language: runLanguage(step),
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
    if (resume && !('handback' in resume ? runner.handBack : runner.resume))
      return fail('not_waiting', `Node '${node.name}' does not wait for the customer.`)
    const outcome = resume ? await resumeOutcome(runner, ctx, resume) : await runner.run(ctx)
    return undeclaredSend(definition, node, outcome) ?? badWait(node, outcome) ?? outcome
  } catch (err) {
    if (err instanceof NodeFailure || err instanceof EffectUnavailableError || err instanceof ModelError) {
      return fail(err.code, err.message)
    }
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

/** A wait the engine cannot keep: on time without an instant or a port, or for nobody at all. */
function badWait(node: FlowNode, outcome: NodeOutcome): NodeOutcome | null {
  if (outcome.kind !== 'wait') return null
  const { until, timeoutPort, customer } = outcome
  // A Hand over waits for a person, with or without a time: only the hand-back (or its time) resumes it.
  if (until === undefined && (customer !== false || outcome.handover)) return null
  if (until !== undefined && Number.isFinite(until) && timeoutPort) return null
  return fail('invalid_wait', `Node '${node.name}' waits on time without a valid instant and port.`)
}

function fail(code: string, message: string): NodeOutcome {
  return { kind: 'fail', error: { code, message } }
}

function withNode(error: Omit<EngineError, 'nodeId' | 'nodeName'>, node: FlowNode): EngineError {
  return { ...error, nodeId: node.id, nodeName: node.name }
}

/**
 * The port a failing node leaves by: the one its type declares of kind 'failure' (a call's 'failed'), else
 * 'failure', the id every other type that can fail uses.
 */
function failurePortOf(step: StepContext, node: FlowNode): string {
  return portsOf(step, node).find((p) => p.kind === 'failure')?.id ?? 'failure'
}

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
      if (typeof outcome.language === 'string' && outcome.language !== state.language)
        setLanguage(step, outcome.language)
      if (outcome.messages) step.messages.push(...outcome.messages)
      return { port: outcome.port, next: graph.next(node.id, outcome.port) }
    }
    case 'wait': {
      Object.assign(state.vars, outcome.vars)
      if (outcome.output !== undefined) state.vars[node.name] = outcome.output
      step.messages.push(...outcome.messages)
      if (outcome.handover) {
        const at = { now: step.deps.effects.clock.now(), runId: state.id, flowId: graph.flow.id }
        step.handover = { start: handoverStart(at, node.id, outcome.handover) }
      }
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
      if (depthOf(state)) {
        // A called flow's End returns to the caller instead of ending the run (the run loop pops the frame).
        step.returned = { returns: outcome.returns ?? null, at: node.name }
        return { port: null, next: null }
      }
      state.status = 'ended'
      state.endReason = 'completed'
      return { port: null, next: null }
    }
    case 'call':
      // executeNode enters a call it could prepare and turns one it could not into a failure: never here.
      throw new Error(`Node '${node.name}': a call reached apply().`)
    case 'fail': {
      // The error is readable by later nodes ({{http_call_1.error.message}}) when the failure port handles it.
      state.vars[node.name] = { ...(isObject(outcome.output) ? outcome.output : {}), error: outcome.error }
      const failurePort = failurePortOf(step, node)
      const next = graph.next(node.id, failurePort)
      if (next) return { port: failurePort, next }
      state.status = 'failed'
      state.error = withNode(outcome.error, node)
      return { port: null, next: null }
    }
  }
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v)
}

/** A node (Set Language) changed the run's language: {{contact.language}} reads it, the host stores it on the contact. */
function setLanguage(step: StepContext, language: string): void {
  const { state } = step
  state.language = language
  state.vars.contact = contactVar(state.vars.contact, language)
  step.languageChanged = true
}

/** What the trace shows a node produced; console lines (a Script's) ride along under `console`. */
function traceOutput(outcome: NodeOutcome): unknown {
  // A failure keeps what the node produced beside its error (an HTTP Call's status and body), as the session does:
  // a run saved as a test replays it from the trace (docs/testing.md, "Tests from real runs").
  const base =
    outcome.kind === 'fail'
      ? { ...(isObject(outcome.output) ? outcome.output : {}), error: outcome.error }
      : 'output' in outcome
        ? (outcome.output ?? null)
        : null
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
