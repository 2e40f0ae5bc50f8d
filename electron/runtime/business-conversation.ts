// Which writes of a contact's transaction open a new business-initiated conversation (docs/runtime.md, "Broadcasts:
// the engine", "Daily limit"): a template queued for a contact outside their 24-hour window, whatever queued it: a
// broadcast, a webhook (API) start, a run woken later, a person's reply. The channel's daily limit counts the distinct
// customers such conversations were opened with in a rolling 24 hours; both stores record each opening in the
// same transaction as the message (migration 031, `business_conversations`), so the count is what was queued.
import { WINDOW_MS } from '../../shared/engine/limits'
import type { Contact } from '../../shared/engine'
import type { ContactWrites } from './store'

/**
 * When these writes open a business-initiated conversation with `contact`, the instant they do (the step's, or the
 * person's reply's); null otherwise. A contact who wrote in the last 24 hours (or in this very transaction) is inside
 * their window: what the business sends then is no new conversation.
 */
export function opensConversation(contact: Pick<Contact, 'lastInboundAt'>, writes: ContactWrites): number | null {
  if (writes.touchInboundAt != null) return null
  const closed = (at: number) => contact.lastInboundAt == null || at - contact.lastInboundAt >= WINDOW_MS
  for (const { step } of writes.steps)
    if (step.messages.some((m) => m.type === 'template') && closed(step.state.updatedAt)) return step.state.updatedAt
  const reply = writes.personReply
  if (reply && reply.message.type === 'template' && closed(reply.at)) return reply.at
  return null
}

/**
 * The upsert both stores run (SQLite and PostgreSQL spell it alike): a contact's row moves to the new opening only
 * when the conversation before it has run its 24 hours; inside it, sending another template opens nothing.
 */
export const OPEN_CONVERSATION_SQL = (contactId: string, at: string) => `
  INSERT INTO business_conversations (contact_id, opened_at) VALUES (${contactId}, ${at})
  ON CONFLICT (contact_id) DO UPDATE SET opened_at = excluded.opened_at
  WHERE business_conversations.opened_at <= excluded.opened_at - ${WINDOW_MS}`
