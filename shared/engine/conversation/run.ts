// Plays a conversation test against the engine: starts the run as the trigger says, feeds each turn's input to
// the run the way the channel would (shared/engine/dispatch.ts decides resume or restart), and compares what the
// bot sent, the variables and the state with the test's expectations.
import type { FlowDocument } from '../../flow/document'
import { lookupPath } from '../../expr'
import { createMemoryContacts } from '../../nodes/lead_management/run-memory-contacts'
import type { EngineDeps } from '../deps'
import { routeInbound } from '../dispatch'
import { closeRun, resumeRun, startRun } from '../machine'
import { matchTrigger } from '../triggers'
import type { Contact, InboundEvent, OutboundMessage, RunState, StepResult, TraceEvent, Vars } from '../types'
import type { BotMessage, ConversationTest, TriggerSpec, Turn } from './format'
import { compareMessage, resolveInput, seen } from './messages'

export interface TestFailure {
  /** 'start', 'turn 3 (user: "17")', 'end'. */
  where: string
  lines: string[]
}

export interface TestOutcome {
  name: string
  failures: TestFailure[]
  /** Every trace event of every run the test drove: branch coverage reads the ports taken. */
  trace: TraceEvent[]
  final: RunState | null
  /** What each step produced, in order: the start, then one per turn that had `user` (the generator records these). */
  steps: StepResult[]
}

export async function runConversationTest(flow: FlowDocument, test: ConversationTest, deps: EngineDeps): Promise<TestOutcome> {
  const failures: TestFailure[] = []
  const trace: TraceEvent[] = []
  const steps: StepResult[] = []
  const contact: Contact = { id: 'c_test', name: test.contact.name, phone: test.contact.phone, fields: test.contact.fields }
  // The test's contact lives only in the test: Lead Management reads and writes it in memory, never a real store.
  const effects = { ...deps.effects, contacts: createMemoryContacts([contact]), templates: templatesOf(test, deps) }
  const withMocks: EngineDeps = { ...deps, effects, mocks: test.mocks }
  const outcome = (final: RunState | null): TestOutcome => ({ name: test.name, failures, trace, final, steps })

  const first = await start(flow, test, contact, withMocks)
  if ('error' in first) {
    failures.push({ where: 'start', lines: [first.error] })
    return outcome(null)
  }
  let step = first
  steps.push(step)
  trace.push(...step.trace)
  let lastInteractive = lastInteractiveOf(step.messages, null)

  for (const [i, turn] of test.turns.entries()) {
    const where = `turn ${i + 1}` + (turn.user !== undefined ? ` (user: ${JSON.stringify(turn.user)})` : '')
    if (turn.user !== undefined) {
      const resolved = resolveInput(turn.user, lastInteractive)
      if (!resolved.ok) {
        failures.push({ where, lines: [resolved.message] })
        return outcome(step.state)
      }
      const next = await deliver(flow, step.state, resolved.event, contact, withMocks)
      if (!next) {
        failures.push({ where, lines: [`the run is ${step.state.status}; nothing receives this message`] })
        return outcome(step.state)
      }
      step = next
      steps.push(step)
      trace.push(...step.trace)
      lastInteractive = lastInteractiveOf(step.messages, lastInteractive)
    } else if (i > 0) {
      failures.push({ where, lines: ['only the first turn may leave out `user`'] })
      return outcome(step.state)
    }
    const lines = checkTurn(turn, step)
    if (lines.length) failures.push({ where, lines })
  }
  if (test.end) {
    const lines = checkState(test.end.state, step.state)
    if (test.end.error !== undefined && step.state.error?.code !== test.end.error) {
      lines.push(`error: expected ${test.end.error}, got ${step.state.error?.code ?? 'none'}`)
    }
    lines.push(...checkVars(test.end.variables, step.state.vars))
    if (lines.length) failures.push({ where: 'end', lines })
  }
  return outcome(step.state)
}

/** The test's own templates first, then the host's library (the studio's, or the one `chatflow test` was given). */
function templatesOf(test: ConversationTest, deps: EngineDeps): EngineDeps['effects']['templates'] {
  const own = test.templates ?? []
  return {
    get: async (name, language) => own.find((t) => t.name === name && t.language === language) ?? deps.effects.templates.get(name, language),
  }
}

