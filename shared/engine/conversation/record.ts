// Builds a conversation test from a conversation that happened (the emulator's "save as test", the CLI chat):
// what the customer did becomes `user`, what the bot sent becomes `bot`, the final state becomes `end`.
import type { InboundEvent, OutboundMessage, RunState, TraceEvent } from '../types'
import type { ConversationTest, PersonAct, TriggerSpec, Turn, UserInput } from './format'
import { messageViewer } from './view'
import { returnedBy } from './returns'

export interface Exchange {
  /** Absent for the bot's first answer to the trigger. */
  user?: InboundEvent
  /** Time passed instead (a `wait:` turn), as a duration: what the bot sent when the run was woken. */
  wait?: string
  /** What the person who had the conversation did instead (a `person:` turn). */
  person?: PersonAct
  /** The customer wrote while a person had the conversation: held for the person, routed nowhere. */
  ignored?: 'with_person'
  bot: OutboundMessage[]
}

export interface Transcript {
  name: string
  flow?: string
  contact: { name: string; phone: string }
  /** When the recorded run started (ms): recorded as the test's `now`, so relative dates replay the same. */
  now?: number
  /** The run was played with the 24-hour window and opt-out enforced, for a contact in this state. */
  window?: { lastInboundAt: number | null; optedIn: boolean }
  trigger: TriggerSpec
  /** Name of the node the run started at, when it did not start at a trigger. */
  start?: string
  variables?: Record<string, unknown>
  mocks?: ConversationTest['mocks']
  templates?: ConversationTest['templates']
  exchanges: Exchange[]
  final: Pick<RunState, 'status' | 'error'>
  /** The run's trace: a template's filled text is read from its node's output (conversation/view.ts). */
  trace?: TraceEvent[]
}

export function recordTest(t: Transcript): ConversationTest {
  const viewOf = messageViewer(t.trace ?? [])
  // A callable flow run on its own: what its End returned is pinned too (an End that returns nothing adds nothing).
  const returned = returnedBy(t.trace ?? [], t.final)
  const turns: Turn[] = t.exchanges.map((x) => ({
    ...(x.user ? { user: userInput(x.user) } : {}),
    ...(x.wait !== undefined ? { wait: x.wait } : {}),
    ...(x.person !== undefined ? { person: x.person } : {}),
    ...(x.ignored ? { ignored: x.ignored } : {}),
    bot: x.bot.map(viewOf),
  }))
  return {
    name: t.name,
    ...(t.flow ? { flow: t.flow } : {}),
    ...(t.now !== undefined ? { now: new Date(t.now).toISOString() } : {}),
    ...(t.window ? { window: 'enforce' as const } : {}),
    contact: {
      ...t.contact,
      ...(t.window?.lastInboundAt != null ? { lastInboundAt: new Date(t.window.lastInboundAt).toISOString() } : {}),
      ...(t.window && !t.window.optedIn ? { optedIn: false } : {}),
    },
    trigger: t.trigger,
    ...(t.start ? { start: t.start } : {}),
    ...(t.variables && Object.keys(t.variables).length ? { variables: t.variables } : {}),
    ...(t.mocks && Object.keys(t.mocks).length ? { mocks: t.mocks } : {}),
    ...(t.templates?.length ? { templates: t.templates } : {}),
    turns: turns.length ? turns : [{ bot: [] }],
    end: {
      state: t.final.status === 'executing' ? 'ended' : t.final.status,
      ...(t.final.error ? { error: t.final.error.code } : {}),
      ...(returned && Object.keys(returned).length ? { returns: returned } : {}),
    },
  }
}

export function userInput(event: InboundEvent): UserInput {
  switch (event.type) {
    case 'text':
      return event.text
    case 'button_reply':
      return { button: event.reply.title }
    case 'list_reply':
      return { row: event.reply.title }
    case 'template_button':
      return { template_button: { payload: event.button.payload, text: event.button.text } }
    case 'nfm_reply': {
      // The token names one sending of the form; a replayed test sends a new one, so it is left out.
      const { flow_token: _token, ...form } = event.response
      return { form }
    }
    case 'order':
      return { order: event.order }
  }
}
