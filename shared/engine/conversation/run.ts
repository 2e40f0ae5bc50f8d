// Plays a conversation test: each event (the trigger, then each turn's input) goes to the conversation core
// (shared/engine/core) exactly as the channel would deliver it, under the saved-test effects policy (policy.ts),
// and what the bot sent, the variables and the state are compared with the test's expectations. The player keeps
// the run in memory; a host with Flow Logs persists each result through `persist` (the studio's Tests tab).
import type { FlowDocument } from '../../flow/document'
import { createMemoryContacts } from '../../nodes/lead_management/run-memory-contacts'
import {
  contactLanguageOf,
  handleEvent,
  handoverChanges,
  sweepRun,
  type ConversationEvent,
  type Handled,
  type Ignored,
} from '../core'
import { personLabel, personStep } from './person'
import type { EngineDeps } from '../deps'
import type { Contact, OutboundMessage, RunState, StepResult, TraceEvent } from '../types'
import { checkState, checkTurn, checkUnset, checkVars } from './checks'
import type { ConversationTest, PersonAct, Turn } from './format'
import { resolveInput } from './messages'
import { testDeps, unmockedAdvice, type NetworkCall } from './policy'
import type { Exchange } from './record'
import { keptRecordings, recordingAdvice, type ModelCall, type Recording } from './recordings'
import { triggerEvent } from './trigger'
import { waitLabel, waitTarget } from './wait'
import { checkReturns, returnedBy } from './returns'

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
  /** The customer's events (the trigger's left out) and what the bot said to each, as far as the test got. */
  exchanges: Exchange[]
  /** HTTP Calls the runs attempted: live ones (the test opted in) and refused ones (no mock). */
  calls: NetworkCall[]
  /**
   * Where a test played under the debugger stopped (PlayOptions.debug): the run held at a breakpoint, or the first
   * turn whose expectations failed (`turn` 0: the start). Absent: it played to its end.
   */
  stopped?: { reason: 'breakpoint' | 'expectation'; turn: number; where: string; lines: string[] }
  /** Questions nodes put to the model: replayed, recorded, or missing a recording. */
  modelCalls: ModelCall[]
  /** With `record`: the recordings the test file should hold now (its answers, in the order asked). */
  recordings?: Recording[]
}

export interface PlayOptions {
  /** The contact's id in the host's store, so persisted runs reference it (default 'c_test'). */
  contactId?: string
  /** Each result of the core as it happens, for a host that keeps Flow Logs. */
  persist?: (handled: Handled) => void
  /**
   * Played under the debugger (EngineDeps.debug given): stop at the first breakpoint the run is held at, or at the
   * first failed expectation, leaving the run as it is there (TestOutcome.stopped says which).
   */
  debug?: true
  /** Ask the host's model provider (base.effects.model) instead of the test's recordings, and return them. */
  record?: boolean
}