async function start(flow: FlowDocument, test: ConversationTest, contact: Contact, deps: EngineDeps): Promise<StepResult | { error: string }> {
  const presets = test.variables
  const t: TriggerSpec = test.trigger
  let startNodeId: string | undefined
  if (test.start !== undefined) {
    startNodeId = (flow.nodes.find((n) => n.name === test.start) ?? flow.nodes.find((n) => n.id === test.start))?.id
    if (!startNodeId) return { error: `start: the flow has no node named "${test.start}"` }
  }
  if ('webhook' in t) {
    const trigger = { kind: 'webhook' as const, phone_number: contact.phone, ...t.webhook }
    return startRun(flow, { contact, trigger, presets, startNodeId }, deps)
  }
  if ('manual' in t) return startRun(flow, { contact, trigger: { kind: 'manual', ...t.manual }, presets, startNodeId }, deps)
  const event: InboundEvent =
    'message' in t
      ? { type: 'text', text: t.message, ...(t.referral ? { referral: t.referral } : {}) }
      : 'button' in t
        ? { type: 'button_reply', reply: { id: t.button.id, title: t.button.title ?? t.button.id } }
        : { type: 'template_button', button: { payload: t.template_button.payload, text: t.template_button.text ?? t.template_button.payload } }
  // A test that starts mid-flow is a tester's tool, not a customer's keyword: activation does not gate it.
  const match = matchTrigger([startNodeId ? { ...flow, active: true } : flow], event)
  if (!match) {
    const why = flow.active || startNodeId ? 'no trigger of the flow matches it' : 'the flow is not active'
    return { error: `the trigger message does not start the flow: ${why}` }
  }
  return startRun(flow, { contact, trigger: match.trigger, triggerNodeId: match.triggerNodeId, presets, startNodeId }, deps)
}

/** What the channel does with a message: resume the paused run, or start the flow again (superseding it). */
async function deliver(flow: FlowDocument, state: RunState, event: InboundEvent, contact: Contact, deps: EngineDeps): Promise<StepResult | null> {
  const now = deps.effects.clock.now()
  const paused = state.status === 'paused' ? { state, flow } : null
  const route = routeInbound(event, paused, [flow], deps.catalog, now)
  if (route.action === 'resume') return resumeRun(flow, route.run, event, contact, deps)
  if (route.action === 'start') {
    if (route.supersede) closeRun(route.supersede, 'superseded', now)
    const { trigger, triggerNodeId } = route.match
    return startRun(flow, { contact, trigger, triggerNodeId }, deps)
  }
  return null
}

function lastInteractiveOf(messages: OutboundMessage[], previous: OutboundMessage | null): OutboundMessage | null {
  for (let i = messages.length - 1; i >= 0; i--) if (messages[i]!.type === 'interactive') return messages[i]!
  return previous
}

function checkTurn(turn: Turn, step: StepResult): string[] {
  const lines: string[] = []
  if (turn.bot) lines.push(...checkMessages(turn.bot, step.messages.map(seen)))
  lines.push(...checkVars(turn.variables, step.state.vars))
  if (turn.state) lines.push(...checkState(turn.state, step.state))
  return lines
}

function checkMessages(expected: BotMessage[], actual: BotMessage[]): string[] {
  const lines: string[] = []
  const n = Math.max(expected.length, actual.length)
  for (let i = 0; i < n; i++) {
    const e = expected[i]
    const a = actual[i]
    if (e && !a) lines.push(`- bot message ${i + 1}: expected ${show(e)}`, `+ bot message ${i + 1}: (not sent)`)
    else if (!e && a) lines.push(`- bot message ${i + 1}: (none expected)`, `+ bot message ${i + 1}: ${show(a)}`)
    else if (e && a) {
      const diffs = compareMessage(e, a)
      if (diffs.length) lines.push(`- bot message ${i + 1}: ${show(e)}`, `+ bot message ${i + 1}: ${show(a)}`, ...diffs.map((d) => `    ${d}`))
    }
  }
  return lines
}

function show(m: BotMessage): string {
  const parts = [JSON.stringify(m.text)]
  if (m.buttons) parts.push(`buttons [${m.buttons.join(' | ')}]`)
  if (m.rows) parts.push(`list "${m.list ?? ''}" rows [${m.rows.join(' | ')}]`)
  return parts.join(' ')
}

function checkVars(expected: Vars | undefined, actual: Vars): string[] {
  if (!expected) return []
  const lines: string[] = []
  for (const [path, want] of Object.entries(expected)) {
    const got = lookupPath(actual, path.split('.'))
    if (JSON.stringify(got) !== JSON.stringify(want)) {
      lines.push(`variable ${path}: expected ${JSON.stringify(want)}, got ${got === undefined ? '(unset)' : JSON.stringify(got)}`)
    }
  }
  return lines
}

function checkState(expected: string, state: RunState): string[] {
  if (expected === state.status) return []
  const why = state.error ? ` (${state.error.code}: ${state.error.message})` : ''
  return [`state: expected ${expected}, got ${state.status}${why}`]
}
