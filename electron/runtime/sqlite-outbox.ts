// The SQLite store's outbox statements (runtime_outbox is studio migration 012). One process owns
// the file (SQLite's exclusive lock), so no other process can be sending: leases are kept in this process's memory
// only, and a claim is a read, not a write transaction of its own. A process that dies takes its leases with it,
// which is what the restarted one needs (it sends whatever is still pending). The writes (sent, retry, failed) are
// made by the store inside its group commit; a lease is dropped once the write that ends it has committed, so a
// claim in between never takes a message whose 'sent' mark is still on its way. As on PostgreSQL, a step whose
// contact has nothing unsent before its messages leases them to the sender as it writes them, and a sent mark says
// whether anything of its contacts waits unheld behind: the sender then claims only when something needs it (a
// claim cost 0.1-0.3 ms; one after every commit and every chain took 35-40 % of serve's CPU per webhook request at
// one connection).
import type { Database, Statement } from 'better-sqlite3'
import type { Contact, StepResult } from '../../shared/engine'
import type { FlowDocument } from '../../shared/flow/document'
import { CHAINS, envelopeOf, HEADS, toDeliveryFailure, toItem, type DeliveryRow, type OutboxRow } from './outbox-rows'
import type { DeliveryFailure, OutboxEntry, OutboxItem } from './store'

export class SqliteOutbox {
  private readonly sql: Record<
    'insert' | 'unsent' | 'any' | 'claim' | 'sent' | 'waiting' | 'chain' | 'retry' | 'failed' | 'failure',
    Statement
  >
  /** Claimed messages (seq) and until when: another claim skips them until then, as another instance would. */
  private readonly leases = new Map<number, number>()

  constructor(private readonly db: Database) {
    // Leases written by versions that kept them in the file.
    db.prepare("UPDATE runtime_outbox SET lease_until = 0 WHERE status = 'pending' AND lease_until > 0").run()
    this.sql = {
      insert: db.prepare(
        'INSERT INTO runtime_outbox (id, run_id, flow_id, contact_id, phone, message, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
      ),
      unsent: db.prepare("SELECT 1 FROM runtime_outbox WHERE contact_id = ? AND status = 'pending' LIMIT 1").pluck(),
      // The sender claims after every commit and every delivery; mostly nothing unleased is due (the outbox is
      // drained): this probe of the pending rows answers that for a fraction of the claim query's cost.
      any: db
        .prepare(
          "SELECT 1 FROM runtime_outbox WHERE status = 'pending' AND next_at <= @now AND seq NOT IN (SELECT value FROM json_each(@leased)) LIMIT 1",
        )
        .pluck(),
      claim: db.prepare(`
        WITH ready AS (SELECT o.seq, o.contact_id FROM (${HEADS('runtime_outbox')}) h JOIN runtime_outbox o ON o.seq = h.seq
                        WHERE o.next_at <= @now AND o.seq NOT IN (SELECT value FROM json_each(@leased)) ORDER BY o.seq LIMIT @limit)
        SELECT * FROM runtime_outbox WHERE seq IN (${CHAINS('runtime_outbox', '@perContact')}) ORDER BY seq`),
      sent: db
        .prepare(
          "UPDATE runtime_outbox SET status = 'sent', attempts = attempts + 1, lease_until = 0, done_at = ?, channel_id = ? WHERE seq = ? AND status = 'pending' RETURNING contact_id",
        )
        .pluck(),
      waiting: db
        .prepare("SELECT seq FROM runtime_outbox WHERE contact_id = ? AND status = 'pending' AND next_at <= ?")
        .pluck(),
      chain: db.prepare(
        "SELECT * FROM runtime_outbox WHERE contact_id = ? AND status = 'pending' ORDER BY seq LIMIT ?",
      ),
      retry: db.prepare(
        "UPDATE runtime_outbox SET attempts = ?, next_at = ?, lease_until = 0, last_error = ? WHERE seq = ? AND status = 'pending'",
      ),
      failed: db.prepare(
        "UPDATE runtime_outbox SET status = 'failed', attempts = ?, lease_until = 0, last_error = ?, done_at = ? WHERE seq = ? AND status = 'pending'",
      ),
      failure: db.prepare(
        'INSERT INTO runtime_deliveries (run_id, contact_id, message, adapter, attempts, error, at) VALUES (?, ?, ?, ?, ?, ?, ?)',
      ),
    }
  }