export async function runConversationTest(
  flow: FlowDocument,
  test: ConversationTest,
  base: EngineDeps,
  opts: PlayOptions = {},
): Promise<TestOutcome> {
  const { lastInboundAt, optedIn, language } = test.contact
  const contact: Contact = {
    id: opts.contactId ?? 'c_test',
    name: test.contact.name,
    phone: test.contact.phone,
    fields: test.contact.fields,
    ...(lastInboundAt !== undefined ? { lastInboundAt: Date.parse(lastInboundAt) } : {}),
    ...(optedIn !== undefined ? { optedIn } : {}),
    ...(language !== undefined ? { language } : {}),
  }
  // The test's contact lives only in the test: Lead Management reads and writes it in memory, never a real store.
  // The test's clock: its `now` (or the host's clock), moved forward by every `wait:` turn.
  const clock = testClock(test, base)
  const effects = {
    ...base.effects,
    contacts: createMemoryContacts([contact]),
    templates: templatesOf(test, base),
    clock,
  }
  const calls: NetworkCall[] = []
  const modelCalls: ModelCall[] = []
  // The channel's rules are the test's to ask for, whatever the host's switch says: every host plays it the same.
  const deps = testDeps(
    { ...base, effects, serviceWindow: test.window === 'enforce' },
    {
      mocks: test.mocks,
      live: test.live,
      model: { recordings: test.recordings, record: opts.record, onCall: (c) => modelCalls.push(c) },
    },
    (c) => calls.push(c),
  )
  const out: TestOutcome = { name: test.name, failures: [], trace: [], final: null, exchanges: [], calls, modelCalls }
  const done = () => (opts.record ? Object.assign(out, { recordings: keptRecordings(modelCalls) }) : out)
  let turnNo = 0
  const fail = (where: string, lines: string[]) => {
    out.failures.push({ where, lines })
    if (opts.debug) out.stopped ??= { reason: 'expectation', turn: turnNo, where, lines }
    return done()
  }
  // Under the debugger, a run held at a breakpoint ends the play there: the tester goes on from the debug panel.
  const held = (where: string) => {
    if (!opts.debug || !out.final?.debug) return false
    out.stopped = { reason: 'breakpoint', turn: turnNo, where, lines: [] }
    return true
  }
  /** A question with no recorded answer ends the test there: what follows would only follow the failed port. */
  const unrecorded = (since: number) =>
    modelCalls
      .slice(since)
      .filter((c) => c.outcome === 'missing')
      .map((c) => recordingAdvice(c.node))

  const deliver = async (event: ConversationEvent, waited?: string, person?: PersonAct): Promise<Handled> => {
    const paused = out.final?.status === 'paused' ? { state: out.final, flow } : null
    const now = deps.effects.clock.now()
    const handled = await handleEvent(
      { contact, current: paused, flows: [flow], event, now, activation: 'keyword' },
      deps,
    )
    opts.persist?.(handled)
    for (const w of handled.steps) out.trace.push(...w.step.trace)
    if (handled.ran) out.final = handled.ran.step.state
    // The customer wrote: the window counts from here even when no run took the message (a Wait node's run).
    if (handled.inboundAt !== null) contact.lastInboundAt = handled.inboundAt
    // A Set Language node changed the language: the contact keeps it, as every host stores it, for its next run.
    const changed = contactLanguageOf(handled.steps)
    if (changed) contact.language = changed
    // A takeover started or ended: the contact keeps it, as every host stores it (docs/engine.md, rules 14-17).
    for (const change of handoverChanges(handled)) contact.handover = 'start' in change ? change.start : null
    out.exchanges.push({
      ...(event.kind === 'message' && out.exchanges.length ? { user: event.message } : {}),
      ...(waited !== undefined ? { wait: waited } : {}),
      ...(person !== undefined ? { person } : {}),
      bot: sentBy(handled),
    })
    return handled
  }

  const first = triggerEvent(flow, test, contact.phone)
  if (!first.ok) return fail('start', [first.message])
  let handled = await deliver(first.event)
  if (held('start')) return done()
  let lastInteractive = lastInteractiveOf(sentBy(handled), null)
  if (refused(calls).length) return fail('start', refused(calls).map(unmockedAdvice))
  if (unrecorded(0).length) return fail('start', unrecorded(0))
  if (!handled.ran && !test.turns[0]?.ignored)
    return fail('start', [`the trigger message does not start the flow: ${whyIgnored(handled.ignored, false)}`])

  for (const [i, turn] of test.turns.entries()) {
    turnNo = i + 1
    const where =
      `turn ${i + 1}` +
      (turn.user !== undefined ? ` (user: ${JSON.stringify(turn.user)})` : '') +
      (turn.wait !== undefined ? ` (wait: ${JSON.stringify(turn.wait)})` : '') +
      (turn.person !== undefined ? ` (${personLabel(turn.person)})` : '')
    if ([turn.user, turn.wait, turn.person].filter((x) => x !== undefined).length > 1)
      return fail(where, [
        'a turn is one of the customer acting (`user`), time passing (`wait`) or the person acting (`person`), not both',
      ])
    if (turn.person !== undefined) {
      const step = personStep(turn.person, contact)
      if (step.kind === 'refused') return fail(where, [step.message])
      const seenCalls = calls.length
      if (step.kind === 'writes') {
        // The person's message goes to the customer; the bot says nothing and nothing runs.
        out.exchanges.push({ person: turn.person, bot: [] })
        handled = { action: 'ignored', steps: [], ran: null, inboundAt: null }
      } else {
        handled = await deliver(step.event, undefined, turn.person)
        if (held(where)) return done()
        if (handled.action === 'ignored' && !turn.ignored)
          return fail(where, [`the person's act changed nothing: ${whyIgnored(handled.ignored, false)}`])
      }
      if (refused(calls.slice(seenCalls)).length)
        return fail(where, refused(calls.slice(seenCalls)).map(unmockedAdvice))
      lastInteractive = lastInteractiveOf(sentBy(handled), lastInteractive)
    } else if (turn.wait !== undefined) {
      const now = clock.now()
      const target = waitTarget(turn.wait, now, out.final?.status === 'paused' ? out.final : null, flow)
      if (!target.ok) return fail(where, [target.message])
      clock.skip(target.at - now)
      // Time passes as in every host: the expiry sweep first closes a run whose 24-hour window closed meanwhile
      // (one waiting for the customer only; a run waiting on time is its wake's to decide), then the wake.
      if (out.final?.status === 'paused') {
        const swept = sweepRun({ contact, current: { state: out.final, flow }, now: clock.now() }, deps.catalog)
        opts.persist?.(swept)
        const closed = swept.steps.find((w) => w.step.state.id === out.final?.id)
        if (closed) out.final = closed.step.state
      }
      const seenCalls = calls.length
      const seenModel = modelCalls.length
      // Nothing due is no failure: `bot: []` says the bot stayed silent, as the core decided.
      handled = await deliver({ kind: 'wake' }, waitLabel(target.at - now))
      if (held(where)) return done()
      if (refused(calls.slice(seenCalls)).length)
        return fail(where, refused(calls.slice(seenCalls)).map(unmockedAdvice))
      if (unrecorded(seenModel).length) return fail(where, unrecorded(seenModel))
      lastInteractive = lastInteractiveOf(sentBy(handled), lastInteractive)
    } else if (turn.user !== undefined) {
      const resolved = resolveInput(turn.user, lastInteractive)
      if (!resolved.ok) return fail(where, [resolved.message])
      const seenCalls = calls.length
      const seenModel = modelCalls.length
      handled = await deliver({ kind: 'message', message: resolved.event })
      if (held(where)) return done()
      if (refused(calls.slice(seenCalls)).length)
        return fail(where, refused(calls.slice(seenCalls)).map(unmockedAdvice))
      if (unrecorded(seenModel).length) return fail(where, unrecorded(seenModel))
      if (!handled.ran && !turn.ignored)
        return fail(where, [`nothing receives this message: ${whyIgnored(handled.ignored, true)}`])
      lastInteractive = lastInteractiveOf(sentBy(handled), lastInteractive)
    } else if (i > 0) {
      return fail(where, ['only the first turn may leave out both `user` and `wait`'])
    }
    const lines = checkIgnored(turn, handled)
    if (out.final) lines.push(...checkTurn(turn, stepOf(handled, out.final)))
    else if (turn.variables || turn.unset || turn.state)
      lines.push('no run has started, so there are no variables or state to check')
    if (lines.length) {
      if (opts.debug) return fail(where, lines)
      out.failures.push({ where, lines })
    }
  }
  if (test.end) {
    if (!out.final) return fail('end', [`state: expected ${test.end.state}, but no run started`])
    const lines = checkState(test.end.state, out.final)
    if (test.end.error !== undefined && out.final.error?.code !== test.end.error) {
      lines.push(`error: expected ${test.end.error}, got ${out.final.error?.code ?? 'none'}`)
    }
    lines.push(...checkVars(test.end.variables, out.final.vars), ...checkUnset(test.end.unset, out.final.vars))
    lines.push(...checkReturns(test.end.returns, returnedBy(out.trace, out.final), out.final))
    if (lines.length) fail('end', lines)
  }
  return done()
}

