// A chosen conversation written as a conversation test that pins what the bot did: every message of every turn,
// the decision of every Condition and Router on the turn it was made, the state after the last turn, and how the
// run ended. The test is named after the path it takes.
import { messageViewer, returnedBy, type ConversationTest, type Turn } from '../engine/conversation'
import type { EngineDeps } from '../engine/deps'
import type { StepResult, TraceEvent } from '../engine/types'
import type { FlowIndex } from './flow-index'
import { isPerson, isWait, testOf, turnOf } from './draft'
import type { Played } from './explore'
import { aloneGoals, aloneRule } from './alone'
import { describeGroup } from '../rules/guards'
import { answersOfType, behaviourOfType, branchesOfType } from '../nodes/behaviour-of'
import { eventFlowId } from './through-calls'

export async function writeTest(ix: FlowIndex, p: Played, deps: EngineDeps): Promise<ConversationTest> {
  const { draft, outcome } = p
  const steps = outcome.steps
  const turns: Turn[] = steps.map((step, i) => {
    const decisions = decisionsOf(step)
    return {
      ...(i > 0 ? turnOf(draft.inputs[i - 1]!) : {}),
      // A template reads as the customer sees it: its preview is the sending node's output in this step's trace.
      bot: step.messages.map(messageViewer(step.trace)),
      ...(Object.keys(decisions).length ? { variables: decisions } : {}),
      ...(i === steps.length - 1 ? { state: step.state.status === 'executing' ? 'ended' : step.state.status } : {}),
    }
  })
  const final = outcome.final!
  // A callable flow played on its own ends at an End that returns outputs: the test pins them, so two Ends that
  // differ only in what they return are told apart.
  const returned = returnedBy(outcome.trace, final)
  const templates = await templatesUsed(ix, outcome.trace, draft.mocks, deps)
  return {
    ...testOf(
      { ...draft, trigger: pinnedTrigger(draft.trigger, p), ...(templates.length ? { templates } : {}) },
      nameOf(ix, p),
    ),
    turns,
    end: {
      state: final.status === 'executing' ? 'ended' : final.status,
      ...(final.error ? { error: final.error.code } : {}),
      ...(returned && Object.keys(returned).length ? { returns: returned } : {}),
    },
  }
}

/**
 * What changes from run to run, pinned as the emulator pins it (electron/studio/emulator/transcript.ts): the test's
 * clock is its `now`, and when a node read {{chat_message_id}} the id this run was given is written into the
 * trigger, so a replay shows the same one (an id made up offline differs on every run).
 */
function pinnedTrigger(trigger: Played['draft']['trigger'], p: Played): Played['draft']['trigger'] {
  if ('manual' in trigger || trigger.chat_message_id) return trigger
  const id = p.outcome.final?.vars.chat_message_id
  const read = p.outcome.trace.some((e) =>
    Object.prototype.hasOwnProperty.call((e.input as { vars?: object } | null)?.vars ?? {}, 'chat_message_id'),
  )
  return read && typeof id === 'string' && id ? { ...trigger, chat_message_id: id } : trigger
}

/** What each branching node decided in this step (the last decision, when one ran twice), as its module says. */
function decisionsOf(step: StepResult): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  // The turn's variables are those of the flow the run is in when it ends (a callee's while a call is open): a
  // decision made in another flow of the call stack is not readable there.
  const inFlow = step.state.calls?.at(-1)?.flowId ?? step.state.flowId
  for (const e of step.trace) {
    if (e.port === null || eventFlowId(e, step.state.flowId) !== inFlow) continue
    const decision = branchesOfType(e.nodeType)?.decision(e.port) ?? {}
    for (const [k, v] of Object.entries(decision)) out[`${e.nodeName}.${k}`] = v
  }
  return out
}

/**
 * The path as a name: what the customer did at each waiting node, each branch taken, then how it ends. With `why`,
 * a port an OR group took through one rule alone says which (two tests that take the same ports through different
 * rules of one group would otherwise share a name).
 */
