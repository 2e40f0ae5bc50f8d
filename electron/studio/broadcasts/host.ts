// The studio's broadcast host: starts a claimed recipient as manual.trigger starts a contact (RunService, the 24-hour
// window and opt-out enforced on every send, the studio's real effects), and records the outcome at once: the studio
// delivers what it sends, so a started recipient is `sent` (or failed/blocked with the reason), never left waiting.
import type { CreditRule } from '../../../shared/api/commands/manual'
import { WINDOW_MS } from '../../../shared/engine/limits'
import type { FlowDocument } from '../../../shared/flow/document'
import { mergeFields } from '../../services/audience/directory'
import { HeldByLimit, type BroadcastHost, type ConversationBudget } from '../../services/broadcast/runner'
import type { BroadcastStore, ClaimedRecipient, RecipientOutcome } from '../../services/broadcast/store'
import type { HandoverStore } from '../../services/handovers'
import type { RunService } from '../../services/runs'
import { templateCosts } from '../manual/credit-rule'

export interface StudioHostDeps {
  runs: RunService
  store: BroadcastStore
  handovers: HandoverStore
  /** The studio's saved flow, or null when it was deleted since. */
  flow(flowId: string): FlowDocument | null
  rule(): CreditRule
  now(): number
  /** A recipient's run started (the emulator and Flow Logs show it). */
  started?(flowId: string, contactId: string, runId: string): void
}

const BLOCKING = new Set(['outside_window', 'opted_out'])

export function studioBroadcastHost(deps: StudioHostDeps): BroadcastHost {
  return {
    async start(r, limit) {
      const outcome = await outcomeOf(deps, r, limit)
      await deps.store.settle({ broadcastId: r.broadcastId, seq: r.seq, outcome, at: deps.now() })
      return outcome
    },
  }
}

async function outcomeOf(
  deps: StudioHostDeps,
  r: ClaimedRecipient,
  limit?: ConversationBudget,
): Promise<RecipientOutcome> {
  const flow = deps.flow(r.flowId)
  if (!flow)
    return {
      state: 'failed',
      runId: null,
      reason: { code: 'flow_missing', message: `Flow ${r.flowId} is no longer in the studio.` },
    }
  let contact = deps.runs.contacts.ensure({ phone: r.phone, name: r.name ?? undefined })
  if (Object.keys(r.fields).length > 0)
    contact = deps.runs.contacts.update(contact.id, {
      fields: mergeFields(contact.fields, { phone: r.phone, fields: r.fields }),
    })
  const who = { contactId: contact.id }
  if (!contact.optedIn)
    return {
      state: 'blocked',
      ...who,
      reason: {
        code: 'opted_out',
        message: `${contact.name} has opted out, so the business cannot start a conversation with them.`,
      },
    }
  const handover = deps.handovers.current(contact.id)
  if (handover)
    return {
      state: 'blocked',
      ...who,
      reason: {
        code: 'with_person',
        message: `${contact.name} is with a person; the bot starts nothing until they hand back.`,
      },
    }
  const open = contact.lastInboundAt !== null && deps.now() - contact.lastInboundAt < WINDOW_MS
  // Only a recipient outside its window opens a conversation the daily limit counts (runner.ts ConversationBudget).
  if (!open && limit && !limit.take()) throw new HeldByLimit()
  const step = await deps.runs.start(flow, {
    contact,
    trigger: { kind: 'manual', operator: `broadcast ${r.broadcastId}`, data: r.variables },
    triggerNodeId: r.triggerNodeId ?? undefined,
  })
  deps.started?.(flow.id, contact.id, step.state.id)
  const runId = step.state.id
  const error = step.state.status === 'failed' ? step.state.error : null
  if (error) {
    const reason = { code: error.code, message: error.message }
    // Blocked only when nothing reached the customer: the very first message was refused (manual.trigger's rule).
    if (BLOCKING.has(error.code) && step.messages.length === 0) return { state: 'blocked', runId, ...who, reason }
    return { state: 'failed', runId, ...who, reason }
  }
  const templates = templateCosts(step.trace, deps.rule(), open)
  return {
    state: 'sent',
    runId,
    ...who,
    cost: templates.reduce((n, t) => n + t.credits, 0),
    templates: templates.map((t) => t.name),
    newConversation: !open,
  }
}
