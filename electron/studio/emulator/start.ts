import type { FlowDocument } from '../../../shared/flow/document'
import type { ParsedEmulatorTrigger } from '../../../shared/api/commands/emulator'
import { matchTrigger, type InboundEvent, type NodeMock, type StepResult } from '../../../shared/engine'
import { TriggerConfigSchema } from '../../../shared/nodes/trigger/definition'
import type { ContactRecord, RunService } from '../runs'

// Starting a test run the way production would. Customer-side starts (keyword, button click, ad click) are
// matched against this one flow with the production rules, so a test shows what a real customer would get; an
// inactive flow does not start from a keyword, exactly as in production, and the phone says so.

export type StartAttempt =
  | { action: 'started' | 'resumed'; step: StepResult }
  | { action: 'ignored'; notice: string }

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
  },
): Promise<StartAttempt> {
  const base = { contact, triggerNodeId: opts.triggerNodeId, startNodeId: opts.startNodeId, presets: opts.presets, mocks: opts.mocks }
  switch (trigger.kind) {
    case 'manual':
    case 'webhook': {
      if (!contact.optedIn) {
        return { action: 'ignored', notice: `Blocked: ${contact.name} has opted out, so a ${trigger.kind} start cannot reach them.` }
      }
      const t =
        trigger.kind === 'manual'
          ? { kind: 'manual' as const, operator: 'emulator', data: trigger.data }
          : { kind: 'webhook' as const, phone_number: contact.phone, data: trigger.data, message_text: trigger.message_text, button_id: trigger.button_id }
      return { action: 'started', step: await runs.start(flow, { ...base, trigger: t }) }
    }
    case 'keyword': {
      const event: InboundEvent = { type: 'text', text: trigger.text }
      if (opts.startNodeId) {
        // A mid-flow start is the tester's tool, not a customer's keyword: activation does not gate it (as in
        // `chatflow test`), but the text must still be one of the flow's keywords to give the run its trigger.
        const match = matchTrigger([{ ...flow, active: true }], event)
        if (!match) return { action: 'ignored', notice: keywordNotice({ ...flow, active: true }, event) }
        return { action: 'started', step: await runs.start(flow, { ...base, trigger: match.trigger, triggerNodeId: match.triggerNodeId }) }
      }
      const out = await runs.receive(contact, event, [flow], opts.flowOf, opts.mocks)
      if (out.action !== 'ignored') return { action: out.action, step: out.step }
      return { action: 'ignored', notice: keywordNotice(flow, event) }
    }
    case 'button_click':
    case 'ad_click': {
      const event: InboundEvent =
        trigger.kind === 'button_click'
          ? { type: 'button_reply', reply: { id: trigger.payload, title: trigger.text } }
          : { type: 'text', text: trigger.text, referral: trigger.ad }
      // Button and ad starts are matched with the production rules, but on this flow even while inactive:
      // the spec ties only keyword starts to the active state.
      const match = matchTrigger([{ ...flow, active: true }], event)
      if (!match) return { action: 'ignored', notice: noMatchNotice(flow, trigger.kind) }
      const step = await runs.start(flow, { ...base, trigger: match.trigger, triggerNodeId: opts.triggerNodeId ?? match.triggerNodeId })
      return { action: 'started', step }
    }
  }
}

function triggerConfigs(flow: FlowDocument) {
  return flow.nodes
    .filter((n) => n.type === 'trigger')
    .map((n) => TriggerConfigSchema.safeParse(n.config))
    .flatMap((p) => (p.success ? [p.data] : []))
}

function keywordNotice(flow: FlowDocument, event: InboundEvent & { type: 'text' }): string {
  if (!flow.active && matchTrigger([{ ...flow, active: true }], event)) {
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