const refused = (calls: NetworkCall[]) => calls.filter((c) => !c.live)

/**
 * The turn's view of the run: what this event produced (nothing when ignored; a due wake carried out before a
 * message counts: its messages come first) and the run as it is now.
 */
function stepOf(handled: Handled, final: RunState): Pick<StepResult, 'messages' | 'state' | 'trace'> {
  return { messages: sentBy(handled), trace: handled.steps.flatMap((s) => s.step.trace), state: final }
}

/** Every message the event caused, in commit order. */
function sentBy(handled: Handled): OutboundMessage[] {
  return handled.steps.flatMap((s) => s.step.messages)
}

function checkIgnored(turn: Turn, handled: Handled): string[] {
  if (turn.ignored === undefined) return []
  if (handled.ran)
    return [`expected the event to be ignored, but it ${handled.action === 'resumed' ? 'resumed' : 'started'} a run`]
  if (turn.ignored !== true && handled.ignored?.reason !== turn.ignored)
    return [`ignored: expected ${turn.ignored}, got ${handled.ignored?.reason ?? 'none'}`]
  return []
}

function whyIgnored(ignored: Ignored | undefined, midConversation: boolean): string {
  const waiting = midConversation ? ', and no run waits for it' : ''
  switch (ignored?.reason) {
    case 'inactive_flow':
      return `the flow is not active${waiting}`
    case 'no_trigger':
      return `no trigger of the flow matches it${waiting}`
    case 'with_person':
      return 'a person has the conversation, so the bot stays silent until it is handed back (expect `ignored: with_person`)'
    case 'already_with_person':
      return 'a person already has the conversation'
    case 'not_with_person':
      return 'no person has the conversation to hand back'
    default:
      return 'no run waits for it'
  }
}

/**
 * A test that says when it happens runs on that fixed moment, in every host (format.ts, `now`); one that does not,
 * on the host's clock. Either way `wait:` turns move it forward, never real time.
 */
function testClock(test: ConversationTest, deps: EngineDeps): { now(): number; skip(ms: number): void } {
  const at = test.now === undefined ? null : Date.parse(test.now)
  let skipped = 0
  return {
    now: () => (at ?? deps.effects.clock.now()) + skipped,
    skip: (ms) => void (skipped += ms),
  }
}

/** The test's own templates first, then the host's library (the studio's, or the one `chatflow test` was given). */
function templatesOf(test: ConversationTest, deps: EngineDeps): EngineDeps['effects']['templates'] {
  const own = test.templates ?? []
  return {
    get: async (name, language) =>
      own.find((t) => t.name === name && t.language === language) ?? deps.effects.templates.get(name, language),
  }
}

function lastInteractiveOf(messages: OutboundMessage[], previous: OutboundMessage | null): OutboundMessage | null {
  for (let i = messages.length - 1; i >= 0; i--) if (messages[i]!.type === 'interactive') return messages[i]!
  return previous
}
