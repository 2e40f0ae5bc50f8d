// A contact's step in SQLite, as pg-step.ts is in PostgreSQL: the processed message ids it reads, and every row the
// step writes (runs, trace and messages through RunStore, the outbox, the message id, the customer's last message
// time), inside the store's group commit.
import type { Database, Statement } from 'better-sqlite3'
import type { Contact } from '../../shared/engine'
import { contactLanguageOf } from '../../shared/engine/core'
import type { ContactStore, RunStore } from '../services/runs'
import type { SqliteOutbox } from './sqlite-outbox'
import type { SqliteHandovers } from './sqlite-handovers'
import type { SqliteSplits } from './sqlite-splits'
import { writeRecipient } from '../services/broadcast/sqlite-broadcasts'
import type { ContactWrites, InboundRecord, OutboxItem } from './store'
import { OPEN_CONVERSATION_SQL, opensConversation } from './business-conversation'
import type { TrafficBatch } from '../services/traffic/run-traffic'

export class SqliteStep {
  // Read and written on every message: prepared once.
  private readonly sql: Record<'inbound' | 'record' | 'conversation', Statement>

  constructor(
    private readonly db: Database,
    private readonly runStore: RunStore,
    private readonly contactStore: ContactStore,
    private readonly out: SqliteOutbox,
    private readonly handovers: SqliteHandovers,
    private readonly splits: SqliteSplits,
  ) {
    this.sql = {
      inbound: db.prepare('SELECT * FROM runtime_inbound WHERE message_id = ?'),
      record: db.prepare(
        'INSERT INTO runtime_inbound (message_id, contact_id, action, run_id, received_at) VALUES (?, ?, ?, ?, ?)',
      ),
      conversation: db.prepare(OPEN_CONVERSATION_SQL('?', '?')),
    }
  }

  /**
   * Runs inside the group commit's transaction (its own savepoint): all of it is kept, or none. Returns the
   * outbound messages it leased to this process's sender (SqliteOutbox.write), and the steps' traffic counts, which
   * the store adds to the aggregates once per transaction, before its commit (sqlite-store.ts).
   */
  write(contact: Contact, writes: ContactWrites): { leased: OutboxItem[]; traffic: TrafficBatch | null } {
    // First: a recipient another start took throws before anything of this step is written.
    if (writes.broadcastRecipient) writeRecipient(this.db, writes.broadcastRecipient)
    const traffic = this.runStore.writeSteps(writes.steps)
    const leased = this.out.write(contact, writes.steps, writes.leaseOutbound?.until)
    const r = writes.inbound
    if (r) this.sql.record.run(r.messageId, r.contactId, r.action, r.runId, r.receivedAt)
    if (writes.touchInboundAt !== undefined) this.contactStore.touchInbound(contact.id, writes.touchInboundAt)
    // A template to a contact outside their window opens a business-initiated conversation (the daily limit's count).
    const opened = opensConversation(contact, writes)
    if (opened !== null) this.sql.conversation.run(contact.id, opened)
    // A Set Language node changed the run's language: kept with the step, so the contact's next run starts in it.
    const language = contactLanguageOf(writes.steps)
    if (language) this.contactStore.update(contact.id, { language })
    if (writes.handovers?.length || writes.transcript?.length || writes.personReply || writes.notifications?.length)
      this.handovers.write(contact, writes)
    if (writes.assign?.length)
      this.splits.assign(contact.id, writes.assign, writes.steps.at(-1)?.step.state.updatedAt ?? 0)
    return { leased, traffic }
  }

  /** The answer given to this message id before, if it was processed already. */
  seen(messageId: string): InboundRecord | null {
    const row = this.sql.inbound.get(messageId) as
      | {
          message_id: string
          contact_id: string
          action: InboundRecord['action']
          run_id: string | null
          received_at: number
        }
      | undefined
    return row
      ? {
          messageId: row.message_id,
          contactId: row.contact_id,
          action: row.action,
          runId: row.run_id,
          receivedAt: row.received_at,
        }
      : null
  }
}
