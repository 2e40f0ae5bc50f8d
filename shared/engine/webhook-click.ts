// A webhook request's `button_id` is a simulated button click (spec, "Webhook trigger": button_id "simulated button
// click"; docs/webhook.md). It sets {{button_id}} and the _last_button_* variables like a tap, and it answers a
// paused Interactive node of the same flow that offers that button (shared/engine/core/route.ts).
import type { FlowDocument, FlowNode } from '../flow/document'
import { bound } from '../nodes/behaviour-of'
import type { InboundEvent, TriggerInput } from './types'

/** The tap a webhook request stands for; null when it carries no button_id. */
export function webhookClick(
  flow: Pick<FlowDocument, 'nodes'>,
  trigger: TriggerInput,
): (InboundEvent & { type: 'button_reply' }) | null {
  if (trigger.kind !== 'webhook' || !trigger.button_id) return null
  const id = trigger.button_id
  return {
    type: 'button_reply',
    reply: { id, title: buttonTitle(flow, id) ?? id },
    ...(trigger.message_id ? { id: trigger.message_id } : {}),
  }
}

/** Whether this node shows a reply button with this id: only such a node can be answered by a simulated click. */
export function offersButton(node: Pick<FlowNode, 'type' | 'config'>, id: string): boolean {
  return buttonOf(node, id) !== undefined
}

/**
 * The label a person would have tapped: the first reply button of the flow with this id. A request names no title,
 * and {{_last_button_text}} is the visible label; with no such button the id stands in for it.
 */
function buttonTitle(flow: Pick<FlowDocument, 'nodes'>, id: string): string | undefined {
  for (const node of flow.nodes) {
    const button = buttonOf(node, id)
    if (button) return button.title
  }
  return undefined
}

/** The reply button with this id among those the node shows (NodeAnswers.buttons). */
function buttonOf(node: Pick<FlowNode, 'type' | 'config'>, id: string) {
  const b = bound(node, (x) => x.answers?.buttons)
  return b ? b.decl(b.config).find((x) => x.id === id) : undefined
}