  /**
   * Inside the step's transaction: one row per outbound message of each step, in the order they were sent. With
   * `leaseUntil` (ContactWrites.leaseOutbound), when none of the contact's messages is unsent before them, they are
   * leased to this process's sender until then and returned in order, as a claim would return them; the store
   * hands them over only once the transaction has committed, and drops the leases if it did not.
   */
  write(
    contact: Contact,
    steps: Array<{ flow: Pick<FlowDocument, 'id'>; step: StepResult }>,
    leaseUntil = 0,
  ): OutboxItem[] {
    const lease = leaseUntil > 0 && this.sql.unsent.get(contact.id) === undefined
    const items: OutboxItem[] = []
    for (const { flow, step } of steps) {
      const s = step.state
      for (const m of step.messages) {
        const envelope = envelopeOf(flow.id, s, contact.phone, m)
        const { lastInsertRowid } = this.sql.insert.run(
          envelope.id,
          s.id,
          flow.id,
          s.contactId,
          contact.phone,
          JSON.stringify(m),
          s.updatedAt,
        )
        if (lease) items.push({ seq: Number(lastInsertRowid), contactId: s.contactId, attempts: 0, envelope })
      }
    }
    for (const i of items) this.leases.set(i.seq, leaseUntil)
    return items
  }

  claim(now: number, leaseMs: number, limit: number, perContact: number): OutboxItem[] {
    for (const [seq, until] of this.leases) if (until <= now) this.leases.delete(seq)
    const leased = JSON.stringify([...this.leases.keys()])
    if (this.sql.any.get({ now, leased }) === undefined) return []
    const rows = this.sql.claim.all({ now, limit, perContact, leased }) as OutboxRow[]
    for (const r of rows) this.leases.set(r.seq, now + leaseMs)
    return rows.map(toItem)
  }

  /**
   * One contact's chain, leased as `claim` would lease it (its oldest pending message, due and held by no lease,
   * then the pending ones after it, `perContact` in all); [] when nothing is pending, null when the oldest is held
   * or not yet due (a claim, or the holder's end, decides). Called once no transaction is open, as `claim`.
   */
  chainOf(contactId: string, now: number, leaseMs: number, perContact: number): OutboxItem[] | null {
    const rows = this.sql.chain.all(contactId, perContact) as Array<OutboxRow & { next_at: number }>
    const head = rows[0]
    if (!head) return []
    if ((this.leases.get(head.seq) ?? 0) > now || head.next_at > now) return null
    for (const r of rows) this.leases.set(r.seq, now + leaseMs)
    return rows.map(toItem)
  }

  /** Ends these leases: the messages were given back, or the write that settled them has committed. */
  unlease(seqs: number[]): void {
    for (const seq of seqs) this.leases.delete(seq)
  }

  /**
   * Inside a transaction (the store's group commit); `channelIds[i]` is the channel's id of `seqs[i]`. Answers
   * whether unsent messages of their contacts wait that no lease holds and are due: written behind this chain
   * while it was being sent, so they need a claim now.
   */
  sent(seqs: number[], at: number, channelIds: Array<string | null> = []): boolean {
    const contacts = new Set<string>()
    seqs.forEach((seq, i) => {
      const contact = this.sql.sent.get(at, channelIds[i] ?? null, seq) as string | undefined
      if (contact !== undefined) contacts.add(contact)
    })
    for (const contact of contacts)
      for (const seq of this.sql.waiting.all(contact, at) as number[])
        if (!seqs.includes(seq) && (this.leases.get(seq) ?? 0) <= at) return true
    return false
  }

  retry(seq: number, attempts: number, nextAt: number, error: string): void {
    this.sql.retry.run(attempts, nextAt, error, seq)
  }

  /** Inside a transaction (the store's group commit). */
  failed(seq: number, f: DeliveryFailure): void {
    const { changes } = this.sql.failed.run(f.attempts, f.error, f.at, seq)
    // A reply with no run (a person's, to a customer who only wrote) fails on its outbox row only: no run to list it.
    if (changes && f.runId !== null)
      this.sql.failure.run(f.runId, f.contactId, JSON.stringify(f.message), f.adapter, f.attempts, f.error, f.at)
  }

  failures(runId: string): DeliveryFailure[] {
    const rows = this.db
      .prepare('SELECT * FROM runtime_deliveries WHERE run_id = ? ORDER BY rowid')
      .all(runId) as DeliveryRow[]
    return rows.map(toDeliveryFailure)
  }

  entries(runId: string): OutboxEntry[] {
    const rows = this.db
      .prepare('SELECT id, status, attempts, last_error FROM runtime_outbox WHERE run_id = ? ORDER BY seq')
      .all(runId) as Array<{
      id: string
      status: OutboxEntry['status']
      attempts: number
      last_error: string | null
    }>
    return rows.map((r) => ({ id: r.id, status: r.status, attempts: r.attempts, lastError: r.last_error }))
  }
}
