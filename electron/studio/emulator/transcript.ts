import type { Effects, RunState, TraceEvent, TriggerInput } from '../../../shared/engine'
import type { Exchange } from '../../../shared/engine/conversation'
import type { TriggerSpec } from '../../../shared/engine/conversation'
import type { FlowDocument } from '../../../shared/flow/document'
import { configOf } from '../../../shared/nodes/registry'
import type { LoggedMessage } from '../../services/runs'

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
 * trigger, not a turn. Every later customer message opens a new exchange with the bot messages that answered it.
 */
export function exchangesOf(state: RunState, messages: LoggedMessage[]): Exchange[] {
  const startedByMessage = state.trigger.kind !== 'webhook' && state.trigger.kind !== 'manual'
  const rest = startedByMessage && messages[0]?.direction === 'in' ? messages.slice(1) : messages
  const out: Exchange[] = [{ bot: [] }]
  for (const m of rest) {
    if (m.direction === 'in') out.push({ user: m.payload, bot: [] })
    else out.at(-1)!.bot.push(m.payload)
  }
  return out
}

/** The node a run started at when it was not a trigger (a test started mid-flow): the first node it ran. */
export function startNodeOf(trace: TraceEvent[]): string | undefined {
  const first = trace[0]
  return first && first.nodeType !== 'trigger' ? first.nodeName : undefined
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
    if (e.nodeType !== 'template_message' || e.error) continue
    const node = flow.nodes.find((n) => n.id === e.nodeId)
    const config = node && configOf(node, 'template_message')
    if (!config) continue
    keys.set(`${config.templateName}\u0000${config.language}`, { name: config.templateName, language: config.language })
  }
  const out: Array<{ name: string; language: string }> = []
  for (const k of keys.values()) {
    const t = await effects.templates.get(k.name, k.language)
    if (t) out.push({ ...(t as Record<string, unknown>), name: k.name, language: k.language })
  }
  return out
}
