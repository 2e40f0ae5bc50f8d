// A conversation being explored: how it starts, the mocks decided so far and what the customer did, turn by turn.
// Every draft is played from the start through the conversation-test player (`runConversationTest`, the one
// `chatflow test` and the studio use), so what the generator sees is exactly what the written test will do.
import type { FlowDocument } from '../flow/document'
import { dueAt } from '../engine/machine'
import type { RunState } from '../engine/types'
import type { EngineDeps, NodeMock } from '../engine/deps'
import type { StepResult } from '../engine/types'
import { runConversationTest, type ConversationTest, type TestOutcome, type UserInput } from '../engine/conversation'
import type { Start } from './sources-start'
import type { CallScope } from './through-calls'

/**
 * Time passing to the instant the run waits for (a `wait: due` turn): the one generic move that reaches a timeout
 * port, at any node that waits on time, whatever its type.
 */
export interface WaitMove {
  wait: 'due'
}
/**
 * The person who has the conversation hands it back (a `person:` turn): the move that takes a Hand over node's
 * `returned` port (NodeBehaviour.person), whatever its type.
 */
export interface PersonMove {
  person: { hands_back: Record<string, unknown> }
}
/** What a turn of a draft does: the customer acts, time passes, or the person hands back. */
export type Move = UserInput | WaitMove | PersonMove

export const isWait = (m: Move | undefined): m is WaitMove => typeof m === 'object' && m !== null && 'wait' in m
export const isPerson = (m: Move | undefined): m is PersonMove => typeof m === 'object' && m !== null && 'person' in m

/** The turn a move plays. */
export function turnOf(m: Move): { user: UserInput } | { wait: 'due' } | PersonMove {
  return isWait(m) ? { wait: m.wait } : isPerson(m) ? { person: m.person } : { user: m }
}

/** The wait move where the run waits on time, else nothing. */
export function waitMoves(state: RunState | null): WaitMove[] {
  return state?.status === 'paused' && dueAt(state) !== null ? [{ wait: 'due' }] : []
}

export interface Draft extends Start {
  /** The test's moment (ISO 8601): its runs' clock, so relative dates replay the same. */
  now?: string
  /** Play with the channel's 24-hour window and opt-out (a branch only a refused message opens). */
  window?: 'enforce'
  /** Start at this node (a flow that is not active starts its tests at its trigger node). */
  start?: string
  mocks: Record<string, NodeMock>
  /** Nodes whose outside effect was decided: mocked, or left to run for real. */
  decided: string[]
  inputs: Move[]
  /** What each decision meant, for the test's name ('ask_age "17"', 'order_lookup answers 500'). */
  notes: string[]
  templates?: ConversationTest['templates']
  /**
   * How many of its choices were made to meet a rule rather than taken as they come (the first answer of a kind,
   * a tap, the ordinary start): exploration plays cheaper drafts first, so it reaches deep branches along ordinary
   * paths before it combines targeted values.
   */
  cost?: number
  /** The branches a targeted choice was made for: once others took them all, the draft is not played. */
  aims?: string[]
}

export function testOf(d: Draft, name = 'generated'): ConversationTest {
  return {
    name,
    ...(d.now ? { now: d.now } : {}),
    ...(d.window ? { window: d.window } : {}),
    contact: d.contact,
    trigger: d.trigger,
    ...(d.start ? { start: d.start } : {}),
    ...(d.variables && Object.keys(d.variables).length ? { variables: d.variables } : {}),
    ...(Object.keys(d.mocks).length ? { mocks: d.mocks } : {}),
    ...(d.templates?.length ? { templates: d.templates } : {}),
    turns: d.inputs.length ? d.inputs.map(turnOf) : [{}],
  }
}

/** A played draft: the player's outcome, and the step each event ran (the trigger's, then one per input). */
export interface Outcome extends TestOutcome {
  steps: StepResult[]
}

/** With a `scope` (the flow calls others), what the run reports is read in the composite's node ids. */
export async function play(flow: FlowDocument, d: Draft, deps: EngineDeps, scope?: CallScope | null): Promise<Outcome> {
  const steps: StepResult[] = []
  const outcome = await runConversationTest(flow, testOf(d), deps, { persist: (h) => h.ran && steps.push(h.ran.step) })
  return scope ? scope.read({ ...outcome, steps }) : { ...outcome, steps }
}

/** `d` with more inputs: a targeted choice (with `aims`) costs one more than `d`. */
export function extend(d: Draft, inputs: Move[], note: string, aims?: string[]): Draft {
  const next: Draft = {
    ...d,
    inputs: [...d.inputs, ...inputs],
    notes: [...d.notes, note],
    cost: (d.cost ?? 0) + (aims ? 1 : 0),
  }
  if (aims) next.aims = aims
  else delete next.aims
  return next
}