export function nameOf(ix: FlowIndex, p: Played, why = false): string {
  const goals = why ? aloneGoals(ix) : []
  const parts: string[] = p.draft.notes.filter((n) => n.startsWith('starts with'))
  const steps = p.outcome.steps
  const waitedAt = (i: number) => steps[i - 1]!.state.waiting?.nodeId
  // An answer the waiting node did not take (a Question's refusal, text at buttons): it still waits, or gave up.
  const refusedAt = (i: number) =>
    i < steps.length &&
    typeof p.draft.inputs[i - 1] === 'string' &&
    steps[i]!.trace.some(
      (e) =>
        e.nodeId === waitedAt(i) &&
        e.phase === 'resume' &&
        (isFailure(ix, e) ||
          (e.port === null &&
            !answersOfType(e.nodeType)?.moved?.(steps[i - 1]!.state.waiting?.data, steps[i]!.state.waiting?.data))),
    )
  let refused = 0
  steps.forEach((step, i) => {
    if (i > 0) {
      const waited = waitedAt(i)
      const name = waited ? ix.graph.nodes[ix.graph.index.get(waited)!]!.name : '(no waiting node)'
      if (refusedAt(i)) {
        refused++
        // Refusals in a row at one node are one step of the path: "ask_age refused 3×".
        if (!(refusedAt(i + 1) && waitedAt(i + 1) === waited)) {
          parts.push(`${name} refused ${refused}×`)
          refused = 0
        }
      } else parts.push(`${name} ${describeInput(p.draft.inputs[i - 1]!)}`)
    }
    for (const e of step.trace) {
      if (e.port === null || (ix.graph.ports[ix.graph.index.get(e.nodeId)!]?.length ?? 0) < 2) continue
      // A waiting node's port is named by what the customer did there; giving up after refusals is said.
      const answers = answersOfType(e.nodeType)
      if (answers) {
        if (e.port === answers.refused?.port) parts.push(`${e.nodeName} gives up`)
        continue
      }
      const rule = why ? aloneRule(goals, e, p.outcome.final?.vars ?? {}) : null
      parts.push(
        `${e.nodeName}: ${portLabel(ix, e)}${rule ? ` (${describeGroup({ join: 'and', rules: [rule], emptyHolds: false })})` : ''}`,
      )
    }
  })
  const final = p.outcome.final!
  parts.push(
    final.status === 'failed'
      ? `fails (${final.error?.code ?? 'error'})`
      : final.status === 'paused'
        ? 'waits'
        : 'ends',
  )
  return parts.join(' → ')
}

function describeInput(input: Played['draft']['inputs'][number]): string {
  if (typeof input === 'string') return JSON.stringify(input)
  if (isWait(input)) return 'time passes'
  if (isPerson(input)) return 'handed back'
  if ('button' in input) return `"${input.button}"`
  if ('row' in input) return `"${input.row}"`
  if ('form' in input) return 'submitted'
  if ('template_button' in input) return `quick reply "${input.template_button.text ?? input.template_button.payload}"`
  return `order of ${input.order.product_items.length}`
}

/** The parsed config of the node a trace event is about. */
function configAt(ix: FlowIndex, e: TraceEvent): unknown {
  return ix.graph.config(ix.graph.index.get(e.nodeId)!)
}

/** Whether the event left by the port its node's type declares as the failure (not always named 'failure'). */
function isFailure(ix: FlowIndex, e: TraceEvent): boolean {
  const i = ix.graph.index.get(e.nodeId)
  return i !== undefined && ix.graph.ports[i]!.find((p) => p.id === e.port)?.kind === 'failure'
}

function portLabel(ix: FlowIndex, e: TraceEvent): string {
  const i = ix.graph.index.get(e.nodeId)!
  return ix.graph.ports[i]!.find((p) => p.id === e.port)?.label ?? e.port!
}

/** The templates the test sends, copied in so it plays the same wherever it runs (as the emulator saves them). */
async function templatesUsed(
  ix: FlowIndex,
  trace: TraceEvent[],
  mocks: Record<string, unknown>,
  deps: EngineDeps,
): Promise<NonNullable<ConversationTest['templates']>> {
  const out: NonNullable<ConversationTest['templates']> = []
  const seen = new Set<string>()
  for (const e of trace) {
    const library = behaviourOfType(e.nodeType).library
    if (!library || e.nodeName in mocks) continue
    for (const c of library(configAt(ix, e)).templates ?? []) {
      const key = `${c.name}\u0000${c.language}`
      if (seen.has(key)) continue
      seen.add(key)
      try {
        const t = await deps.effects.templates.get(c.name, c.language)
        if (t) out.push(t as { name: string; language: string })
      } catch {
        // No library here: the test relies on the host's, like any test that names a template.
      }
    }
  }
  return out
}
