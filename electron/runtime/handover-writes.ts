// What a contact's step writes of a takeover, beside its runs (docs/runtime.md, "Human takeover"), from the core's
// answer: the takeovers started or ended (handoverChanges: the event's, a Hand over node's), the customer's message held in the transcript while the
// contact is with a person (rule 14: nothing routed, the message kept), and the notification to send, built here
// under the contact's lock so that it is committed with the takeover and every attempt POSTs the same bytes.
import type { ConversationEvent, Handled, Handover } from '../../shared/engine'
import { handoverChanges } from '../../shared/engine/core/handle'
import {
  endedNotice,
  messageText,
  NOTICE_MESSAGES,
  startedNotice,
  type HandoverNotice,
  type NoticeMessage,
} from './handover-notice'
import type { ContactTx, ContactWrites } from './store'

/** Whether notifications are sent, and where the publish API's links point. */
export interface NoticeSettings {
  apiBase: string | null
}

/** A Hand over node set to `notify: false` starts its takeover quietly (a callee's node is not read: it notifies). */
function notifies(handled: Handled, start: Handover): boolean {
  const node = handled.ran?.flow.nodes.find((n) => n.id === start.nodeId)
  return (node?.config as { notify?: boolean } | undefined)?.notify !== false
}

export async function takeoverWrites(
  tx: ContactTx,
  handled: Handled,
  event: ConversationEvent,
  now: number,
  notices: NoticeSettings | null,
): Promise<Pick<ContactWrites, 'handovers' | 'transcript' | 'notifications'>> {
  const out: Pick<ContactWrites, 'handovers' | 'transcript' | 'notifications'> = {}
  const ignored = handled.ignored
  if (event.kind === 'message' && ignored?.reason === 'with_person')
    out.transcript = [{ handoverId: ignored.handoverId, at: now, direction: 'in', message: event.message }]
  const changes = handoverChanges(handled)
  if (!changes.length) return out
  out.handovers = changes
  if (!notices) return out
  // The takeovers known in this transaction: the contact's open one, and any a change here started.
  const known = new Map<string, Handover>()
  if (tx.contact.handover) known.set(tx.contact.handover.id, tx.contact.handover)
  const notifications: HandoverNotice[] = []
  for (const change of changes) {
    if ('end' in change) {
      const ended = known.get(change.end.handoverId)
      if (ended) notifications.push(endedNotice(ended, change.end))
      continue
    }
    const start = change.start
    known.set(start.id, start)
    if (!notifies(handled, start)) continue
    const flow = start.flowId ? handled.steps.find((s) => s.flow.id === start.flowId)?.flow : undefined
    // The stored messages, then this event's own (the message that led here, what the Hand over node sent).
    const mine: NoticeMessage[] = handled.steps.flatMap(({ step }) => [
      ...(step.inbound
        ? [{ at: step.state.updatedAt, direction: 'in' as const, text: messageText('in', step.inbound) }]
        : []),
      ...step.messages.map((m) => ({
        at: step.state.updatedAt,
        direction: 'out' as const,
        text: messageText('out', m),
      })),
    ])
    const lastMessages = [...(await tx.recentMessages(NOTICE_MESSAGES)), ...mine].slice(-NOTICE_MESSAGES)
    notifications.push(
      startedNotice({
        handover: start,
        contact: tx.contact,
        flow: flow ? { id: flow.id, name: flow.name } : start.flowId ? { id: start.flowId, name: start.flowId } : null,
        lastMessages,
        apiBase: notices.apiBase,
      }),
    )
  }
  if (notifications.length) out.notifications = notifications
  return out
}
