import type { Effects, RunState, TraceEvent, TriggerInput } from '../../../shared/engine'
import type { Exchange } from '../../../shared/engine/conversation'
import type { TriggerSpec } from '../../../shared/engine/conversation'
import type { FlowDocument } from '../../../shared/flow/document'
import { answerSteps, wakeTurns, type TimeSkip } from './wait-turns'
import { handBackResumes, timedActs, type RecordedTakeover } from './person-turns'
import type { LoggedMessage } from '../../services/runs'
import { bound, startsFlow } from '../../../shared/nodes/behaviour-of'

// From a run in the Flow Logs to the recorder's transcript (shared/engine/conversation/record.ts): the trigger as
// a test writes it, and the conversation cut into exchanges at each customer message.

/**
 * The trigger as a test writes it. When a node of the run read {{chat_message_id}}, the id is kept, so the test
 * replays with the same one (ids made up offline differ on every run).
 */
export function triggerSpecOf(trigger: TriggerInput, trace: TraceEvent[] = []): TriggerSpec {
  const spec = baseSpecOf(trigger)
  const id =
    trigger.kind === 'webhook' ? trigger.message_id : trigger.kind === 'manual' ? undefined : trigger.message.id
  const read = trace.some((e) =>
    Object.prototype.hasOwnProperty.call((e.input as { vars?: object } | null)?.vars ?? {}, 'chat_message_id'),
  )
  return id && read && !('manual' in spec) ? { ...spec, chat_message_id: id } : spec
}

function baseSpecOf(trigger: TriggerInput): TriggerSpec {
  switch (trigger.kind) {
    case 'keyword':
      return { message: trigger.message.text }
    case 'ad_click':
      return { message: trigger.message.type === 'text' ? trigger.message.text : '', referral: { ...trigger.ad } }
    case 'button_click':
      return trigger.message.type === 'template_button'
        ? { template_button: { payload: trigger.payload, text: trigger.text } }
        : { button: { id: trigger.payload, title: trigger.text } }
    case 'webhook':
      return {
        webhook: {
          data: trigger.data,
          ...(trigger.message_text ? { message_text: trigger.message_text } : {}),
          ...(trigger.button_id ? { button_id: trigger.button_id } : {}),
        },
      }
    case 'manual':
      return {
        manual: {
          ...(trigger.operator ? { operator: trigger.operator } : {}),
          ...(trigger.data && Object.keys(trigger.data).length ? { data: trigger.data } : {}),
        },
      }
  }
}

/**
 * The conversation as exchanges. A run started by a customer message logs that message first: it is the
 * trigger, not a turn. Every later customer message opens a new exchange with the bot messages that answered it,
 * and so does every wake and every skip that woke nothing (time passing: `wait:`), placed by the trace between the
 * answers around it. A person's part opens exchanges too (`person:`, person-turns.ts): their replies, a hand-back
 * that sent a Hand over node on (by the trace), and, by time, the takeovers and hand-backs the trace does not show
 * and what the customer wrote meanwhile.
 */
export function exchangesOf(
  state: RunState,
  messages: LoggedMessage[],
  trace: TraceEvent[] = [],
  skips: TimeSkip[] = [],
  takeovers: RecordedTakeover[] = [],
): Exchange[] {
  const startedByMessage = state.trigger.kind !== 'webhook' && state.trigger.kind !== 'manual'
  const rest = startedByMessage && messages[0]?.direction === 'in' ? messages.slice(1) : messages
  const sentBy = new Map<string, number>()
  for (const e of trace) for (const id of e.messageIds) sentBy.set(id, e.seq)
  const handBacks = handBackResumes(trace)
  const wakes: Array<{ seq: number; open: Omit<Exchange, 'bot'> }> = [
    ...wakeTurns(trace, skips).map((w) => ({ seq: w.seq, open: { wait: w.wait } })),
    ...handBacks.map((h) => ({ seq: h.seq, open: { person: { hands_back: h.variables } } })),
  ].sort((a, b) => a.seq - b.seq)
  const answers = answerSteps(trace).filter((seq) => !handBacks.some((h) => h.seq === seq))
  const acts = timedActs(takeovers)
  const out: Exchange[] = [{ bot: [] }]
  /** Opens the exchange of every wake that happened before this point of the run's trace. */
  const wakeUntil = (seq: number) => {
    while (wakes.length && wakes[0]!.seq <= seq) out.push({ ...wakes.shift()!.open, bot: [] })
  }
  /** Opens the exchanges of the person's acts (and held messages) before this message; at its instant, before a customer's or the person's message. */
  const actsBefore = (m: LoggedMessage | null) => {
    while (
      acts.length &&
      (!m || acts[0]!.at < m.createdAt || (acts[0]!.at === m.createdAt && (m.direction === 'in' || !!m.author)))
    ) {
      const a = acts.shift()!
      out.push('user' in a ? { user: a.user, ignored: 'with_person', bot: [] } : { person: a.person, bot: [] })
    }
  }
  for (const m of rest) {
    actsBefore(m)
    if (m.author === 'person' && m.direction === 'out') {
      const body = m.payload.type === 'text' ? m.payload.text.body : ''
      if (body) out.push({ person: body, bot: [] })
    } else if (m.direction === 'in') {
      // The step this message began; without one (the trace does not say) no wake is placed by it.
      const step = answers.shift()
      if (step !== undefined) wakeUntil(step - 0.5) // the time that passed before the answer, not the step's own
      out.push({ user: m.payload, bot: [] })
    } else {
      const seq = m.id !== null ? sentBy.get(m.id) : undefined
      if (seq !== undefined) wakeUntil(seq)
      out.at(-1)!.bot.push(m.payload)
    }
  }
  actsBefore(null)
  wakeUntil(Number.MAX_SAFE_INTEGER)
  return out
}

/** The node a run started at when it was not a trigger (a test started mid-flow): the first node it ran. */
export function startNodeOf(trace: TraceEvent[]): string | undefined {
  const first = trace[0]
  return first && !startsFlow(first.nodeType) ? first.nodeName : undefined
}

/**
 * The library templates the run's Template Message nodes sent, so the saved test carries them and plays the same
 * in `chatflow test`, which has no library.
 */
export async function templatesSent(
  effects: Effects,
  trace: TraceEvent[],
  flow: FlowDocument,
): Promise<Array<{ name: string; language: string }>> {
  const keys = new Map<string, { name: string; language: string }>()
  for (const e of trace) {
    if (e.error) continue
    // The templates the node names (NodeBehaviour.library: a Template Message's).
    const node = flow.nodes.find((n) => n.id === e.nodeId)
    const named = node && bound(node, (b) => b.library)
    for (const t of named ? (named.decl(named.config).templates ?? []) : []) keys.set(`${t.name}\u0000${t.language}`, t)
  }
  const out: Array<{ name: string; language: string }> = []
  for (const k of keys.values()) {
    const t = await effects.templates.get(k.name, k.language)
    if (t) out.push({ ...(t as Record<string, unknown>), name: k.name, language: k.language })
  }
  return out
}
