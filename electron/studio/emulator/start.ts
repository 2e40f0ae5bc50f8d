import type { FlowDocument } from '../../../shared/flow/document'
import type { ParsedEmulatorTrigger } from '../../../shared/api/commands/emulator'
import {
  matchTrigger,
  type ConversationEvent,
  type DebugHooks,
  type Ignored,
  type InboundEvent,
  type NodeMock,
  type StepResult,
} from '../../../shared/engine'
import { TriggerConfigSchema } from '../../../shared/nodes/trigger/definition'
import type { ContactRecord, RunService } from '../../services/runs'
import { startsFlow } from '../../../shared/nodes/behaviour-of'

// Starting a test run the way production would, through the conversation core like every host. Customer-side
// starts (keyword, button click, ad click) are messages to this one flow: a keyword needs the flow active, as in
// production, and the phone says so; button and ad starts work while it is inactive (only keyword starts depend on
// the active state: docs/engine.md, Triggers), exactly as a conversation test plays them (activation 'keyword').

export type StartAttempt = { action: 'started' | 'resumed'; step: StepResult } | { action: 'ignored'; notice: string }

export async function startTest(
  runs: RunService,
  flow: FlowDocument,
  contact: ContactRecord,
  trigger: ParsedEmulatorTrigger,
  opts: {
    triggerNodeId?: string
    /** Start at this node instead of the trigger (a test started mid-flow). */
    startNodeId?: string
    presets: Record<string, unknown>
    mocks?: Record<string, NodeMock>
    flowOf: (id: string) => FlowDocument | null
    /** The debugger, when attached: the run stops at its breakpoints. */
    debug?: DebugHooks
  },
): Promise<StartAttempt> {
  const { triggerNodeId, startNodeId, presets } = opts
  let event: ConversationEvent
  if (trigger.kind === 'manual' || trigger.kind === 'webhook') {
    if (!contact.optedIn) {
      return {
        action: 'ignored',
        notice: `Blocked: ${contact.name} has opted out, so a ${trigger.kind} start cannot reach them.`,
      }
    }
    const t =
      trigger.kind === 'manual'
        ? { kind: 'manual' as const, operator: 'emulator', data: trigger.data }
        : {
            kind: 'webhook' as const,
            phone_number: contact.phone,
            data: trigger.data,
            message_text: trigger.message_text,
            button_id: trigger.button_id,
          }
    event = { kind: 'start', flow, trigger: t, triggerNodeId, startNodeId, presets, tester: true }
  } else {
    // "Start test" is the tester's start of this flow: it supersedes whatever the contact has paused (a waiting node
    // never takes it as an answer), and the message is matched against this flow's triggers. A mid-flow start is
    // not gated by activation (as in `chatflow test`); the message still gives the run its trigger.
    event = {
      kind: 'start',
      flow,
      trigger: { message: messageOf(trigger) },
      triggerNodeId,
      startNodeId,
      presets,
      tester: true,
    }
  }
  const handled = await runs.handle(contact, event, {
    flows: [flow],
    flowOf: opts.flowOf,
    mocks: opts.mocks,
    activation: 'keyword',
    debug: opts.debug,
  })
  if (handled.ran) return { action: handled.action === 'resumed' ? 'resumed' : 'started', step: handled.ran.step }
  return { action: 'ignored', notice: noticeOf(flow, trigger, handled.ignored) }
}

function messageOf(trigger: Exclude<ParsedEmulatorTrigger, { kind: 'manual' | 'webhook' }>): InboundEvent {
  if (trigger.kind === 'keyword') return { type: 'text', text: trigger.text }
  if (trigger.kind === 'button_click')
    return { type: 'button_reply', reply: { id: trigger.payload, title: trigger.text } }
  return { type: 'text', text: trigger.text, referral: trigger.ad }
}

function noticeOf(flow: FlowDocument, trigger: ParsedEmulatorTrigger, ignored: Ignored | undefined): string {
  if (trigger.kind === 'keyword') return keywordNotice(flow, { type: 'text', text: trigger.text }, ignored)
  if (trigger.kind === 'button_click' || trigger.kind === 'ad_click') return noMatchNotice(flow, trigger.kind)
  return 'Nothing started.'
}

function triggerConfigs(flow: FlowDocument) {
  return flow.nodes
    .filter((n) => startsFlow(n.type))
    .map((n) => TriggerConfigSchema.safeParse(n.config))
    .flatMap((p) => (p.success ? [p.data] : []))
}

function keywordNotice(
  flow: FlowDocument,
  event: InboundEvent & { type: 'text' },
  ignored: Ignored | undefined,
): string {
  if (ignored?.reason === 'inactive_flow' || (!flow.active && matchTrigger([flow], event, 'none'))) {
    return `"${event.text}" is a keyword of this flow, but the flow is inactive: only an active flow starts from a keyword, as in production. Activate it, or start the test with a manual trigger.`
  }
  const words = triggerConfigs(flow)
    .filter((c) => c.kind === 'keyword')
    .flatMap((c) => c.keywords.map((k) => `"${k}" (${c.matchMode.replace('_', ' ')})`))
  return words.length
    ? `"${event.text}" matches no keyword of this flow, so nothing started. Keywords: ${words.join(', ')}.`
    : `This flow has no keyword trigger, so a message does not start it. Use its own trigger kind.`
}

function noMatchNotice(flow: FlowDocument, kind: 'button_click' | 'ad_click'): string {
  const configs = triggerConfigs(flow).filter((c) => c.kind === kind)
  if (!configs.length) return `This flow has no ${kind === 'ad_click' ? 'ad click' : 'button click'} trigger.`
  return `The payload does not start with ${configs.map((c) => `"${c.payloadPrefix}"`).join(' or ')}, so the flow did not start.`
}
